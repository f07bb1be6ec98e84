package io.drivelab.engine;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine as pkexec starts it (PKEXEC_UID set, running as root): block devices in root's own folders under /dev
 * only, orders from stdin only, every guard kept. Needs root; the real pkexec and polkit path is
 * io.drivelab.privileges.PrivilegedRunTest.
 */
@IntegrationTest
@Timeout(60)
class PrivilegedEngineTest {
    @TempDir
    Path dir;

    private static ProcessBuilder asPkexecWould(String... args) {
        List<String> command = new java.util.ArrayList<>(List.of(RawEngine.binary().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PKEXEC_UID", "1000");
        return builder;
    }

    private static JsonNode refusal(ProcessBuilder builder) throws Exception {
        Process p = builder.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), out);
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.lines().findFirst().orElse("{}"));
    }

    @Test
    void aPrivilegedSessionNeverOpensAFileNotEvenToRead() throws Exception {
        Path shadow = Path.of("/etc/shadow");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(shadow), "reading /etc/shadow needs root");
        String before = sha256(shadow);
        JsonNode error = refusal(asPkexecWould("--serve", "--filename=" + shadow, "--allow-destroy=" + shadow));
        assertEquals("privileged", error.path("op").asText());
        assertTrue(error.path("message").asText().contains("block devices under /dev only"), error.toString());
        assertEquals(before, sha256(shadow));
    }

    @Test
    void aPrivilegedEngineTakesNoOrdersFromItsCommandLine() throws Exception {
        Path file = dir.resolve("f.img");
        JsonNode error = refusal(asPkexecWould("--filename=" + file, "--rw=write", "--size=1m"));
        assertTrue(error.path("message").asText().contains("orders from its stdin only"), error.toString());
        assertFalse(Files.exists(file), "nothing was created");
    }

    @Test
    void aPrivilegedSessionRefusesADeviceNodeInAFolderOthersMayWrite() throws Exception {
        try (TestLoop loop = TestLoop.attach(dir.resolve("backing.img"), 16 << 20)) {
            String[] majorMinor = run("stat", "-c", "%t %T", loop.device.toString()).strip().split(" ");
            Path planted = Path.of("/dev/shm", "drivelab-test-" + ProcessHandle.current().pid());
            run("mknod", planted.toString(), "b", String.valueOf(Integer.parseInt(majorMinor[0], 16)),
                    String.valueOf(Integer.parseInt(majorMinor[1], 16)));
            try {
                JsonNode error = refusal(asPkexecWould("--serve", "--filename=" + planted,
                        "--allow-destroy=" + planted));
                assertTrue(error.path("message").asText().contains("which others than root may change"),
                        error.toString());
            } finally {
                Files.deleteIfExists(planted);
            }
        }
    }

    @Test
    void aPrivilegedSessionMeasuresAConfirmedLoopDeviceAndRefusesFileOptions() throws Exception {
        try (TestLoop loop = TestLoop.attach(dir.resolve("backing.img"), 16 << 20);
             EngineSessionTest.Raw raw = new EngineSessionTest.Raw(asPkexecWould("--serve",
                     "--filename=" + loop.device, "--allow-destroy=" + loop.device).start())) {
            raw.send("[\"--rw=randwrite\",\"--size=8m\",\"--io_size=1m\"]\n");
            JsonNode result = raw.next("result");
            assertEquals(1 << 20, result.path("write").path("io_bytes").asLong());
            assertEquals(0, raw.next("end").path("exit").asInt());
            raw.send("[\"--rw=read\",\"--overwrite-file\"]\n");
            assertTrue(raw.next("error").path("message").asText().contains("fixed when it starts"));
            assertEquals(2, raw.next("end").path("exit").asInt());
            for (String fileOption : List.of("--overwrite-file", "--unlink")) {
                JsonNode error = refusal(asPkexecWould("--serve", "--filename=" + loop.device, fileOption));
                assertTrue(error.path("message").asText().contains("writes no files"), error.toString());
            }
        }
    }

    @Test
    void aPrivilegedSessionNeverWritesAMountedDevice() throws Exception {
        Path mountPoint = dir.resolve("mnt");
        try (TestLoop loop = TestLoop.attach(dir.resolve("backing.img"), 32 << 20)) {
            run("mkfs.ext4", "-q", "-E", "lazy_itable_init=0,lazy_journal_init=0", loop.device.toString());
            Files.createDirectories(mountPoint);
            run("mount", loop.device.toString(), mountPoint.toString());
            try {
                Files.writeString(mountPoint.resolve("thesis.txt"), "four years of work");
                run("sync");
                String before = sha256(loop.backing);
                try (EngineSessionTest.Raw raw = new EngineSessionTest.Raw(asPkexecWould("--serve",
                        "--filename=" + loop.device, "--allow-destroy=" + loop.device).start())) {
                    raw.send("[\"--rw=write\",\"--size=8m\"]\n");
                    assertTrue(raw.next("error").path("message").asText().contains("is in use"));
                    assertEquals(1, raw.next("end").path("exit").asInt());
                }
                assertEquals(before, sha256(loop.backing));
            } finally {
                run("umount", mountPoint.toString());
            }
        }
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", command));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
        return out;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
