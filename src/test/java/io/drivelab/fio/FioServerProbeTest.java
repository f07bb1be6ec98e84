package io.drivelab.fio;

import java.net.ServerSocket;
import java.nio.file.Path;

import io.drivelab.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Asking a host's fio server whether it answers and which fio it runs: real fio servers on loopback ports. */
@IntegrationTest
@Timeout(60)
class FioServerProbeTest {
    @TempDir
    Path dir;

    @Test
    void aRunningServerAnswersWithItsFioVersion() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        try (FioServers servers = new FioServers()) {
            FioHost host = servers.start(fio, dir.resolve("server.log"));

            FioServerProbe.Answer answer = FioServerProbe.probe(fio, host);

            assertTrue(answer.answers(), answer.sentence());
            assertEquals(fio.version().text(), answer.version().text());
            assertNull(answer.problem());
            assertEquals("fio server answers: " + fio.version(), answer.sentence());
        }
    }

    @Test
    void aPortWithNoServerIsRefusedNamingTheHost() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        int closed;
        try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = free.getLocalPort();
        }
        FioHost host = new FioHost("127.0.0.1", closed);

        FioServerProbe.Answer answer = FioServerProbe.probe(fio, host);

        assertFalse(answer.answers());
        assertEquals("fio server does not answer: connection refused (is fio --server running on 127.0.0.1:"
                + closed + "?)", answer.sentence());
    }

    @Test
    void aServerOfAnotherReleaseIsNamedWithBothVersions() {
        FioBinary fio = new FioBinary(Path.of("/usr/bin/fio"), new FioVersion(3, 33, "fio-3.33"));

        FioServerProbe.Answer answer = FioServerProbe.answer(fio, new FioHost("lab2", 8765),
                "hostname=lab2, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.28, flags=1\n");

        assertTrue(answer.answers());
        assertEquals("fio server answers: fio-3.28; this machine's fio is fio-3.33: client and server must be the "
                + "same release", answer.sentence());
    }
}
