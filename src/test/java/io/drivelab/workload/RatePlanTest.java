package io.drivelab.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A workload at a sustained rate: "rateIops" in a plan file, the engine's --rate_iops for each of its points. */
class RatePlanTest {

    private static String plan(String workload) {
        return "{\"name\": \"p\", \"steps\": [{\"workload\": " + workload
                + ", \"matrix\": {\"iodepths\": [1, 32], \"numjobs\": [2], \"runtime\": 10}}]}";
    }

    private static final String RATED = "{\"rw\": \"randread\", \"bs\": \"4k\", \"rateIops\": 5000}";

    @Test
    void everyPointOfARatedWorkloadRunsAtItsRate() {
        TestPlan p = PlanFiles.fromJson(plan(RATED), "plan.json");

        assertEquals(2, p.points().size());
        for (Point point : p.points()) {
            assertTrue(point.toEngineArgs("/tmp/x").contains("--rate_iops=5000"), point.toEngineArgs("/tmp/x")
                    .toString());
            assertTrue(point.describe().contains("at 5000 IOPS per job"), point.describe());
        }
    }

    @Test
    void aWorkloadWithoutARateRunsAsFastAsTheDriveGoes() {
        Point point = PlanFiles.fromJson(plan("{\"rw\": \"randread\", \"bs\": \"4k\"}"), "plan.json").points().get(0);

        assertFalse(point.toEngineArgs("/tmp/x").stream().anyMatch(a -> a.startsWith("--rate")));
    }

    @Test
    void theRateSurvivesSavingThePlanAndSerialisingAPoint() throws Exception {
        TestPlan p = PlanFiles.fromJson(plan(RATED), "plan.json");

        String saved = PlanFiles.toJson(p);
        assertTrue(saved.contains("\"rateIops\""), saved);
        assertEquals(p, PlanFiles.fromJson(saved, "saved.json"));
        ObjectMapper mapper = new ObjectMapper();
        Point point = p.points().get(0);
        assertEquals(point, mapper.readValue(mapper.writeValueAsString(point), Point.class));
    }

    @Test
    void aRateOutOfRangeIsRefusedNamingTheField() {
        for (String bad : List.of("0", "-5", "100000001", "\"fast\"")) {
            PlanException e = assertThrows(PlanException.class, () -> PlanFiles.fromJson(
                    plan("{\"rw\": \"randread\", \"bs\": \"4k\", \"rateIops\": " + bad + "}"), "plan.json"));
            assertTrue(e.getMessage().contains("rateIops"), e.getMessage());
        }
    }

    @Test
    void aPreconditionDerivedFromARatedWorkloadIsNotRated() {
        Workload rated = Workload.of(Rw.RANDREAD, 4096).withRateIops(5000);

        assertEquals(5000, rated.rateIops());
        assertEquals(null, rated.withRw("fill", Rw.WRITE).rateIops());
    }
}
