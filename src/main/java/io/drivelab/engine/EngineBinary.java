package io.drivelab.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Finds the native engine.
 *
 * <p>An explicit path wins: system property {@code drivelab.engine}, then environment variable
 * {@code DRIVELAB_ENGINE}. Otherwise the engine packed in the jar ({@code /native/drivelab-engine}) is extracted
 * to {@code $XDG_CACHE_HOME/drivelab/drivelab-engine-<sha256 prefix>} (default {@code ~/.cache/drivelab}).
 * The checksum in the name lets several versions of the app share the cache, and a file whose content no longer
 * matches its name (a torn copy, tampering) is replaced.
 */
public final class EngineBinary {
    public static final String PROPERTY = "drivelab.engine";
    public static final String ENV = "DRIVELAB_ENGINE";
    public static final String RESOURCE = "/native/drivelab-engine";

    private static volatile Path located;

    private EngineBinary() {
    }

    /** The engine to run; extracted once per JVM at most. */
    public static Path locate() throws EngineException {
        Path path = located;
        if (path == null) {
            synchronized (EngineBinary.class) {
                path = located;
                if (path == null) {
                    path = locate(System.getProperty(PROPERTY), System.getenv(), defaultCacheDir(System.getenv()));
                    located = path;
                }
            }
        }
        return path;
    }

    static Path locate(String property, Map<String, String> env, Path cacheDir) throws EngineException {
        if (property != null && !property.isBlank()) {
            return checkExplicit(Path.of(property), "system property " + PROPERTY);
        }
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return checkExplicit(Path.of(fromEnv), "environment variable " + ENV);
        }
        try (InputStream packed = EngineBinary.class.getResourceAsStream(RESOURCE)) {
            if (packed == null) {
                throw new EngineException("the engine is not packed in this build (no " + RESOURCE
                        + " on the classpath); build with `mvn package` or set " + ENV);
            }
            return extract(packed.readAllBytes(), cacheDir);
        } catch (IOException e) {
            throw new EngineException("cannot extract the engine to " + cacheDir + ": " + e.getMessage(), e);
        }
    }

    /** {@code $XDG_CACHE_HOME/drivelab}, or {@code ~/.cache/drivelab} when XDG_CACHE_HOME is unset or relative. */
    static Path defaultCacheDir(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        // The XDG spec says relative paths are invalid and must be ignored.
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "drivelab");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "drivelab");
    }

    private static Path checkExplicit(Path path, String source) throws EngineException {
        if (!Files.isRegularFile(path)) {
            throw new EngineException("engine " + path + " (from " + source + ") does not exist or is not a file");
        }
        if (!Files.isExecutable(path)) {
            throw new EngineException("engine " + path + " (from " + source + ") is not executable");
        }
        return path.toAbsolutePath();
    }

    /**
     * Writes {@code engine} to {@code cacheDir} as {@code drivelab-engine-<16 hex of sha256>} unless a file with
     * that name and content is already there. Written to a temp file and moved into place, so a concurrent
     * start never runs a half-written binary.
     */
    static Path extract(byte[] engine, Path cacheDir) throws IOException {
        String sha256 = sha256(engine);
        Path target = cacheDir.resolve("drivelab-engine-" + sha256.substring(0, 16));
        if (Files.isRegularFile(target) && Files.isExecutable(target)
                && sha256(Files.readAllBytes(target)).equals(sha256)) {
            return target;
        }
        Files.createDirectories(cacheDir);
        Path temp = Files.createTempFile(cacheDir, ".drivelab-engine-", ".tmp");
        try {
            Files.write(temp, engine);
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        return target;
    }

    /** The engine's {@code --version} output (stdout and stderr together). */
    public static String version(Path engine) throws EngineException {
        try {
            Process process = new ProcessBuilder(engine.toString(), "--version").redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new EngineException(engine + " --version did not finish");
            }
            if (process.exitValue() != 0) {
                throw new EngineException(engine + " --version exited with code " + process.exitValue()
                        + (output.isBlank() ? "" : ": " + output.strip()));
            }
            return output;
        } catch (IOException e) {
            throw new EngineException("cannot run " + engine + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while running " + engine + " --version", e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
