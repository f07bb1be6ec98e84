package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The engine's {@code --rw=checkpoint} on temp directories and files (docs/engine.md, "Checkpoints"). */
@IntegrationTest
@Timeout(60)
class CheckpointEngineTest {
    private static final long MIB = 1024 * 1024;
    private static Path engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void findEngine() {
        String path = System.getProperty(EngineBinary.PROPERTY);
        Assumptions.assumeTrue(path != null && Files.isExecutable(Path.of(path)),
                "the engine is not built (" + path + ")");
        engine = Path.of(path);
    }

    private record Run(List<CheckpointEvent> lines, ResultEvent result, CheckpointSummary summary) {
    }

    private Run run(String... options) throws Exception {
        List<CheckpointEvent> lines = new CopyOnWriteArrayList<>();
        EngineListener listener = new EngineListener() {
            @Override
            public void onCheckpoint(CheckpointEvent checkpoint) {
                lines.add(checkpoint);
            }
        };
        try (EngineProcess process = EngineProcess.start(engine, List.of(options), listener)) {
            ResultEvent result = process.awaitResult();
            return new Run(lines, result, CheckpointSummary.fromResultJson(result.rawJson()).orElseThrow());
        }
    }

    private List<String> files() throws Exception {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aCheckpointsTimeRunsUntilTheLastRanksFsyncReturned() throws Exception {
        Run run = run("--filename=" + dir, "--rw=checkpoint", "--checkpoint_size=32m", "--numjobs=4",
                "--checkpoints=3", "--passes=1", "--direct=0");

        assertEquals(3, run.lines().size());
        for (CheckpointEvent c : run.lines()) {
            // buffered writes land in the page cache; only the fsync puts them on the drive, and it is counted
            assertTrue(c.fsyncSeconds() > 0, c.toString());
            assertTrue(c.writeSeconds() < c.seconds(), c.toString());
            assertEquals(c.writeSeconds() + c.fsyncSeconds(), c.seconds(), 1e-5, c.toString());
            assertEquals(32 * MIB, c.bytes());
            assertEquals(c.bytes() / c.seconds() / 1e9, c.gbPerS(), c.gbPerS() * 1e-4);
        }
        assertEquals(4 * 3, run.summary().fsyncs(), "one fsync per rank and checkpoint");
        assertEquals(3 * 32 * MIB, run.result().write().ioBytes());
        assertEquals(3 * 32 * MIB, run.summary().bytes());
    }

    @Test
    void eachRankWritesItsShardAsAFilePerCheckpoint() throws Exception {
        run("--filename=" + dir, "--rw=checkpoint", "--checkpoint_size=8m", "--numjobs=2", "--checkpoints=2",
                "--passes=1");

        assertEquals(List.of("ckpt-001-001-rank0.pt", "ckpt-001-001-rank1.pt", "ckpt-001-002-rank0.pt",
                "ckpt-001-002-rank1.pt"), files());
        assertEquals(4 * MIB, Files.size(dir.resolve("ckpt-001-002-rank1.pt")));
    }

    @Test
    void theOldestCheckpointIsDeletedWhenTheNextWouldNotFit() throws Exception {
        // room for two 16 MiB checkpoints in a 40 MiB quota: the third makes room by deleting the first
        Run run = run("--filename=" + dir, "--rw=checkpoint", "--checkpoint_size=16m", "--numjobs=2",
                "--checkpoints=4", "--passes=1", "--size=40m");

        assertEquals(List.of(), run.lines().get(0).deleted());
        assertEquals(List.of(), run.lines().get(1).deleted());
        assertEquals(List.of("ckpt-001-001"), run.lines().get(2).deleted());
        assertEquals(List.of("ckpt-001-002"), run.lines().get(3).deleted());
        assertEquals(List.of("ckpt-001-003-rank0.pt", "ckpt-001-003-rank1.pt", "ckpt-001-004-rank0.pt",
                "ckpt-001-004-rank1.pt"), files());
    }

    @Test
    void aFileTargetTakesCheckpointsInSlotsAndReusesTheOldest() throws Exception {
        Path file = dir.resolve("ckpt.img");
        Run run = run("--filename=" + file, "--size=100m", "--rw=checkpoint", "--checkpoint_size=32m",
                "--numjobs=4", "--checkpoints=4", "--passes=1");

        assertEquals("region", run.summary().mode());
        assertEquals(3, run.summary().slots());
        assertEquals(List.of(0, 1, 2, 0), run.lines().stream().map(CheckpointEvent::slot).toList());
        assertEquals(List.of("ckpt-001-001"), run.lines().get(3).deleted(), "slot 0 held the oldest");
    }

    @Test
    void passAveragesAreTheMeanCheckpointTimeOfEachPass() throws Exception {
        Run run = run("--filename=" + dir, "--rw=checkpoint", "--checkpoint_size=4m", "--numjobs=2",
                "--checkpoints=2", "--passes=2");

        assertEquals(2, run.summary().passAverages().size());
        for (CheckpointSummary.PassAverage average : run.summary().passAverages()) {
            double mean = run.lines().stream().filter(c -> c.pass() == average.pass())
                    .mapToDouble(CheckpointEvent::seconds).average().orElseThrow();
            assertEquals(2, average.checkpoints());
            assertEquals(mean, average.meanSeconds(), mean * 1e-4);
        }
        assertEquals(run.summary().checkpoints(), run.lines(), "the result repeats every checkpoint line");
    }

    @Test
    void aShareOfTheRegionIsRoundedToWholeShards() throws Exception {
        Run run = run("--filename=" + dir.resolve("share.img"), "--size=64m", "--rw=checkpoint",
                "--checkpoint_size=21.3%", "--numjobs=8", "--checkpoints=1", "--passes=1");

        long shard = (long) (64 * MIB * 0.213) / 8 / 4096 * 4096;
        assertEquals(8 * shard, run.summary().size());
        assertFalse(run.result().partial());
    }

    @Test
    void parsingACheckpointLine() throws Exception {
        CheckpointEvent c = (CheckpointEvent) EngineEventParser.parse("{\"type\":\"checkpoint\",\"pass\":2,"
                + "\"index\":5,\"t_ms\":900,\"seconds\":1.5,\"write_seconds\":1.0,\"fsync_seconds\":0.5,"
                + "\"bytes\":1500000000,\"gb_per_s\":1.0,\"deleted\":[\"ckpt-001-001\"]}").orElseThrow();

        assertEquals("ckpt-002-005", c.label());
        assertNull(c.slot(), "a directory has no slots");
        assertEquals(List.of("ckpt-001-001"), c.deleted());
    }
}
