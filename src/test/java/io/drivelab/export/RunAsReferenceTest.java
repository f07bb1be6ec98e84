package io.drivelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.drivelab.reference.ReferenceData;
import io.drivelab.reference.ReferenceDrive;
import io.drivelab.reference.ReferenceReview;
import io.drivelab.store.EngineLines;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunnerProcess;
import io.drivelab.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunAsReferenceTest {
    static final Instant T0 = Instant.parse("2026-01-02T10:00:00Z");

    @TempDir
    Path dir;

    long run(Store store, Long driveId) {
        long id = store.createRun(new NewRun("r", "{}", "p", "/dev/nvme0n1", "device", driveId, "lab1", "0.1.0"),
                RunnerProcess.current());
        PointMeta meta = new PointMeta("03-randread-4k-qd32-j1", 0, PointKind.MEASURE, "4K random read", "randread",
                4096L, null, null, 32, 1);
        store.savePoint(id, PointResult.fromEngineResult(meta, EngineLines.parse(EngineLines.RANDREAD_RESULT), T0,
                T0.plusSeconds(10)), List.of());
        return id;
    }

    @Test
    void theDriveStoredWithTheRunNamesThePackDriveWithItsCapacityAsSold() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long drive = store.createDrive("Samsung SSD 990 PRO", "S1", "4B2QJXD7", 1_920_383_410_176L).id();
            long id = run(store, drive);
            RunAsReference.Pack pack = RunAsReference.of(store, id, null);
            ReferenceReview review = ReferenceData.parse("run.json", pack.json());
            assertEquals(new ReferenceDrive("Samsung", "SSD 990 PRO", "1.92TB", null, null, null, null),
                    review.figures().get(0).drive());
            assertEquals(3, pack.figures());
            assertTrue(review.source().title().startsWith("measured by DriveLab run " + id + " on lab1, "),
                    review.source().title());
        }
    }

    @Test
    void aNameWithoutAModelIsRefusedSayingWhatIsNeeded() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long id = run(store, null);
            ExportException e = assertThrows(ExportException.class, () -> RunAsReference.of(store, id, "Acme"));
            assertTrue(e.getMessage().contains("needs a vendor and a model"), e.getMessage());
            ExportException none = assertThrows(ExportException.class, () -> RunAsReference.of(store, id, null));
            assertTrue(none.getMessage().contains("knows no drive model"), none.getMessage());
        }
    }
}
