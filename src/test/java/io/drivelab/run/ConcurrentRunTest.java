package io.drivelab.run;

import io.drivelab.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two `drivelab run` processes on one target (issue 10, item 5): the second is refused naming the run that holds
 * it, and the first completes; a holder killed with -9 leaves the target free for the next run.
 */
@IntegrationTest
@Timeout(120)
class ConcurrentRunTest {
    @TempDir
    Path dir;

    /** A read of {@code seconds}: the first run lasts long enough for a second JVM to start on a busy machine. */
    private Process start(Path target, String db, int seconds) throws IOException {
        return ChildRun.start(dir, target, dir.resolve(db), seconds);
    }

    /** Reads the child's output up to its "run" line: by then it holds the target. */
    private static BufferedReader awaitRunStarted(Process p) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            if (line.contains("\"type\":\"run\"")) {
                return out;
            }
        }
        throw new AssertionError("the first run ended before it started");
    }

    private static String finish(Process p, BufferedReader rest) throws Exception {
        StringBuilder all = new StringBuilder();
        for (String line; (line = rest.readLine()) != null; ) {
            all.append(line).append('\n');
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not end");
        return all.toString();
    }

    @Test
    void aSecondRunOnATargetIsRefusedNamingTheFirstWhichCompletes() throws Exception {
        Path target = dir.resolve("x.img");
        Process first = start(target, "first.db", 20);
        BufferedReader firstOut = awaitRunStarted(first);
        TargetLock.Holder holder = TargetLock.holderOf(target).orElseThrow();

        Process second = start(target, "second.db", 1);
        String secondOut = finish(second, new BufferedReader(new InputStreamReader(second.getInputStream(),
                StandardCharsets.UTF_8)));
        String firstRest = finish(first, firstOut);

        assertEquals(first.pid(), holder.pid());
        assertNotEquals(0, second.exitValue(), secondOut);
        assertTrue(secondOut.contains(target + " is being tested by run " + holder.run() + " (drivelab pid "
                + first.pid()) && secondOut.contains(dir.resolve("first.db").toString()), secondOut);
        assertEquals(0, first.exitValue(), firstRest);
        assertTrue(firstRest.contains("\"status\":\"complete\""), firstRest);
    }

    @Test
    void aRunKilledWithSignal9LeavesItsTargetFreeForTheNext() throws Exception {
        Path target = dir.resolve("x.img");
        Process killed = start(target, "first.db", 20);
        awaitRunStarted(killed);
        killed.destroyForcibly();  // SIGKILL: no shutdown hook, no close: only the kernel releases the lock
        assertTrue(killed.waitFor(30, TimeUnit.SECONDS));

        Process next = start(target, "second.db", 1);
        String out = finish(next, new BufferedReader(new InputStreamReader(next.getInputStream(),
                StandardCharsets.UTF_8)));

        assertEquals(0, next.exitValue(), out);
        assertEquals(next.pid(), TargetLock.holderOf(target).orElseThrow().pid(), "the next run took the target");
    }
}
