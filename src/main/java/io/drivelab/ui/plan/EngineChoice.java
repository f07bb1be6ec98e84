package io.drivelab.ui.plan;

import java.util.Optional;
import java.util.concurrent.Callable;

import io.drivelab.fio.FioBinary;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * What measures each point: DriveLab's engine (the default) or the installed fio, which must be 3.29 or later. fio
 * is looked for off the UI thread; until it is found, or when it cannot be used, the fio choice says why. Remote
 * hosts are always measured by fio (their fio servers, through fio here).
 */
public final class EngineChoice {
    /** The engines a plan can be measured with. */
    public enum Engine {
        DRIVELAB("DriveLab's engine"), FIO("fio");

        private final String label;

        Engine(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The engine a remembered name names; DriveLab's for none or an unknown one. */
        public static Engine named(String name) {
            return "fio".equalsIgnoreCase(name) ? FIO : DRIVELAB;
        }

        /** The name remembered: "drivelab", "fio". */
        public String remembered() {
            return this == FIO ? "fio" : "drivelab";
        }
    }

    private final ObjectProperty<Engine> chosen = new SimpleObjectProperty<>(Engine.DRIVELAB);
    private final ReadOnlyObjectWrapper<FioBinary> fio = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper fioProblem = new ReadOnlyStringWrapper("Looking for fio…");

    /** The engine chosen; set to fio only once fio is found (a remembered fio choice waits for the look-up). */
    public ObjectProperty<Engine> chosenProperty() {
        return chosen;
    }

    /** The fio found, or null while none is (yet). */
    public ReadOnlyObjectProperty<FioBinary> fioProperty() {
        return fio.getReadOnlyProperty();
    }

    /** Why fio cannot be chosen ("" when it can): not looked for yet, not installed, too old. */
    public ReadOnlyStringProperty fioProblemProperty() {
        return fioProblem.getReadOnlyProperty();
    }

    /** Looks for fio off the UI thread ({@code locate}: {@link FioBinary#locate()}), then allows or explains it. */
    public void lookForFio(Tasks tasks, Callable<FioBinary> locate) {
        tasks.create(locate).onSuccess(found -> {
            fioProblem.set("");
            fio.set(found);
        }).onError(e -> {
            fio.set(null);
            fioProblem.set(Messages.sentence(Messages.of(e)));
            chosen.set(Engine.DRIVELAB);
        }).start();
    }

    /** "fio-3.33 at /usr/bin/fio", or why fio cannot measure. */
    public String describeFio() {
        FioBinary f = fio.get();
        return f == null ? fioProblem.get() : f.version() + " at " + f.path();
    }

    /**
     * Why the plan cannot be measured as chosen, or empty.
     *
     * @param remoteTicked whether a remote host is among the ticked targets (only fio measures there)
     */
    public Optional<String> problem(boolean remoteTicked) {
        if (chosen.get() == Engine.FIO && fio.get() == null) {
            return Optional.of(fioProblem.get());
        }
        if (remoteTicked && chosen.get() != Engine.FIO) {
            return Optional.of("A remote host is measured by its fio server: choose fio as the engine in the plan, "
                    + "or untick the remote host.");
        }
        return Optional.empty();
    }

    /** The fio that measures, or null for DriveLab's engine. */
    public FioBinary measuredBy() {
        return chosen.get() == Engine.FIO ? fio.get() : null;
    }
}
