package io.drivelab.fio;

import java.util.List;

import io.drivelab.workload.FioJobFile;
import io.drivelab.workload.Point;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The job fio runs for one point, locally or on a host's fio server. */
class FioMeasurementJobTest {
    @Test
    void fioKeepsRefusingMountedDevicesAndMeasuresTotalLatency() {
        for (Point p : Presets.get(Presets.QUICK).points()) {
            List<String> lines = List.of(FioJobFile.renderMeasurement(p, "/dev/nvme9n9").split("\n"));
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("allow_mounted_write")), "fio's default (0) stays");
            assertTrue(lines.contains("lat_percentiles=1"), "percentiles of submission to completion, as the engine");
            assertTrue(lines.contains("scramble_buffers=1"));
        }
    }

    @Test
    void aPointOfSeveralPassesIsOnePassForFio() {
        Point fivePasses = Presets.get(Presets.CRYSTALDISKMARK).points().get(0);
        assertTrue(fivePasses.passes() > 1);
        String job = FioJobFile.renderMeasurement(fivePasses, "/tmp/x");
        assertEquals(1, job.lines().filter(l -> l.startsWith("[") && !l.equals("[global]")).count(), job);
    }

    @Test
    void fioLaysOutAFileItCreatesAndRegistersItAsTheEngineDoes() {
        Point first = Presets.get(Presets.QUICK).points().get(0);
        List<String> lines = List.of(FioJobFile.renderMeasurement(first, "/tmp/x.img",
                FioCost.options(first, false)).split("\n"));
        assertTrue(lines.contains("overwrite=1"), "written whole before the point, not into unwritten extents");
        assertTrue(lines.contains("registerfiles=1"));
        assertTrue(lines.contains("disable_slat=1"));
        assertTrue(lines.contains("iodepth_batch_submit=" + first.iodepth()));
        assertFalse(lines.contains("fixedbufs=1"), "a remote server's locked-memory limit is unknown");
    }

    @Test
    void aPointOfARunKeptToCpusIsMeasuredOnThem() {
        Point first = Presets.get(Presets.QUICK).points().get(0);
        List<String> lines = List.of(FioJobFile.renderMeasurement(first, "/tmp/x.img", List.of(), "0,1")
                .split("\n"));
        int section = lines.indexOf("[" + first.key() + "]");
        assertTrue(lines.indexOf("cpus_allowed=0,1") > section && section > 0, String.join("\n", lines));
        assertFalse(FioJobFile.renderMeasurement(first, "/tmp/x.img").contains("cpus_allowed"));
    }

    @Test
    void aPacedPointSubmitsEachIoAtItsTime() {
        Point paced = Presets.get(Presets.LATENCY_UNDER_LOAD).points().stream().filter(p -> p.load() != null)
                .findFirst().orElseThrow();
        assertFalse(FioJobFile.renderMeasurement(paced, "/tmp/x.img", FioCost.options(paced, true)).lines()
                .anyMatch(o -> o.startsWith("iodepth_batch")));
    }

    @Test
    void pinnedBuffersAreOneLargestBlockPerIoInFlightPerJob() {
        Point p = Presets.get(Presets.QUICK).points().stream().filter(x -> x.iodepth() == 32 && x.numjobs() == 2)
                .findFirst().orElseThrow();
        assertEquals(32L * 2 * p.workload().maxBs(), FioCost.pinnedBytes(p));
    }
}
