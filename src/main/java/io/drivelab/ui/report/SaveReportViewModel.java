package io.drivelab.ui.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import io.drivelab.report.Report;
import io.drivelab.report.ReportRenderer;
import io.drivelab.report.Reports;
import io.drivelab.store.Store;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Save report: a run's (or a comparison's) PNG, and next to it a folder with each chart on its own, rendered off
 * the UI thread from the database (never from the live view's datasets).
 */
public final class SaveReportViewModel {
    private final Tasks tasks;
    private final Store store;
    private final ReferenceDrivesViewModel references;
    private final ReportRenderer renderer = new ReportRenderer();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    public SaveReportViewModel(Tasks tasks, Store store, ReferenceDrivesViewModel references) {
        this.tasks = tasks;
        this.store = store;
        this.references = references;
    }

    /** What the last save did, or why it failed. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** "drivelab-run-7.png". */
    public static String suggestedName(List<Long> runIds) {
        return runIds.size() == 1 ? "drivelab-run-" + runIds.get(0) + ".png"
                : "drivelab-comparison-" + String.join("-", runIds.stream().map(String::valueOf).toList()) + ".png";
    }

    /** The folder the single charts go to: "drivelab-run-7-charts" next to "drivelab-run-7.png". */
    public static Path chartsFolder(Path png) {
        String name = png.getFileName().toString();
        String base = name.toLowerCase(Locale.ROOT).endsWith(".png") ? name.substring(0, name.length() - 4)
                : name;
        return png.resolveSibling(base + "-charts");
    }

    /** Saves one run's report, or with several runs a comparison's. */
    public void save(List<Long> runIds, Path file) {
        if (runIds.isEmpty()) {
            message.set("Nothing to report yet: run a plan, or pick runs in History or Compare.");
            return;
        }
        var chosen = references.chosen();
        message.set("Saving the report…");
        tasks.create(() -> {
            Report report = runIds.size() == 1 ? Reports.run(store, runIds.get(0), chosen)
                    : Reports.comparison(store, runIds, chosen);
            renderer.writePng(report, file);
            renderer.writeCharts(report, chartsFolder(file));
            return file;
        }).onSuccess(f -> message.set("Report saved: " + f + " (each chart on its own in "
                + chartsFolder(f).getFileName() + ")."))
                .onError(e -> message.set("The report could not be saved: " + Messages.of(e))).start();
    }
}
