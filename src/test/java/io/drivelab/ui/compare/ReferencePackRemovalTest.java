package io.drivelab.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.IntegrationTest;
import io.drivelab.reference.ReferencePacks;
import io.drivelab.reference.ReferencePacksTest;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Compare's reference-drive list on headless Monocle: a pack's drive says so and leaves only when confirmed. */
@IntegrationTest
class ReferencePackRemovalTest {
    private static final String ACME = "Acme X9 2TB";

    @TempDir
    Path dir;
    private Store store;
    private ReferenceDrivesViewModel references;
    private ListView<ReferenceDrivesViewModel.DriveChoice> drives;
    private final FxRobot robot = new FxRobot();

    @SuppressWarnings("unchecked")
    @BeforeEach
    void aPackInTheLibrary() throws Exception {
        store = Store.open(dir.resolve("drivelab.db"));
        ReferenceStore.sync(store);
        ReferencePacks.add(store, "acme.json", ReferencePacksTest.PACK);
        references = new ReferenceDrivesViewModel(new DirectTasks(), ReferenceDrivesViewModel.Library.in(store));
        references.load(List.of());
        CompareViewModel model = new CompareViewModel(new DirectTasks(), store, references);
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(stage -> {
            stage.setScene(new Scene(new CompareView(model), 1000, 700));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        drives = robot.lookup("#compare-drives").queryAs(ListView.class);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        store.close();
    }

    private void select(String name) {
        robot.interact(() -> drives.getSelectionModel().select(drives.getItems().stream()
                .filter(d -> d.name().equals(name)).findFirst().orElseThrow()));
    }

    private boolean listed(String name) {
        return drives.getItems().stream().anyMatch(d -> d.name().equals(name));
    }

    private void answer(ButtonType button) {
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.clickOn((Node) dialog.lookupButton(button));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aPacksDriveIsRemovedOnlyWhenTheUserConfirms() {
        Button remove = robot.lookup("#remove-pack").queryAs(Button.class);
        select(drives.getItems().get(0).name());
        assertTrue(remove.isDisabled(), "a shipped drive cannot be removed");

        select(ACME);
        assertTrue(!remove.isDisabled(), "an added pack's drive can be removed");
        robot.clickOn(remove);
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertEquals("Remove the reference pack acme.json?", dialog.getHeaderText());
        answer(ButtonType.CANCEL);
        assertTrue(listed(ACME), "cancelled: the drive stays");
        assertEquals(List.of("acme.json"), ReferencePacks.names(store));

        select(ACME);
        robot.clickOn(remove);
        WaitForAsyncUtils.waitForFxEvents();
        answer(ButtonType.OK);
        assertTrue(!listed(ACME), "confirmed: the drive leaves the list");
        assertEquals(List.of(), ReferencePacks.names(store));
        assertTrue(listed(drives.getItems().get(0).name()));
    }

    @Test
    void theListShowsWhereEachDriveComesFrom() {
        for (ReferenceDrivesViewModel.DriveChoice drive : List.of(drives.getItems().get(0), drives.getItems()
                .stream().filter(d -> d.name().equals(ACME)).findFirst().orElseThrow())) {
            robot.interact(() -> drives.scrollTo(drive));
            String expected = drive.name() + "\n" + drive.origin();
            assertTrue(robot.lookup("#compare-drives .list-cell").queryAllAs(ListCell.class).stream()
                    .anyMatch(c -> expected.equals(c.getText())), "no cell says " + expected);
        }
        assertEquals("pack acme.json", drives.getItems().stream().filter(d -> d.name().equals(ACME)).findFirst()
                .orElseThrow().origin());
    }
}
