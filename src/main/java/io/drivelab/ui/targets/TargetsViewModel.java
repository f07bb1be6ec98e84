package io.drivelab.ui.targets;

import java.util.List;
import java.util.Optional;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.run.RunSession;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The targets column: a test file (ticked by default, the safe choice) and the drives device discovery finds,
 * each with its badge. The list reports a change whenever a target is ticked or the test file is edited.
 */
public final class TargetsViewModel {
    private final Tasks tasks;
    private final DeviceDiscovery discovery;
    private final Target.TestFile testFile;
    private final ObservableList<Target> targets = FXCollections.observableArrayList(Target::observables);
    private final ReadOnlyStringWrapper drivesMessage = new ReadOnlyStringWrapper("Looking for drives…");
    private final ObjectProperty<RunSession.Order> order = new SimpleObjectProperty<>(
            RunSession.Order.ONE_AFTER_ANOTHER);

    public TargetsViewModel(Tasks tasks, DeviceDiscovery discovery, String folder, String size) {
        this.tasks = tasks;
        this.discovery = discovery;
        this.testFile = new Target.TestFile(folder, size);
        targets.add(testFile);
    }

    public ObservableList<Target> targets() {
        return targets;
    }

    public Target.TestFile testFile() {
        return testFile;
    }

    /** Whether the ticked targets run one after another or at the same time (point by point together). */
    public ObjectProperty<RunSession.Order> orderProperty() {
        return order;
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
        targets.remove(1, targets.size());
        for (BlockDevice device : devices) {
            Target.Drive drive = new Target.Drive(device);
            drive.selectedProperty().set(ticked.contains(device.devPath().toString()));
            targets.add(drive);
        }
        drivesMessage.set(devices.isEmpty() ? "No drives found" : devices.size() == 1 ? "1 drive"
                : devices.size() + " drives");
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
        if (testFile.isSelected()) {
            try {
                testFile.sizeBytes();
            } catch (IllegalArgumentException e) {
                return Optional.of(Messages.sentence(e.getMessage()));
            }
            if (testFile.folderProperty().get() == null || testFile.folderProperty().get().isBlank()) {
                return Optional.of("Choose a folder for the test file.");
            }
        }
        return Optional.empty();
    }
}
