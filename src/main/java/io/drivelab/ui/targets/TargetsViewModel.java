package io.drivelab.ui.targets;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.fio.FioBinary;
import io.drivelab.fio.FioHost;
import io.drivelab.fio.FioServerProbe;
import io.drivelab.run.RunSession;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The targets column: a test file (ticked by default, the safe choice), the remote hosts the user added (a file or
 * device on each, measured through its fio server), and the drives device discovery finds, each with its badge.
 * The list reports a change whenever a target is ticked or the test file is edited. With several ticked, they run
 * one after another or at the same time, and at the same time one failing may stop the others.
 */
public final class TargetsViewModel {
    /** A remote host as remembered: HOST or HOST:PORT as typed, the path there, and whether it is ticked. */
    public record RemoteHost(String host, String path, boolean ticked) {
    }

    private final Tasks tasks;
    private final DeviceDiscovery discovery;
    private final Target.TestFile testFile;
    private final ObservableList<Target> targets = FXCollections.observableArrayList(Target::observables);
    private final ReadOnlyStringWrapper drivesMessage = new ReadOnlyStringWrapper("Looking for drives…");
    private final ObjectProperty<RunSession.Order> order = new SimpleObjectProperty<>(
            RunSession.Order.ONE_AFTER_ANOTHER);
    private final BooleanProperty stopOthersOnFailure = new SimpleBooleanProperty();
    private final ReadOnlyObjectWrapper<Set<Path>> testing = new ReadOnlyObjectWrapper<>(Set.of());
    private final BooleanBinding together = Bindings.createBooleanBinding(
            () -> order.get() == RunSession.Order.TOGETHER && selected().size() > 1, order, targets);

    public TargetsViewModel(Tasks tasks, DeviceDiscovery discovery, String folder, String size) {
        this.tasks = tasks;
        this.discovery = discovery;
        this.testFile = new Target.TestFile(folder, size);
        targets.add(testFile);
        // /tmp is a tmpfs on many distributions: a test file there measured RAM without a word
        testFile.folderProperty().addListener((o, was, now) -> lookWhereTheTestFileIs());
        lookWhereTheTestFileIs();
    }

    /** Whether the test file's folder is kept in RAM, asked off the UI thread (a mount may be slow to answer). */
    private void lookWhereTheTestFileIs() {
        String asked = testFile.folderProperty().get();
        Path file = testFile.path();
        tasks.create(() -> Target.TestFile.inMemoryNote(file))
                .onSuccess(note -> {
                    // what the user typed since then has its own answer coming
                    if (Objects.equals(asked, testFile.folderProperty().get())) {
                        testFile.inMemory(note);
                    }
                })
                .start();
    }

    public ObservableList<Target> targets() {
        return targets;
    }

    public Target.TestFile testFile() {
        return testFile;
    }

    /**
     * What the test file does to the plan's region while it is ticked: "On the test file: its 256 MiB, not the
     * first 1 GiB the plan says." ("" when it keeps the plan's region, is not ticked, or its size is not one yet).
     */
    public StringBinding regionNote(ObservableValue<TestPlan> plan) {
        return Bindings.createStringBinding(() -> {
            TestPlan p = plan.getValue();
            if (p == null || !testFile.selectedProperty().get()) {
                return "";
            }
            Region own = p.target();
            Region onFile;
            try {
                onFile = testFile.planFor(p).target();
            } catch (IllegalArgumentException e) {
                return "";  // the size field says what is wrong with it
            }
            if (own.sameAs(onFile)) {
                return "";
            }
            String there = onFile.offset() == null || onFile.offset() == 0
                    ? "its " + Region.binary(onFile.size()) : onFile.describe();
            return "On the test file: " + there + ", not " + own.describe() + " the plan says.";
        }, plan, testFile.selectedProperty(), testFile.sizeProperty());
    }

    /** Whether the ticked targets run one after another or at the same time (point by point together). */
    public ObjectProperty<RunSession.Order> orderProperty() {
        return order;
    }

    /** Whether more than one ticked target runs at the same time: only then can one failing stop the others. */
    public BooleanBinding togetherProperty() {
        return together;
    }

    /**
     * Whether, when targets run at the same time and one fails (say its host stops answering), the others are
     * stopped too, each keeping what it measured; by default they go on.
     */
    public BooleanProperty stopOthersOnFailureProperty() {
        return stopOthersOnFailure;
    }

    /** Adds a remote host (HOST or HOST:PORT) with the path of a file or device there, ticked, after the others. */
    public Target.Remote addRemote(String host, String pathThere) {
        Target.Remote remote = new Target.Remote(host, pathThere, testFile);
        targets.add(1 + remotes().size(), remote);
        return remote;
    }

    /**
     * Asks the remote host's fio server, off the UI thread, whether it answers and which fio it runs (about 2 s, no
     * I/O there); the answer shows in {@link Target.Remote#serverProperty()} unless the host was edited meanwhile.
     * A host typed badly is not asked: {@link #problem()} says what is wrong with it.
     */
    public void checkServer(Target.Remote remote) {
        String typed = remote.hostProperty().get();
        FioHost host;
        try {
            host = FioHost.parse(typed == null ? "" : typed);
        } catch (IllegalArgumentException e) {
            remote.server("");
            return;
        }
        remote.server("Asking the fio server on " + host + "…");
        tasks.create(() -> FioServerProbe.probe(FioBinary.locate(), host))
                .onSuccess(answer -> answered(remote, typed, answer.sentence()))
                .onError(e -> answered(remote, typed, "Cannot ask the fio server: " + Messages.of(e)))
                .start();
    }

    private static void answered(Target.Remote remote, String asked, String said) {
        if (Objects.equals(asked, remote.hostProperty().get())) {
            remote.server(said);
        }
    }

    public void removeRemote(Target.Remote remote) {
        targets.remove(remote);
    }

    /** The remote hosts, in list order. */
    public List<Target.Remote> remotes() {
        return targets.stream().filter(t -> t instanceof Target.Remote).map(t -> (Target.Remote) t).toList();
    }

    /** The remote hosts as typed, to remember. */
    public List<RemoteHost> remoteHosts() {
        return remotes().stream().map(r -> new RemoteHost(r.hostProperty().get(), r.pathThereProperty().get(),
                r.isSelected())).toList();
    }

    /** Adds remembered remote hosts as they were typed and ticked (null: none). */
    public void addRemoteHosts(List<RemoteHost> remembered) {
        if (remembered != null) {
            remembered.forEach(h -> addRemote(h.host(), h.path()).selectedProperty().set(h.ticked()));
        }
    }

    /** Whether a remote host is ticked: its run is measured by fio. */
    public boolean remoteTicked() {
        return selected().stream().anyMatch(t -> t instanceof Target.Remote);
    }

    /** "3 drives", "No drives found", or why they cannot be listed. */
    public ReadOnlyStringProperty drivesMessageProperty() {
        return drivesMessage.getReadOnlyProperty();
    }

    /** Lists the drives again (off the UI thread), keeping what was ticked. */
    public void refresh() {
        tasks.create(discovery::list).onSuccess(this::showDrives)
                .onError(e -> drivesMessage.set("Cannot list the drives: " + Messages.of(e))).start();
    }

    private void showDrives(List<BlockDevice> devices) {
        List<String> ticked = targets.stream().filter(t -> t instanceof Target.Drive && t.isSelected())
                .map(t -> t.path().toString()).toList();
        targets.removeIf(t -> t instanceof Target.Drive);
        for (BlockDevice device : devices) {
            Target.Drive drive = new Target.Drive(device);
            drive.selectedProperty().set(ticked.contains(device.devPath().toString()));
            targets.add(drive);
        }
        drivesMessage.set(devices.isEmpty() ? "No drives found" : devices.size() == 1 ? "1 drive"
                : devices.size() + " drives");
    }

    /**
     * Marks the targets this window's run works on until {@code running} turns false: their badge says "testing"
     * (a drive's own state said "free" while the run wrote to it, as nothing else holds it).
     */
    public void testing(Collection<Path> paths, ObservableBooleanValue running) {
        if (!running.get()) {
            return;
        }
        testing.set(Set.copyOf(paths));
        running.addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
                if (!now) {
                    running.removeListener(this);
                    testing.set(Set.of());
                }
            }
        });
    }

    /** The paths of the targets this window's run works on, none between runs. */
    public ReadOnlyObjectProperty<Set<Path>> testingProperty() {
        return testing.getReadOnlyProperty();
    }

    /** The target's badge as the list shows it: "testing" while this window's run works on it. */
    public Target.Badge badgeOf(Target target) {
        return isTesting(target) ? Target.Badge.TESTING : target.badge();
    }

    private boolean isTesting(Target target) {
        try {
            return !testing.get().isEmpty() && testing.get().contains(target.path());
        } catch (IllegalArgumentException e) {
            return false;  // a remote host typed badly names no path, and runs nowhere
        }
    }

    /** Why the badge is what it is, as the list shows it. */
    public String badgeReasonOf(Target target) {
        return badgeOf(target) == Target.Badge.TESTING ? "this window's run is measuring it; Stop ends it"
                : target.badgeReason();
    }

    /** The ticked targets, in list order: the order they run in. */
    public List<Target> selected() {
        return targets.stream().filter(Target::isSelected).toList();
    }

    /** Why no run can start from the targets as they are, or empty. */
    public Optional<String> problem() {
        if (selected().isEmpty()) {
            return Optional.of("Tick a target: the test file or a drive.");
        }
        boolean remoteFile = false;
        Set<Path> seen = new HashSet<>();
        for (Target t : selected()) {
            if (t instanceof Target.Remote remote) {
                if (remote.problem().isPresent()) {
                    return remote.problem();
                }
                remoteFile |= !remote.remote().path().startsWith("/dev/");
                if (!seen.add(remote.path())) {
                    return Optional.of(remote.remote() + " is ticked twice: untick or remove one of them.");
                }
            }
        }
        if (testFile.isSelected() || remoteFile) {
            // a file on a remote host is laid out at the test file's size too
            try {
                testFile.sizeBytes();
            } catch (IllegalArgumentException e) {
                return Optional.of(Messages.sentence(e.getMessage()));
            }
        }
        if (testFile.isSelected() && (testFile.folderProperty().get() == null
                || testFile.folderProperty().get().isBlank())) {
            return Optional.of("Choose a folder for the test file.");
        }
        return Optional.empty();
    }
}
