package io.drivelab.fio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Asks a host's fio server whether it answers and which fio it runs: fio's client sends it a job that does no I/O
 * (ioengine=null, 1 MiB) and prints the server's "hostname=..., fio=fio-3.33" line first; about 2 s. Nothing is
 * read or written on that host.
 */
public final class FioServerProbe {
    /** How long a probe waits for the server: fio's client gives up on a refused connection sooner. */
    public static final Duration TIMEOUT = Duration.ofSeconds(15);
    private static final String JOB = "[drivelab-probe]\nioengine=null\nsize=1m\n";

    /**
     * What the probe found.
     *
     * @param version the server's fio, when it answered
     * @param problem why it did not answer or cannot run DriveLab's points (another fio release), or null
     */
    public record Answer(FioHost host, FioVersion version, String problem) {
        public boolean answers() {
            return version != null;
        }

        /** "fio server answers: fio-3.33" or "fio server does not answer: connection refused". */
        public String sentence() {
            if (version == null) {
                return "fio server does not answer: " + problem;
            }
            return "fio server answers: " + version + (problem == null ? "" : "; " + problem);
        }
    }

    private FioServerProbe() {
    }

    /** Probes {@code host} with this machine's {@code fio}; blocks up to {@link #TIMEOUT}. */
    public static Answer probe(FioBinary fio, FioHost host) throws InterruptedException {
        Path job = null;
        Process process = null;
        try {
            job = Files.createTempFile("drivelab-probe-", ".fio");
            Files.writeString(job, JOB);
            process = new ProcessBuilder(fio.path().toString(), "--client=" + host.clientArgument(), job.toString())
                    .redirectErrorStream(true).start();
            process.getOutputStream().close();
            Process running = process;
            // fio prints little: read it all on a thread of its own so that the wait below can time out
            var output = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(running.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                return new Answer(host, null, "no answer within " + TIMEOUT.toSeconds() + " s");
            }
            return answer(fio, host, output.join());
        } catch (IOException e) {
            return new Answer(host, null, "cannot start " + fio.path() + ": " + e.getMessage());
        } finally {
            if (process != null) {
                process.toHandle().destroyForcibly();
            }
            if (job != null) {
                try {
                    Files.deleteIfExists(job);
                } catch (IOException ignored) {
                    // a temporary file; the system's cleaning removes it
                }
            }
        }
    }

    /** Reads fio's client output: the server's version line, or fio's reason for not reaching it. */
    static Answer answer(FioBinary fio, FioHost host, String output) {
        List<String> lines = output.lines().toList();
        Optional<FioVersion> server = lines.stream().filter(l -> l.startsWith("hostname="))
                .map(l -> l.replaceFirst(".*fio=", "").replaceFirst(",.*", "")).map(FioVersion::parse)
                .flatMap(Optional::stream).findFirst();
        if (server.isPresent()) {
            String other = server.get().sameRelease(fio.version()) ? null : "this machine's fio is " + fio.version()
                    + ": client and server must be the same release";
            return new Answer(host, server.get(), other);
        }
        String why = lines.stream().filter(l -> l.startsWith("fio: ")).map(l -> l.substring(5))
                .map(l -> l.replaceFirst("^connect: ", "")).findFirst().orElse("fio's client said: "
                        + output.strip());
        return new Answer(host, null, why.toLowerCase(java.util.Locale.ROOT).startsWith("connection refused")
                ? "connection refused (is fio --server running on " + host + "?)" : why);
    }
}
