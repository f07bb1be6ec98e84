package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.drivelab.files.OutputFile;
import io.drivelab.reference.FioJsonExport;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code drivelab export-fio RUN}: a run as fio JSON, for tools that read fio's results. */
@Command(name = "export-fio", mixinStandardHelpOptions = true,
        description = {"Write a run as fio 3.x JSON (json+ layout): one fio job per point in plan order, with its "
                + "options, I/O counts, bandwidth, IOPS, latency with fio's percentiles, and json+ histogram bins.",
                "",
                "Latency is the engine's, from submission to completion (fio's lat_ns, repeated as clat_ns); "
                        + "\"fio version\" names DriveLab. `drivelab import-fio` reads the file back."})
public final class ExportFioCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Parameters(paramLabel = "RUN", description = "The run's id (see `drivelab runs`).")
    long runId;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    Path outFile;

    @Override
    public Integer call() {
        String json;
        try (Store s = store.open()) {
            Run run = StoreOption.run(s, runId);
            json = FioJsonExport.write(run, s.listPoints(runId));
        }
        if (outFile == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(json);
            out.flush();
        } else {
            OutputFile.at(outFile).writeString(json);
            PrintWriter err = spec.commandLine().getErr();
            err.println("drivelab: wrote run " + runId + " as fio JSON to " + outFile);
            err.flush();
        }
        return 0;
    }
}
