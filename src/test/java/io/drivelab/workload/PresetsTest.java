package io.drivelab.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PresetsTest {

    static Stream<String> presets() {
        return Presets.names().stream();
    }

    private static long count(TestPlan p, PlanItem.Kind kind) {
        return p.expand().stream().filter(i -> i.kind() == kind).count();
    }

    @Test
    void theEightPresetsAreThere() {
        assertEquals(List.of("quick", "crystaldiskmark", "storagereview-fio", "storagereview-cdn", "dlio-checkpoint",
                "gdsio-sweep", "latency-under-load", "kv-cache-offload"), Presets.names());
    }

    @Test
    void eachPresetHasAOneLineSummaryAndAnEstimate() {
        for (Presets.Preset p : Presets.all()) {
            assertFalse(p.summary().isBlank(), p.name());
            assertTrue(p.summary().length() <= 100, p.summary());
            assertEquals(Presets.get(p.name()), p.plan());
            assertFalse(PlanEstimate.duration(p.plan()).isBlank(), p.name());
        }
        assertEquals(Presets.names(), Presets.all().stream().map(Presets.Preset::name).toList());
    }

    @Test
    void anUnknownPresetListsTheKnownOnes() {
        PlanException e = assertThrows(PlanException.class, () -> Presets.get("iometer"));
        assertEquals("preset: \"iometer\" is not a preset; known: quick, crystaldiskmark, storagereview-fio, "
                + "storagereview-cdn, dlio-checkpoint, gdsio-sweep, latency-under-load, kv-cache-offload",
                e.getMessage());
    }

    @Test
    void storagereviewFioHas182MeasuredPointsAndFivePreconditions() {
        TestPlan p = Presets.get("storagereview-fio");
        int sequential = 2;                            // 128K write 16/1, read 64/1
        int random = 3 * 2 * 6 * 5;                    // 64K/16K/4K x read/write x IODepth 1-32 x NumJobs 1-16
        assertEquals(sequential + random, count(p, PlanItem.Kind.MEASURE));
        // the two fills, then a fresh one before 128K sequential and before each random block size
        assertEquals(1 + 1 + 3, count(p, PlanItem.Kind.PRECONDITION));
        assertEquals(0, count(p, PlanItem.Kind.IDLE));
        assertTrue(p.freshPreconditionOnBsChange());
    }

    @Test
    void storagereviewFioRunsTheSeedsSequentialPoints() {
        List<String> keys = Presets.get("storagereview-fio").expand().stream()
                .map(i -> i.point().key()).limit(4).toList();
        assertEquals(List.of("01-fill-128k-qd256-j1", "02-fill-128k-qd256-j1", "02-write-128k-qd16-j1",
                "03-read-128k-qd64-j1"), keys);
        PlanItem fills = Presets.get("storagereview-fio").expand().get(0);
        assertEquals(2, fills.point().loops(), "two full sequential fills");
    }

    @Test
    void storagereviewCdnHas36MeasuredPointsWith180SecondsIdleBetween() {
        TestPlan p = Presets.get("storagereview-cdn");
        int points = 2 * 3 * 6;                        // write mix, read mix x NumJobs 1/2/4 x IODepth 1-32
        assertEquals(points, count(p, PlanItem.Kind.MEASURE));
        assertEquals(2, count(p, PlanItem.Kind.PRECONDITION), "1 MiB fill, 3 h saturation");
        assertEquals(points - 1, count(p, PlanItem.Kind.IDLE));
        assertTrue(p.expand().stream().filter(PlanItem::isIdle).allMatch(i -> i.idleSeconds() == 180));
        assertTrue(p.points().stream().allMatch(pt -> pt.runtime() == 300));
        PlanItem saturation = p.expand().get(1);
        assertEquals(3 * 3600, saturation.point().runtime());
        assertEquals(Presets.cdnWriteMix(), saturation.point().workload().mix());
        PlanItem fill = p.expand().get(0);
        assertEquals(1024 * 1024, fill.point().workload().bs());
        assertEquals(4, fill.point().numjobs());
    }

    @Test
    void storagereviewCdnSweepsIodepthWithinEachJobCount() {
        List<String> first = Presets.get("storagereview-cdn").points().stream().map(Point::key).limit(7).toList();
        assertEquals(List.of("03-randwrite-128k-mix-qd1-j1", "03-randwrite-128k-mix-qd2-j1",
                "03-randwrite-128k-mix-qd4-j1", "03-randwrite-128k-mix-qd8-j1", "03-randwrite-128k-mix-qd16-j1",
                "03-randwrite-128k-mix-qd32-j1", "03-randwrite-128k-mix-qd1-j2"), first);
    }

    @Test
    void crystalDiskMarkHasEightTestsOfFivePassesKeepingTheBest() {
        TestPlan p = Presets.get("crystaldiskmark");
        int tests = 4 * 2;                             // SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1 x r/w
        assertEquals(tests, count(p, PlanItem.Kind.MEASURE));
        assertTrue(p.points().stream().allMatch(pt -> pt.passes() == 5 && pt.keep() == Matrix.Keep.BEST));
        assertEquals(8L << 30, p.target().size());
        assertEquals(List.of("01-read-1m-qd8-j1", "02-read-128k-qd32-j1", "03-randread-4k-qd32-j16",
                "04-randread-4k-qd1-j1", "05-write-1m-qd8-j1", "06-write-128k-qd32-j1", "07-randwrite-4k-qd32-j16",
                "08-randwrite-4k-qd1-j1"), p.points().stream().map(Point::key).toList());
    }

    @Test
    void quickTakesOneToTwoMinutes() {
        TestPlan p = Presets.get("quick");
        assertEquals(4 * 2 * 2, count(p, PlanItem.Kind.MEASURE));
        long seconds = p.estimatedDuration().timed().getSeconds();
        assertTrue(seconds >= 60 && seconds <= 120, seconds + " s");
        assertFalse(p.estimatedDuration().dependsOnDrive());
    }

    @ParameterizedTest
    @MethodSource("presets")
    void everyPresetRoundTripsThroughJsonUnchanged(String name) {
        TestPlan p = Presets.get(name);
        String json = PlanFiles.toJson(p);
        TestPlan back = PlanFiles.fromJson(json, name + ".json");
        assertEquals(p, back);
        assertEquals(json, PlanFiles.toJson(back));
        assertEquals(p.expand(), back.expand());
    }

    @ParameterizedTest
    @MethodSource("presets")
    void everyPresetsEstimateIsTheSumOfItsParts(String name) {
        TestPlan p = Presets.get(name);
        long seconds = 0;
        double passes = 0;
        for (PlanItem item : p.expand()) {
            switch (item.kind()) {
                case IDLE -> seconds += item.idleSeconds();
                case MEASURE -> {
                    if (item.point().isCheckpoint()) {
                        // checkpoints of a share of the target write that share of it per checkpoint
                        Checkpoint c = item.point().checkpoint();
                        passes += c.sharePercent() / 100 * c.perPass() * c.passes();
                    } else {
                        seconds += (long) item.point().passes() * (item.point().runtime() + item.point().ramp());
                    }
                }
                case PRECONDITION -> {
                    if (item.point().runtime() != null) {
                        seconds += (long) item.point().runtime() * Math.max(1, item.maxRounds());
                    } else {
                        passes += item.point().loops();
                    }
                }
            }
        }
        assertEquals(seconds, p.estimatedDuration().timed().getSeconds());
        assertEquals(passes, p.estimatedDuration().regionPasses(), 1e-9);
    }

    @Test
    void theEstimatesAreWhatTheDescriptionsPromise() {
        // 182 points x (60 s + 10 s ramp) + 3 steady-state preconditions of at most 25 x 60 s
        assertEquals(182 * 70 + 3 * 25 * 60, Presets.get("storagereview-fio").estimatedDuration().timed().getSeconds());
        // 3 h saturation + 36 x 300 s + 35 x 180 s idle
        assertEquals(3 * 3600 + 36 * 300 + 35 * 180,
                Presets.get("storagereview-cdn").estimatedDuration().timed().getSeconds());
        // 8 tests x 5 passes x 5 s + 7 x 5 s idle
        assertEquals(8 * 5 * 5 + 7 * 5, Presets.get("crystaldiskmark").estimatedDuration().timed().getSeconds());
        // 16 points x (5 s + 1 s ramp)
        assertEquals(16 * 6, Presets.get("quick").estimatedDuration().timed().getSeconds());
    }

    @ParameterizedTest
    @MethodSource("presets")
    void everyPresetIsDescribedAndHasUniqueKeys(String name) {
        TestPlan p = Presets.get(name);
        assertEquals(name, p.name());
        assertTrue(p.description().length() > 80, p.description());
        List<String> keys = p.expand().stream().filter(i -> !i.isIdle()).map(i -> i.point().key()).toList();
        assertEquals(keys.size(), new HashSet<>(keys).size(), "keys are unique: " + keys);
    }

    @Test
    void theCdnDescriptionSaysHowTheTailsAreSpread() {
        String d = Presets.get("storagereview-cdn").description();
        assertTrue(d.contains("0.3725 %"), d);
        assertTrue(d.contains("0.55 %") && d.contains("0.54 %"), d);
    }

    @Test
    void withTimesShortensAPresetForATrial() {
        TestPlan trial = Presets.get("storagereview-cdn").withTimes(5, 1, 0);
        assertEquals(3 * 3600 + 36 * 6, trial.estimatedDuration().timed().getSeconds(),
                "preconditions keep their time, points and idle shrink");
    }
}
