package io.drivelab.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.drivelab.export.RunExport;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
    RunArgument stored;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    Path outFile;

    @Override
    public Integer call() {
        RunExport.Text export;
        try (Store s = stored.open()) {
            stored.in(s);
            export = outFile == null ? RunExport.of(s, stored.id(), RunExport.Format.FIO_JSON, false)
                    : RunExport.write(s, stored.id(), RunExport.Format.FIO_JSON, false, outFile);
        }
        return Exports.print(spec, export, outFile, "drivelab: wrote run " + stored.id() + " as fio JSON to "
                + outFile);
    }
}
