package io.drivelab.safety;

import io.drivelab.IntegrationTest;
import io.drivelab.cli.Cli;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.run.PlanRunner;
import io.drivelab.run.RunListener;
import io.drivelab.run.RunProgress;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The results database under faults: a damaged file is refused with a clear message and never reset or rewritten;
 * a disk that fills up stops the run with a clear message and keeps what was stored. (A database of a newer
 * DriveLab: StoreSchemaTest#aDatabaseOfANewerDriveLabIsRefusedAndLeftAsItIs.)
 */
@IntegrationTest
@Timeout(120)
class DatabaseFaultTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;

    /** A database holding one run, closed (its WAL folded into the file). */
    private Path databaseWithARun() {
        Path db = dir.resolve("d.db");
        try (Store store = Store.open(db)) {
            store.createRun(new NewRun("mine", "{}", "quick", "/tmp/x.img", "file", null, "host", "0.1.0"));
        }
        return db;
    }

    private static void flip(Path file, long offset, int length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            byte[] bytes = new byte[length];
            f.seek(offset);
            f.readFully(bytes);
            for (int i = 0; i < length; i++) {
                bytes[i] ^= (byte) 0x5a;
            }
            f.seek(offset);
            f.write(bytes);
        }
    }

    @Test
    void aDatabaseWithADamagedHeaderIsRefusedByNameAndLeftUntouched() throws Exception {
        Path db = databaseWithARun();
        flip(db, 0, 16);  // "SQLite format 3\0"
        String before = Loop.sha256(db);

        StoreException e = assertThrows(StoreException.class, () -> Store.open(db));
        Cli.Result cli = Cli.run("runs", "--db", db.toString());

        assertTrue(e.getMessage().contains(db.toString()) && e.getMessage().contains("not a DriveLab database"),
                e.getMessage());
        assertEquals(1, cli.exitCode(), cli.toString());
        assertTrue(cli.err().contains("not a DriveLab database"), cli.err());
        assertEquals(before, Loop.sha256(db), "the damaged database was changed");
    }

    @Test
    void aDatabaseWithADamagedPageIsReportedAndNeverReset() throws Exception {
        Path db = databaseWithARun();
        long page;
        int pageSize;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             ResultSet root = c.createStatement().executeQuery(
                     "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_master WHERE name = 'runs'")) {
            page = root.getLong(1);
            pageSize = root.getInt(2);
        }
        flip(db, (page - 1) * pageSize, pageSize);  // the page that holds the runs
        String before = Loop.sha256(db);

        Cli.Result cli = Cli.run("runs", "--db", db.toString());

        assertEquals(1, cli.exitCode(), cli.toString());
        assertTrue(cli.err().contains(db + " is damaged"), cli.err());
        assertEquals(before, Loop.sha256(db), "the damaged database was changed");
    }

    @Test
    void aDatabaseDamagedInTheMiddleIsNeverWrittenAndTheRefusalSaysHowToRecover() throws Exception {
        Path db = dir.resolve("midcorrupt.db");
        try (Store store = Store.open(db)) {
            for (int i = 0; i < 300; i++) {
                store.createRun(new NewRun("run " + i, "{\"padding\":\"" + "x".repeat(400) + "\"}", "quick",
                        "/tmp/x.img", "file", null, "host", "0.1.0"));
            }
        }
        long pages = Files.size(db) / 4096;
        flip(db, pages / 2 * 4096, 4096);  // a page in the middle of the runs table
        FileState before = FileState.of(db);

        StoreException refused = assertThrows(StoreException.class, () -> {
            try (Store store = Store.open(db)) {
                store.createRun(new NewRun("new", "{}", "quick", "/tmp/x.img", "file", null, "host", "0.1.0"));
            }
        });
        Cli.Result cli = Cli.run("run", "--db", db.toString(), "--target", dir.resolve("t.img").toString(),
                "--size", "16M", "--preset", "quick", "--runtime", "1", "--ramp", "0", "--idle", "0");

        assertTrue(refused.getMessage().contains(db + " is damaged") && refused.getMessage().contains(".recover")
                && !refused.getMessage().contains("--"), refused.getMessage());
        assertEquals(1, cli.exitCode(), cli.toString());
        assertTrue(cli.err().contains("is damaged"), cli.err());
        assertEquals(before, FileState.of(db), "the damaged database was changed");
        assertFalse(Files.exists(dir.resolve("t.img")), "a run started on a damaged database");
    }

    /** What shows that a file changed: its size, modification time and content. */
    private record FileState(long size, FileTime modified, String sha256) {
        static FileState of(Path file) throws IOException {
            return new FileState(Files.size(file), Files.getLastModifiedTime(file), Loop.sha256(file));
        }
    }

    @Test
    void aDevicePathForTheDatabaseIsRefusedBeforeSqliteTouchesIt() {
        Path devNull = Path.of("/dev/null");

        StoreException e = assertThrows(StoreException.class, () -> Store.open(devNull));
        Cli.Result cli = Cli.run("runs", "--db", "/dev/null");

        assertEquals("the database path /dev/null is a character device, not a file; choose a file (a new name "
                + "is created)", e.getMessage());
        assertEquals(1, cli.exitCode(), cli.toString());
        assertTrue(cli.err().contains("/dev/null is a character device"), cli.err());
        assertFalse(Files.exists(Path.of("/dev/null-journal")), "SQLite wrote beside /dev/null");
    }

    @Test
    void whenTheDiskHoldingTheDatabaseFillsTheRunStopsSayingSoAndTheStoredPointsStayReadable() throws Exception {
        Path fs = dir.resolve("dbfs");
        Loop.mountTmpfs(fs, "4m");
        try {
            Path db = fs.resolve("d.db");
            Path filler = fs.resolve("filler");
            // another program takes the last free byte after the first point
            Ended ended = runFillingUp(db, reads(1, 2, 4), () -> fillUp(filler));
            long id = ended.id();
            AtomicReference<String> reported = new AtomicReference<>(ended.error());

            assertEquals(RunStatus.INTERRUPTED, ended.status());
            assertTrue(reported.get().contains("is full") && reported.get().contains(db.toString())
                    && !reported.get().contains("SQLITE"), reported.get());
            Matcher kept = Pattern.compile("kept in (\\S+\\.json)").matcher(reported.get());
            assertTrue(kept.find(), reported.get());
            Path json = Path.of(kept.group(1));
            assertTrue(Files.readString(json).contains("\"point_key\" : \"01-randread-4k-qd2-j1\""),
                    Files.readString(json));
            Files.delete(json);
            Files.delete(filler);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                 ResultSet check = c.createStatement().executeQuery("PRAGMA integrity_check")) {
                assertEquals("ok", check.getString(1));
            }
            // marked at once, while the disk was full: not left "running" for the next start to find
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                 ResultSet run = c.createStatement().executeQuery("SELECT status FROM runs WHERE id = " + id)) {
                assertEquals(RunStatus.INTERRUPTED.dbValue(), run.getString(1));
            }
            try (var left = Files.list(fs)) {
                assertEquals(List.of(), left.filter(f -> f.getFileName().toString().contains("-room-")).toList(),
                        "the room set aside for the run's end was left behind");
            }
            try (Store store = Store.open(db)) {
                List<StoredPoint> points = store.listPoints(id);
                assertEquals(1, points.size(), "the point stored before the disk filled");
                assertEquals(PointStatus.COMPLETE, points.get(0).point().status());
                PlanRunner again = new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE);
                assertEquals(RunStatus.COMPLETE, again.resume(id, null));
                assertEquals(3, store.completedPointKeys(id).size());
            }
        } finally {
            Loop.unmount(fs);
        }
    }

    @Test
    void whenEvenTheRoomSetAsideIsTakenTheMessageSaysWhenTheRunWillBeMarkedInterrupted() throws Exception {
        Path fs = dir.resolve("dbfs");
        Loop.mountTmpfs(fs, "4m");
        try {
            Path db = fs.resolve("d.db");
            Ended ended = runFillingUp(db, reads(1, 2), () -> {
                fillUp(fs.resolve("filler"));
                try (var rooms = Files.list(fs)) {  // another program takes the room the run set aside
                    for (Path room : rooms.filter(f -> f.toString().contains("-room-")).toList()) {
                        Files.delete(room);
                    }
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
                fillUp(fs.resolve("filler2"));
            });
            long id = ended.id();
            AtomicReference<String> reported = new AtomicReference<>(ended.error());

            assertEquals(RunStatus.INTERRUPTED, ended.status());
            assertTrue(reported.get().contains("run " + id + " could not be marked interrupted in " + db)
                    && reported.get().contains("until DriveLab next opens that database")
                    && reported.get().contains("resume it then"), reported.get());
            Matcher kept = Pattern.compile("kept in (\\S+\\.json)").matcher(reported.get());
            assertTrue(kept.find(), reported.get());
            Files.delete(Path.of(kept.group(1)));
        } finally {
            Loop.unmount(fs);
        }
    }

    /** 4 KiB random reads of 1 s at these queue depths, on 4 MiB. */
    private static TestPlan reads(Integer... iodepths) {
        return new TestPlan("reads", "", Region.ofSize(4 * MIB), List.of(new WorkloadStep(
                Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(iodepths), List.of(1), 1, 0, 0))));
    }

    private record Ended(long id, RunStatus status, String error) {
    }

    /** Files and executes {@code plan} on a test file, recorded in {@code db}; {@code afterPoint} after each point. */
    private Ended runFillingUp(Path db, TestPlan plan, Runnable afterPoint) {
        AtomicReference<String> reported = new AtomicReference<>();
        try (Store store = Store.open(db)) {
            PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), new RunListener() {
                @Override
                public void pointFinished(RunProgress progress, PlanItem item, PointResult result) {
                    afterPoint.run();
                }

                @Override
                public void runFinished(long runId, RunStatus s, String error) {
                    reported.set(error);
                }
            }).statusInterval(200);
            long id = runner.createRun(plan, dir.resolve("test.img"), null, null);
            RunStatus status = runner.execute(id, null);
            return new Ended(id, status, reported.get());
        }
    }

    /** Writes until the filesystem has no room left. */
    private static void fillUp(Path filler) {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(chunk);
            }
        } catch (IOException full) {
            // ENOSPC: full, as meant
        }
    }
}
