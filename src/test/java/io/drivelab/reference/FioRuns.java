package io.drivelab.reference;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/** Small real fio runs on temporary files, their output redirected to a file as a user would. */
final class FioRuns {
    private FioRuns() {
    }

    /** fio on the PATH, or the test is skipped saying so. */
    static String fio() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "fio");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        Assumptions.abort("fio is not installed, so there is no real fio output to import (CI installs it)");
        return null;
    }

    /**
     * Runs one fio job for a second on {@code dir}/data (8 MiB) and returns the file its stdout went to, e.g.
     * {@code run(dir, "rr.json", "json", "--rw=randread", "--bs=4k")}.
     */
    static Path run(Path dir, String output, String format, String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(fio(), "--name=" + output.replace(".json", ""),
                "--filename=" + dir.resolve("data"), "--size=8m", "--runtime=1", "--time_based",
                "--output-format=" + format));
        command.addAll(List.of(options));
        Path out = dir.resolve(output);
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(dir.resolve(output + ".err").toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("fio did not finish in 60 s: " + command);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("fio failed (" + process.exitValue() + "): " + command + "\n"
                    + Files.readString(dir.resolve(output + ".err")));
        }
        return out;
    }
}
