package io.drivelab.ui.plan;

import java.util.Optional;

import io.drivelab.engine.CpuList;
import io.drivelab.ui.common.Messages;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The CPUs a run keeps its jobs to, as typed in fio's list syntax ("1", "0-3", "0,2"); empty leaves them to the
 * scheduler, the default (docs/engine.md, "QD1 latency": keeping to one CPU halved 128K QD1 writes on a file in one
 * placement). Not offered while a remote host is ticked: its CPUs are that machine's.
 */
public final class CpuChoice {
    /** What the field does, for its tooltip. */
    public static final String ABOUT = "Keeps every job of the run, and the kernel workers it hands I/O to, to these "
            + "CPUs (fio's cpus_allowed: 1, 0-3, 0,2). Empty leaves them to the scheduler, the default: keeping to "
            + "CPUs can halve some workloads, depending on the CPU they land on.";
    /** Why the field is not offered, for its tooltip and hint. */
    public static final String NOT_FOR_REMOTE = "Not for a remote host: its CPUs are that machine's, which this one "
            + "cannot check. Untick the remote host to keep a run to CPUs.";

    private final StringProperty text = new SimpleStringProperty("");
    private final BooleanProperty offered = new SimpleBooleanProperty(true);

    /** The list as typed; "" (or blanks) for none. */
    public StringProperty textProperty() {
        return text;
    }

    /** Whether the CPUs may be chosen: false while a remote host is among the ticked targets. */
    public BooleanProperty offeredProperty() {
        return offered;
    }

    /** Why the CPUs typed cannot be used (not a list, a CPU this process may not use), or empty. */
    public Optional<String> problem() {
        try {
            chosen();
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(Messages.sentence("CPUs: " + e.getMessage()));
        }
    }

    /**
     * The CPUs to keep the run to, or null: none typed, or not offered (a disabled field's value does not apply).
     *
     * @throws IllegalArgumentException what {@link #problem()} says
     */
    public CpuList chosen() {
        String typed = typed();
        return typed.isEmpty() || !offered.get() ? null : CpuList.usable(typed);
    }

    /** The list as remembered: null for none. */
    public String remembered() {
        String typed = typed();
        return typed.isEmpty() ? null : typed;
    }

    private String typed() {
        return text.get() == null ? "" : text.get().strip();
    }
}
