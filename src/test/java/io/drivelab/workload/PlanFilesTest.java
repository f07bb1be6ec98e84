package io.drivelab.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlanFilesTest {

    @TempDir
    Path dir;

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(Objects.requireNonNull(PlanFilesTest.class.getResource("/plans/" + name), name).toURI());
    }

    /** The problems of a plan text, one line each without the file name. */
    private static List<String> problems(String json) {
        PlanException e = assertThrows(PlanException.class, () -> PlanFiles.fromJson(json, "plan.json"));
        return e.problems().stream().map(PlanException.Problem::toString).toList();
    }

    private static String plan(String workload, String matrix) {
        return "{\"name\": \"p\", \"steps\": [{\"workload\": " + workload + ", \"matrix\": " + matrix + "}]}";
    }

    private static final String MATRIX = "{\"iodepths\": [1], \"numjobs\": [1], \"runtime\": 10}";
    private static final String WORKLOAD = "{\"rw\": \"randread\", \"bs\": \"4k\"}";

    @Test
    void aHandWrittenPlanLoadsWithItsUnitsAndComments() throws Exception {
        TestPlan p = PlanFiles.load(resource("valid.json"));
        assertEquals("lab-check", p.name());
        assertEquals(new Region(8L << 30, 1L << 20), p.target());
        Precondition.Fill fill = assertInstanceOf(Precondition.Fill.class, p.steps().get(0));
        assertEquals(128 * 1024, fill.bs());
        assertEquals(1, fill.numjobs(), "numjobs defaults to 1, as in the engine");
        assertEquals(2, fill.loops());
        Precondition.Saturate sat = assertInstanceOf(Precondition.Saturate.class, p.steps().get(1));
        assertEquals(3600, sat.runtime());
        assertEquals(new BigDecimal("98.51"), sat.mix().shares().get(0).weight());
        WorkloadStep read = assertInstanceOf(WorkloadStep.class, p.steps().get(2));
        assertEquals(60, read.matrix().runtime());
        assertEquals(10, read.matrix().idle());
        WorkloadStep mixed = assertInstanceOf(WorkloadStep.class, p.steps().get(3));
        assertEquals("16k/60:4k/40", mixed.workload().mix().toEngineSpec());
        assertEquals(70, mixed.workload().rwmixread());
        assertEquals("16k-mix randrw", mixed.workload().name(), "a workload without a name is named after itself");
        assertEquals(3, mixed.matrix().passes());
        assertEquals(Matrix.Keep.MEAN, mixed.matrix().keep());
        assertEquals(Matrix.Outer.NUMJOBS, mixed.matrix().outer());
    }

    @Test
    void aPlanSavedAndLoadedIsTheSamePlan() throws Exception {
        TestPlan p = PlanFiles.load(resource("valid.json"));
        Path file = dir.resolve("sub/copy.json");
        PlanFiles.save(p, file);
        assertEquals(p, PlanFiles.load(file));
        assertEquals(PlanFiles.toJson(p), Files.readString(file));
    }

    @Test
    void aPlainObjectMapperReadsAndWritesTheSameFormat() throws Exception {
        TestPlan p = PlanFiles.load(resource("valid.json"));
        ObjectMapper mapper = new ObjectMapper();
        String json = mapper.writeValueAsString(p);
        assertEquals(p, PlanFiles.fromJson(json, null));
        assertEquals(p, mapper.readValue(json, TestPlan.class));
    }

    @Test
    void everyBadFieldOfAFileIsReportedWithFilePathAndValue() throws Exception {
        PlanException e = assertThrows(PlanException.class, () -> PlanFiles.load(resource("bad-fields.json")));
        assertEquals("bad-fields.json", e.source());
        List<String> lines = List.of(e.getMessage().split("\n"));
        assertTrue(lines.contains("bad-fields.json: steps[2].workload.bs: \"4000\" is not a multiple of 512"),
                e.getMessage());
        assertTrue(lines.contains("bad-fields.json: steps[3].workload.rw: \"sideways\" is not one of read, write, "
                + "randread, randwrite, randrw, rw"), e.getMessage());
        assertTrue(lines.contains("bad-fields.json: steps[3].matrix.iodepths: is empty; give at least one value"),
                e.getMessage());
        assertTrue(lines.contains("bad-fields.json: steps[3].matrix.runtime: -5 is negative"), e.getMessage());
        assertTrue(lines.contains("bad-fields.json: steps[4].workload.bssplit: weights add up to 93.21, not 100"),
                e.getMessage());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(
                "bad-fields.json: steps[4].matrix.iodpeths: unknown property (did you mean \"iodepths\"?)")),
                e.getMessage());
        assertTrue(lines.stream().noneMatch(l -> l.contains("steps[0]") || l.contains("steps[1]")),
                "good steps have no problems: " + e.getMessage());
    }

    @Test
    void malformedJsonIsReportedWithLineAndColumn() throws Exception {
        PlanException e = assertThrows(PlanException.class, () -> PlanFiles.load(resource("malformed.json")));
        assertTrue(e.getMessage().startsWith("malformed.json: line 4, column "), e.getMessage());
        assertTrue(e.getMessage().contains("malformed JSON"), e.getMessage());
    }

    @Test
    void aMissingFileIsAPlanProblemToo() {
        PlanException e = assertThrows(PlanException.class, () -> PlanFiles.load(dir.resolve("nope.json")));
        assertTrue(e.getMessage().endsWith("nope.json: no such file"), e.getMessage());
    }

    @Test
    void anEmptyTextIsNotAPlan() {
        assertEquals(List.of("is empty; a plan is a JSON object with a name and steps"), problems(""));
        assertEquals(List.of("[1,2] is not a plan object {...}"), problems("[1, 2]"));
    }

    @Test
    void sizesMayBeWrittenAsPeopleWriteThem() {
        for (String bs : List.of("\"4k\"", "\"4K\"", "\"4KiB\"", "4096", "\"4096\"")) {
            TestPlan p = PlanFiles.fromJson(plan("{\"rw\": \"read\", \"bs\": " + bs + "}", MATRIX), null);
            assertEquals(4096L, ((WorkloadStep) p.steps().get(0)).workload().bs(), bs);
        }
    }

    @Test
    void aBlockSizeThatIsNotASizeSaysWhatIsExpected() {
        assertEquals(List.of("steps[0].workload.bs: \"4kb7\" is not a size (e.g. 4096, 4k, 128K, 1m, 1MiB)"),
                problems(plan("{\"rw\": \"read\", \"bs\": \"4kb7\"}", MATRIX)));
    }

    @Test
    void bsAndBssplitTogetherAreRefused() {
        assertEquals(List.of("steps[0].workload.bs: give bs or bssplit, not both"),
                problems(plan("{\"rw\": \"read\", \"bs\": \"4k\", \"bssplit\": \"4k/100\"}", MATRIX)));
    }

    @Test
    void aWorkloadWithoutATransferSizeSaysHowToGiveOne() {
        assertEquals(List.of("steps[0].workload.bs: missing: give bs (e.g. \"4k\") or bssplit (e.g. "
                + "\"128k/90:4k/10\")"), problems(plan("{\"rw\": \"read\"}", MATRIX)));
    }

    @Test
    void mixEntriesAreCheckedOneByOne() {
        List<String> p = problems(plan("{\"rw\": \"randread\", \"bssplit\": [{\"bs\": \"4k\", \"weight\": 0},"
                + " {\"bs\": \"3000\", \"weight\": 50}, {\"bs\": \"8k\", \"wieght\": 50}]}", MATRIX));
        assertTrue(p.contains("steps[0].workload.bssplit[0].weight: 0 is not a percentage above 0 and up to 100"),
                p.toString());
        assertTrue(p.contains("steps[0].workload.bssplit[1].bs: \"3000\" is not a multiple of 512"), p.toString());
        assertTrue(p.stream().anyMatch(l -> l.startsWith("steps[0].workload.bssplit[2].wieght: unknown property")),
                p.toString());
    }

    @Test
    void matrixValuesAreCheckedOneByOne() {
        List<String> p = problems(plan(WORKLOAD, "{\"iodepths\": [1, 0, 1.5, 70000], \"numjobs\": [2, 2], "
                + "\"runtime\": 0, \"ramp\": \"-1\", \"idle\": \"3 days\", \"passes\": 0, \"keep\": \"worst\"}"));
        assertEquals(List.of(
                "steps[0].matrix.iodepths[1]: 0 is not a number from 1 to 32768",
                "steps[0].matrix.iodepths[2]: 1.5 is not a whole number",
                "steps[0].matrix.iodepths[3]: 70000 is not a number from 1 to 32768",
                "steps[0].matrix.numjobs: [2, 2] lists a value twice",
                "steps[0].matrix.runtime: 0 is not a duration above 0",
                "steps[0].matrix.ramp: \"-1\" is not a duration (seconds, or e.g. 90s, 5m, 3h)",
                "steps[0].matrix.idle: \"3 days\" is not a duration (seconds, or e.g. 90s, 5m, 3h)",
                "steps[0].matrix.passes: 0 is not a number from 1 to 1000",
                "steps[0].matrix.keep: \"worst\" is not one of best, mean"), p);
    }

    @Test
    void aMatrixNeedsARuntime() {
        assertEquals(List.of("steps[0].matrix.runtime: missing: a matrix needs runtime, the measured seconds per "
                + "point"), problems(plan(WORKLOAD, "{\"iodepths\": [1], \"numjobs\": [1]}")));
    }

    @Test
    void rwmixreadOnAPureWorkloadIsRefused() {
        assertEquals(List.of("steps[0].workload.rwmixread: only applies to randrw and rw, not randread"),
                problems(plan("{\"rw\": \"randread\", \"bs\": \"4k\", \"rwmixread\": 70}", MATRIX)));
    }

    @Test
    void preconditionsAreCheckedByTheirType() {
        String json = "{\"name\": \"p\", \"steps\": ["
                + "{\"precondition\": {\"type\": \"fill\", \"bs\": \"128k\", \"runtime\": 60}},"
                + "{\"precondition\": {\"type\": \"saturate\", \"bs\": \"4k\"}},"
                + "{\"precondition\": {\"type\": \"steady-state\", \"bs\": \"4k\", \"maxRounds\": 25}},"
                + "{\"precondition\": {\"type\": \"trim\"}}]}";
        List<String> p = problems(json);
        assertTrue(p.stream().anyMatch(l -> l.startsWith("steps[0].precondition.runtime: unknown property; "
                + "a fill precondition has type, name, bs, bssplit, iodepth, numjobs, loops, ioSize")), p.toString());
        assertTrue(p.contains("steps[1].precondition.runtime: missing: a saturate precondition needs runtime, in "
                + "seconds"), p.toString());
        assertTrue(p.contains("steps[2].precondition.roundRuntime: missing: a steady-state precondition needs "
                + "roundRuntime, the seconds of one round"), p.toString());
        assertTrue(p.contains("steps[3].precondition.type: \"trim\" is not one of fill, saturate, steady-state"),
                p.toString());
    }

    @Test
    void aStepIsEitherAPreconditionOrAWorkload() {
        String json = "{\"name\": \"p\", \"steps\": [{\"precondition\": {\"type\": \"fill\", \"bs\": \"1m\"}, "
                + "\"workload\": " + WORKLOAD + ", \"matrix\": " + MATRIX + "}, {\"workload\": " + WORKLOAD + "}]}";
        assertEquals(List.of(
                "steps[0]: a step is either {\"precondition\": ...} or {\"workload\": ..., \"matrix\": ...}, not both",
                "steps[1].matrix: missing: a workload step needs a matrix (iodepths, numjobs, runtime)"),
                problems(json));
    }

    @Test
    void unknownTopLevelPropertiesAreRefused() {
        List<String> p = problems("{\"name\": \"p\", \"stpes\": []}");
        assertTrue(p.get(0).startsWith("stpes: unknown property (did you mean \"steps\"?)"), p.toString());
        assertTrue(p.contains("steps: missing: a plan needs steps, e.g. [{\"workload\": {...}, \"matrix\": {...}}]"),
                p.toString());
    }

    @Test
    void theFreshPreconditionFlagUsesTheSeedsDefaultsUnlessGiven() {
        String steps = "\"steps\": [{\"workload\": " + WORKLOAD + ", \"matrix\": " + MATRIX + "}]";
        TestPlan on = PlanFiles.fromJson("{\"name\": \"p\", \"freshPreconditionOnBsChange\": true, " + steps + "}",
                null);
        assertEquals(FreshPrecondition.DEFAULT, on.freshPrecondition());
        TestPlan custom = PlanFiles.fromJson("{\"name\": \"p\", \"freshPreconditionOnBsChange\": true, "
                + "\"freshPrecondition\": {\"random\": {\"iodepth\": 64, \"numjobs\": 8, \"runtime\": \"30m\"}}, "
                + steps + "}", null);
        assertEquals(new FreshPrecondition.Random(64, 8, 1800, null, null), custom.freshPrecondition().random());
        assertEquals(FreshPrecondition.DEFAULT.sequential(), custom.freshPrecondition().sequential());
        assertEquals(custom, PlanFiles.fromJson(PlanFiles.toJson(custom), null));
        TestPlan off = PlanFiles.fromJson("{\"name\": \"p\", " + steps + "}", null);
        assertNull(off.freshPrecondition());
        assertFalse(PlanFiles.toJson(off).contains("fresh"));
    }

    @Test
    void aDuplicatePropertyIsMalformed() {
        List<String> p = problems("{\"name\": \"p\", \"name\": \"q\", \"steps\": []}");
        assertTrue(p.get(0).startsWith("line 1, column "), p.toString());
        assertTrue(p.get(0).contains("Duplicate field 'name'"), p.toString());
    }

    @Test
    void aStepSaysItsKindAndTheKindSurvivesARename() {
        String json = "{\"name\": \"my sweep\", \"steps\": [{\"kind\": \"gdsio-sweep\", \"workload\": "
                + "{\"name\": \"big read\", \"rw\": \"read\", \"bs\": \"1m\"}, \"matrix\": " + MATRIX + "}]}";
        TestPlan plan = PlanFiles.fromJson(json, "plan.json");
        assertEquals(WorkloadKind.GDSIO_SWEEP, ((WorkloadStep) plan.steps().get(0)).kind());
        assertEquals(WorkloadKind.GDSIO_SWEEP, plan.points().get(0).kind());
        TestPlan again = PlanFiles.fromJson(PlanFiles.toJson(plan.withName("renamed", "")), "again.json");
        assertEquals(WorkloadKind.GDSIO_SWEEP, again.points().get(0).kind());
    }

    @Test
    void aKindThatIsNotOneIsNamed() {
        String json = "{\"name\": \"p\", \"steps\": [{\"kind\": \"sweep\", \"workload\": " + WORKLOAD
                + ", \"matrix\": " + MATRIX + "}]}";
        assertEquals(List.of("steps[0].kind: \"sweep\" is not one of matrix, gdsio-sweep, checkpoint, "
                + "latency-under-load"), problems(json));
        String random = "{\"name\": \"p\", \"steps\": [{\"kind\": \"gdsio-sweep\", \"workload\": " + WORKLOAD
                + ", \"matrix\": " + MATRIX + "}]}";
        assertTrue(problems(random).get(0).startsWith("steps[0].kind: a gdsio sweep is sequential read or write"),
                problems(random).toString());
    }

    @Test
    void anOlderPlanWithoutKindsIsAMatrixUnlessItIsTheGdsioPreset() {
        assertEquals(WorkloadKind.MATRIX, PlanFiles.fromJson(plan(WORKLOAD, MATRIX), "p").points().get(0).kind());
        String gdsio = "{\"name\": \"gdsio-sweep\", \"steps\": [{\"workload\": {\"rw\": \"write\", \"bs\": "
                + "\"16k\"}, \"matrix\": " + MATRIX + "}]}";
        assertEquals(WorkloadKind.GDSIO_SWEEP, PlanFiles.fromJson(gdsio, "p").points().get(0).kind());
    }
}
