package io.drivelab.fio;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.drivelab.engine.EngineException;

/**
 * The installed fio, checked: found on the PATH (or where the {@code drivelab.fio} system property says) and 3.29
 * or later.
 */
public record FioBinary(Path path, FioVersion version) {
    private static final long VERSION_TIMEOUT_SECONDS = 10;

    /** fio from {@code drivelab.fio} or the PATH, its version checked. */
    public static FioBinary locate() throws EngineException {
        String configured = System.getProperty("drivelab.fio");
        if (configured != null && !configured.isBlank()) {
            return at(Path.of(configured));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "fio");
            if (Files.isExecutable(candidate)) {
                return at(candidate);
            }
        }
        throw new EngineException("fio is not installed (no fio on the PATH); install fio "
                + FioVersion.OLDEST.major() + "." + FioVersion.OLDEST.minor() + " or later to measure with it");
    }

    /** The fio at {@code path}, refused when it is older than {@link FioVersion#OLDEST}. */
    public static FioBinary at(Path path) throws EngineException {
        String printed = versionText(path);
        FioVersion version = FioVersion.parse(printed).orElseThrow(() -> new EngineException(path
                + " --version printed \"" + printed.strip() + "\", not a fio version; is it fio?"));
        if (!version.isAtLeast(FioVersion.OLDEST)) {
            throw new EngineException("measuring with fio needs fio 3.29 or later; " + path + " is " + version
                    + ": install a newer fio");
        }
        return new FioBinary(path, version);
    }

    private static String versionText(Path path) throws EngineException {
        try {
            Process p = new ProcessBuilder(path.toString(), "--version").redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readNBytes(4096);
            if (!p.waitFor(VERSION_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new EngineException(path + " --version did not answer in " + VERSION_TIMEOUT_SECONDS + " s");
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EngineException("cannot run " + path + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while asking " + path + " for its version", e);
        }
    }
}
