package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.workload.Point;
import io.drivelab.workload.Presets;

class PlanShowCommandTest {
    @TempDir
    Path dir;


    static String planFile(String name) {
        URL url = PlanShowCommandTest.class.getResource("/plans/" + name);
        try {
            return Path.of(url.toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The lines of the items table, without its header. */
    static List<String> items(Cli.Result result) {
        List<String> lines = result.lines();
        int header = lines.indexOf("Items, in the order they run:") + 1;
        assertTrue(lines.get(header).matches(" *# +KIND +KEY +WORKLOAD +WHAT"), lines.get(header));
        return lines.subList(header + 1, lines.size());
    }

    @Test
    void aLatencyUnderLoadStepShowsItsPeakAndItsOfferedSharesThenAPointForEach() {
        Cli.Result result = Cli.run("plan", "show", "latency-under-load");

        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().contains("latency-under-load  4K random read under load  randread 4k, IODepth 32 x "
                + "NumJobs 8 (the peak, then 10,20,30,40,50,60,70,80,90,100 % of it), 30 s + 5 s ramp"), result.out());
        List<String> items = items(result);
        assertTrue(items.get(1).contains("02-randread-4k-qd32-j8-peak"), items.toString());
        assertTrue(items.get(7).contains("02-randread-4k-qd32-j8-load060")
                && items.get(7).contains("(60 % of the peak)"), items.toString());
    }

    @Test
    void aPresetShowsEveryMeasuredPointWithItsKeyInOrder() {
        Cli.Result result = Cli.run("plan", "show", "quick");

        assertEquals(0, result.exitCode(), result.toString());
        List<Point> points = Presets.get("quick").points();
        List<String> items = items(result);
        assertEquals(points.size(), items.size(), result.out());
        for (int i = 0; i < points.size(); i++) {
            assertTrue(items.get(i).matches(" *" + (i + 1) + "  measure +" + points.get(i).key() + " .*"),
                    items.get(i));
        }
        assertTrue(items.get(10).endsWith("randread 4k QD32/1, 5 s + 1 s ramp"), items.get(10));
    }

    @Test
    void theHeaderGivesRegionEstimateAndCounts() {
        List<String> lines = Cli.run("plan", "show", "quick").lines();

        assertEquals("Plan:      quick", lines.get(0));
        assertTrue(lines.contains("Region:    the first 1g"), lines.toString());
        assertTrue(lines.contains("Estimate:  1 min 36 s"), lines.toString());
        assertTrue(lines.contains("Items:     16 measured points, 0 preconditions, 0 idle pauses"),
                lines.toString());
    }

    @Test
    void aPlanFileShowsPreconditionsIdlePausesAndSteps() {
        Cli.Result result = Cli.run("plan", "show", planFile("valid.json"));

        assertEquals(0, result.exitCode(), result.toString());
        List<String> lines = result.lines();
        assertTrue(lines.contains("Region:    8g from offset 1m"), result.out());
        assertTrue(lines.contains("Items:     5 measured points, 2 preconditions, 4 idle pauses"), result.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("2  precondition  saturate +saturate: randwrite "
                + "128k-mix QD32/4, 1 h 00 min")), result.out());
        assertTrue(lines.contains("Step 2 mix: 128k/98.51:64k/1.49"), result.out());
        List<String> items = items(result);
        assertTrue(items.get(0).matches(" 1  precondition  01-fill-128k-qd32-j1 +fill +write 128k QD32/1, 2 passes "
                + "over the region"), items.get(0));
        assertTrue(items.get(3).matches(" 4  idle +- +- +rest 10 s"), items.get(3));
        assertTrue(items.get(10).matches("11  measure +04-randrw-16k-mix-qd8-j2 .* randrw 16k-mix \\(70% reads\\) "
                + "QD8/2, 30 s, mean of 3"), items.get(10));
    }

    @Test
    void aPlanFileWithBadFieldsListsEveryProblemAndExits2() {
        Cli.Result result = Cli.run("plan", "show", planFile("bad-fields.json"));

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("", result.out());
        List<String> errors = result.err().lines().toList();
        assertTrue(errors.contains("drivelab: bad-fields.json: steps[2].workload.bs: \"4000\" is not a multiple of "
                + "512"), result.err());
        assertTrue(errors.contains("drivelab: bad-fields.json: steps[3].matrix.runtime: -5 is negative"),
                result.err());
        assertTrue(errors.size() >= 5, result.err());
        assertTrue(errors.stream().allMatch(l -> l.startsWith("drivelab: bad-fields.json: steps[")), result.err());
    }

    @Test
    void malformedJsonIsReportedWithLineAndColumnAndExits2() {
        Cli.Result result = Cli.run("plan", "show", planFile("malformed.json"));

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("drivelab: malformed.json: line 4, column "), result.err());
    }

    @Test
    void aWordThatIsNeitherPresetNorFileNamesThePresetsAndExits2() {
        Cli.Result result = Cli.run("plan", "show", "quik");

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("drivelab: \"quik\" is neither a preset (" + String.join(", ", Presets.names())
                + ") nor a plan file\n", result.err());
    }

    @Test
    void aMissingPlanFileExits2() {
        Cli.Result result = Cli.run("plan", "show", "/nonexistent/plan.json");

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("drivelab: /nonexistent/plan.json: no such file\n", result.err());
    }

    @Test
    void aBinaryPlanFileIsNamedAsNotTextWithTheByte() throws Exception {
        Path plan = java.nio.file.Files.write(dir.resolve("plan.json"), new byte[]{'{', '\n', (byte) 0xc3, 0x28});

        Cli.Result result = Cli.run("plan", "show", plan.toString());

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("drivelab: " + plan + ": is not text (UTF-8): byte 2 (0xc3) is not valid; is it a plan file?\n",
                result.err());
    }

    @Test
    void aDeviceAsPlanFileIsRefusedWithoutReadingIt() {
        Cli.Result result = Cli.run("plan", "show", "/dev/zero");

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("drivelab: /dev/zero: is a character device, not a plan file\n", result.err());
    }

    @Test
    void planWithoutASubcommandShowsUsageAndExits2() {
        Cli.Result result = Cli.run("plan");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("Usage: drivelab plan"), result.err());
    }

    private static String matrixPlan(Path dir, String depths, String jobs) throws java.io.IOException {
        Path file = dir.resolve("big.json");
        java.nio.file.Files.writeString(file, "{\"name\": \"big\", \"steps\": [{\"workload\": {\"rw\": \"randread\","
                + " \"bs\": \"4k\"}, \"matrix\": {\"iodepths\": [" + depths + "], \"numjobs\": [" + jobs + "],"
                + " \"runtime\": 1}}]}");
        return file.toString();
    }

    private static String upTo(int n) {
        return java.util.stream.IntStream.rangeClosed(1, n).mapToObj(Integer::toString)
                .collect(java.util.stream.Collectors.joining(","));
    }

    @Test
    void aMatrixOfMillionsOfPointsIsRefusedNamingTheLimit(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Cli.Result result = Cli.run("plan", "show", matrixPlan(dir, upTo(32768), upTo(1024)));

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("steps[0].matrix: makes 33554432 points; a plan has at most 10000 points"),
                result.err());
    }

    @Test
    void anIodepthIoUringCannotTakeIsRefusedNamingTheMaximum(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Cli.Result result = Cli.run("plan", "show", matrixPlan(dir, "65536", "1"));

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("steps[0].matrix.iodepths[0]: 65536 is not a number from 1 to 32768"),
                result.err());
    }

    @Test
    void theGdsioSweepSaysItsStepsAreASweep() {
        List<String> lines = Cli.run("plan", "show", Presets.GDSIO_SWEEP).lines();
        assertTrue(lines.stream().anyMatch(l -> l.matches(" *1 +gdsio-sweep +16K sequential write.*")),
                lines.toString());
    }
}
