package io.drivelab.workload;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plans the engine cannot run, or that cannot even be counted, are refused when read, naming the field. */
class PlanLimitsTest {

    private static String problems(String json) {
        PlanException e = assertThrows(PlanException.class, () -> PlanFiles.fromJson(json, "plan.json"));
        return e.problems().stream().map(PlanException.Problem::toString).collect(Collectors.joining("\n"));
    }

    private static String fill(String fields) {
        return "{\"name\": \"p\", \"steps\": [{\"precondition\": {\"type\": \"fill\", " + fields + "}},"
                + " {\"workload\": {\"rw\": \"read\", \"bs\": \"4k\"}, \"matrix\": {\"iodepths\": [1],"
                + " \"numjobs\": [1], \"runtime\": 5}}]}";
    }

    private static String matrix(String matrix) {
        return "{\"name\": \"p\", \"steps\": [{\"workload\": {\"rw\": \"randread\", \"bs\": \"4k\"}, \"matrix\": "
                + matrix + "}]}";
    }

    @Test
    void aFillWhoseIoSizeIsNotAMultipleOfItsBlockSizeIsRefused() {
        String p = problems(fill("\"bs\": \"4k\", \"ioSize\": \"6k\""));
        assertTrue(p.contains("steps[0].precondition.ioSize") && p.contains("multiple of bs 4k"), p);
    }

    @Test
    void aFillWhoseIoSizeIsSmallerThanItsBlockSizeIsRefused() {
        String p = problems(fill("\"bs\": \"1m\", \"ioSize\": \"64k\""));
        assertTrue(p.contains("steps[0].precondition.ioSize") && p.contains("smaller than"), p);
    }

    @Test
    void aFillOfWholeBlocksStillReads() {
        TestPlan plan = PlanFiles.fromJson(fill("\"bs\": \"4k\", \"ioSize\": \"8k\""), "plan.json");
        assertEquals(8192 * 1, plan.estimatedDuration().fixedBytes());
    }

    @Test
    void anIodepthAboveWhatIoUringTakesIsRefusedNamingTheMaximum() {
        String p = problems(matrix("{\"iodepths\": [32769], \"numjobs\": [1], \"runtime\": 5}"));
        assertTrue(p.contains("iodepths[0]") && p.contains("32768"), p);
        // the largest ring still reads
        PlanFiles.fromJson(matrix("{\"iodepths\": [32768], \"numjobs\": [1], \"runtime\": 5}"), "p");
    }

    @Test
    void tooManyIosInFlightOverAllJobsAreRefusedNamingTheMaximum() {
        String p = problems(matrix("{\"iodepths\": [1024], \"numjobs\": [1024], \"runtime\": 5}"));
        assertTrue(p.contains("steps[0].matrix") && p.contains("65536 I/Os in flight"), p);
        String pre = problems(fill("\"bs\": \"4k\", \"iodepth\": 4096, \"numjobs\": 64"));
        assertTrue(pre.contains("steps[0].precondition") && pre.contains("65536 I/Os in flight"), pre);
    }

    @Test
    void aHugeMatrixIsRefusedBeforeItsPointsAreMade() {
        String depths = IntStream.rangeClosed(1, 32768).mapToObj(Integer::toString).collect(Collectors.joining(","));
        String jobs = IntStream.rangeClosed(1, 1024).mapToObj(Integer::toString).collect(Collectors.joining(","));
        String p = problems(matrix("{\"iodepths\": [" + depths + "], \"numjobs\": [" + jobs + "], \"runtime\": 5}"));
        assertTrue(p.contains("steps[0].matrix") && p.contains("33554432 points") && p.contains("10000"), p);
    }

    @Test
    void manyStepsTogetherMayNotExceedThePointLimit() {
        List<Step> steps = new ArrayList<>();
        Matrix hundred = Matrix.of(IntStream.rangeClosed(1, 10).boxed().toList(),
                IntStream.rangeClosed(1, 10).boxed().toList(), 1, 0, 0);
        for (int i = 0; i < 101; i++) {
            steps.add(new WorkloadStep(Workload.of(Rw.READ, 4096), hundred));
        }
        PlanException e = assertThrows(PlanException.class, () -> new TestPlan("big", "", Region.WHOLE, steps));
        assertTrue(e.getMessage().contains("10100 points") && e.getMessage().contains("10000"), e.getMessage());
    }

    @Test
    void fillBytesThatOverflowAreRefused() {
        String p = problems(fill("\"bs\": \"4k\", \"ioSize\": \"8000p\", \"numjobs\": 2"));
        assertTrue(p.contains("steps[0].precondition.ioSize") && p.contains("too large"), p);
    }

    @Test
    void longTimesAddUpWithoutWrappingAround() {
        TestPlan plan = PlanFiles.fromJson(matrix("{\"iodepths\": [1], \"numjobs\": [1], \"runtime\": 2147483647,"
                + " \"ramp\": 2147483647}"), "p");
        assertEquals(2L * Integer.MAX_VALUE, plan.estimatedDuration().timed().getSeconds());
    }

    @Test
    void sizesAreDecimalAndLeadingZerosAreNotOctal() {
        TestPlan plan = PlanFiles.fromJson(fill("\"bs\": \"4k\", \"ioSize\": \"012k\""), "plan.json");
        Precondition.Fill f = (Precondition.Fill) plan.steps().get(0);
        assertEquals(12 * 1024, f.ioSize());
        String p = problems(fill("\"bs\": \"4k\", \"ioSize\": \"0x10\""));
        assertTrue(p.contains("ioSize") && p.contains("is not a size"), p);
    }
}
