package io.drivelab.ui.compare;

import static io.drivelab.ui.FxWait.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.drivelab.IntegrationTest;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.TinyRuns;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.scene.Node;
import javafx.scene.Scene;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/** Compare's panels on headless Monocle: built for what is on screen, not for a tab the user is not looking at. */
@IntegrationTest
class CompareViewTest {
    private final FxRobot robot = new FxRobot();

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    /** Before: every new comparison rebuilt the hidden tab's charts and table (150-230 ms at a run's start). */
    @Test
    void aComparisonMadeWhileTheViewIsHiddenIsBuiltWhenItShows(@TempDir Path dir) throws Exception {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TinyRuns.twoPoints(store, dir);
            var references = new ReferenceDrivesViewModel(new DirectTasks(),
                    () -> LibraryCurves.of(ReferenceLibrary.shipped()));
            references.load(Set.of());
            CompareViewModel model = new CompareViewModel(new DirectTasks(), store, references);
            FxToolkit.registerPrimaryStage();
            CompareView[] view = new CompareView[1];
            FxToolkit.setupStage(stage -> {
                view[0] = new CompareView(model);
                stage.setScene(new Scene(view[0], 1000, 700));
                stage.show();
            });
            robot.interact(model::refresh);
            List<ChartViewer> first = fx(() -> viewers(view[0]));
            assertTrue(!first.isEmpty(), "the newest run's charts");

            robot.interact(() -> {
                view[0].showingProperty().set(false);
                references.drives().forEach(d -> d.chosen().set(true));
            });
            assertEquals(first, fx(() -> viewers(view[0])), "not rebuilt while hidden");

            robot.interact(() -> view[0].showingProperty().set(true));
            List<ChartViewer> shown = fx(() -> viewers(view[0]));
            assertNotEquals(first, shown, "built once it shows");
            int legendBefore = legendItems(first);
            assertTrue(legendItems(shown) > legendBefore, "with the drives ticked meanwhile: " + legendItems(shown)
                    + " legend items, " + legendBefore + " before");

            robot.interact(() -> view[0].showingProperty().set(false));
            robot.interact(() -> view[0].showingProperty().set(true));
            assertEquals(shown, fx(() -> viewers(view[0])), "the same comparison is not built again");
        }
    }

    /** Before: a run `drivelab` stored while Compare was on screen was listed only once another tab was chosen. */
    @Test
    void aRunStoredWhileCompareIsOnScreenIsListedByItsRefreshButton(@TempDir Path dir) throws Exception {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long first = TinyRuns.twoPoints(store, dir);
            var references = new ReferenceDrivesViewModel(new DirectTasks(),
                    () -> LibraryCurves.of(ReferenceLibrary.shipped()));
            CompareViewModel model = new CompareViewModel(new DirectTasks(), store, references);
            FxToolkit.registerPrimaryStage();
            FxToolkit.setupStage(stage -> {
                stage.setScene(new Scene(new CompareView(model), 1000, 700));
                stage.show();
            });
            robot.interact(model::refresh);
            assertEquals(List.of(first), fx(() -> model.runs().stream().map(r -> r.run().id()).toList()));

            long stored = TinyRuns.fourPoints(store, dir);  // as `drivelab run` stores one beside the window
            robot.clickOn("#compare-refresh");
            assertEquals(List.of(stored, first), fx(() -> model.runs().stream().map(r -> r.run().id()).toList()),
                    "listed, newest first");
            assertEquals(List.of(first), fx(model::chosenRunIds), "what was ticked stays ticked");
        }
    }

    private static List<ChartViewer> viewers(Node view) {
        return view.lookupAll("ChartViewer").stream().map(n -> (ChartViewer) n).toList();
    }

    private static int legendItems(List<ChartViewer> viewers) {
        return viewers.stream().mapToInt(v -> v.getChart().getPlot().getLegendItems().getItemCount()).sum();
    }
}
