package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@IntegrationTest
class EngineBinaryTest {
    private static final byte[] ENGINE = "#!/bin/sh\necho engine\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path cache;

    @Test
    void extractsUnderChecksumNameAsExecutable() throws IOException {
        Path engine = EngineBinary.extract(ENGINE, cache);

        assertEquals(cache.resolve("drivelab-engine-" + EngineBinary.sha256(ENGINE).substring(0, 16)), engine);
        assertArrayEquals(ENGINE, Files.readAllBytes(engine));
        assertTrue(Files.isExecutable(engine));
    }

    @Test
    void createsMissingCacheDirectory() throws IOException {
        Path nested = cache.resolve("a/b/drivelab");
        assertTrue(Files.isRegularFile(EngineBinary.extract(ENGINE, nested)));
    }

    @Test
    void reusesAnIntactExtractedEngine() throws IOException {
        Path first = EngineBinary.extract(ENGINE, cache);
        FileTime marked = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Files.setLastModifiedTime(first, marked);

        Path second = EngineBinary.extract(ENGINE, cache);

        assertEquals(first, second);
        assertEquals(marked, Files.getLastModifiedTime(second), "rewritten although intact");
    }

    @Test
    void replacesAnExtractedEngineWhoseContentNoLongerMatches() throws IOException {
        Path engine = EngineBinary.extract(ENGINE, cache);
        Files.write(engine, "torn".getBytes(StandardCharsets.UTF_8));

        assertArrayEquals(ENGINE, Files.readAllBytes(EngineBinary.extract(ENGINE, cache)));
    }

    @Test
    void leavesNoTempFilesBehind() throws IOException {
        EngineBinary.extract(ENGINE, cache);
        EngineBinary.extract("other build".getBytes(StandardCharsets.UTF_8), cache);

        try (var files = Files.list(cache)) {
            assertTrue(files.allMatch(f -> f.getFileName().toString().startsWith("drivelab-engine-")));
        }
    }

    @Test
    void differentBuildsGetDifferentFiles() throws IOException {
        Path a = EngineBinary.extract(ENGINE, cache);
        Path b = EngineBinary.extract("other build".getBytes(StandardCharsets.UTF_8), cache);
        assertTrue(!a.equals(b) && Files.exists(a) && Files.exists(b));
    }

    @Test
    void systemPropertyWinsOverEnvironment() throws Exception {
        Path byProperty = executable("by-property");
        Path byEnv = executable("by-env");

        Path found = EngineBinary.locate(byProperty.toString(), Map.of(EngineBinary.ENV, byEnv.toString()), cache);

        assertEquals(byProperty, found);
    }

    @Test
    void environmentVariableIsUsedWhenNoProperty() throws Exception {
        Path byEnv = executable("by-env");
        assertEquals(byEnv, EngineBinary.locate(null, Map.of(EngineBinary.ENV, byEnv.toString()), cache));
    }

    @Test
    void explicitPathThatDoesNotExistIsRefusedWithItsSource() {
        EngineException e = assertThrows(EngineException.class,
                () -> EngineBinary.locate(null, Map.of(EngineBinary.ENV, "/nonexistent/engine"), cache));
        assertTrue(e.getMessage().contains("/nonexistent/engine"), e.getMessage());
        assertTrue(e.getMessage().contains(EngineBinary.ENV), e.getMessage());
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void explicitPathThatIsNotExecutableIsRefused() throws IOException {
        Path plain = Files.writeString(cache.resolve("plain"), "data");
        Files.setPosixFilePermissions(plain, PosixFilePermissions.fromString("rw-r--r--"));

        EngineException e = assertThrows(EngineException.class,
                () -> EngineBinary.locate(plain.toString(), Map.of(), cache));
        assertTrue(e.getMessage().contains("not executable"), e.getMessage());
        assertTrue(e.getMessage().contains(EngineBinary.PROPERTY), e.getMessage());
    }

    @Test
    void cacheDirectoryFollowsXdgCacheHome() {
        assertEquals(Path.of("/x/cache/drivelab"), EngineBinary.defaultCacheDir(Map.of("XDG_CACHE_HOME", "/x/cache")));
    }

    @Test
    void cacheDirectoryDefaultsToHomeCacheAndIgnoresRelativeXdg() {
        Path home = Path.of(System.getProperty("user.home"), ".cache", "drivelab");
        assertEquals(home, EngineBinary.defaultCacheDir(Map.of()));
        assertEquals(home, EngineBinary.defaultCacheDir(Map.of("XDG_CACHE_HOME", "relative/cache")));
    }

    private Path executable(String name) throws IOException {
        Path file = Files.writeString(cache.resolve(name), "#!/bin/sh\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
