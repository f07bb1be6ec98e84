package io.drivelab.run;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A real {@code drivelab run --json} in a child JVM, for tests that must kill or race a run's whole process. */
final class ChildRun {
    private ChildRun() {
    }

    /**
     * Starts a random read of {@code seconds} on {@code target} (16 MiB) that records into {@code db}; the plan is
     * written into {@code dir}.
     */
    static Process start(Path dir, Path target, Path db, int seconds) throws IOException {
        String engine = System.getProperty("drivelab.engine");
        Assumptions.assumeTrue(engine != null && Files.isExecutable(Path.of(engine)), "the engine is not built");
        Path plan = dir.resolve("read-" + seconds + ".json");
        Files.writeString(plan, """
                {"name": "read", "target": {"size": "16m"},
                 "steps": [{"workload": {"rw": "randread", "bs": "4k"},
                            "matrix": {"iodepths": [1], "numjobs": [1], "runtime": %d}}]}
                """.formatted(seconds));
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Ddrivelab.engine=" + engine, "-cp", System.getProperty("java.class.path"), "io.drivelab.Main", "run",
                "--json", "--db", db.toString(), "--target", target.toString(), "--plan", plan.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        return p;
    }
}
