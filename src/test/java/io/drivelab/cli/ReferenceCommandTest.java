package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceCommandTest {
    static final String HEADER = "drive,capacity,source,test,rw,bs,iodepth,numjobs,metric,value,unit,note";

    @TempDir
    Path dir;

    Cli.Result reference(String... args) {
        List<String> all = new ArrayList<>(List.of("reference", "--db", dir.resolve("drivelab.db").toString()));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(String[]::new));
    }

    /** RFC 4180 fields of one line (the library's notes hold commas and quotes, never line breaks). */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    @Test
    void csvListsAtLeastTenDrivesAndTwoHundredFiftyFiguresEachWithItsSource() {
        Cli.Result result = reference("--format", "csv");

        assertEquals(0, result.exitCode(), result.toString());
        List<String> lines = result.lines();
        assertEquals(HEADER, lines.get(0));
        List<List<String>> rows = lines.subList(1, lines.size()).stream().map(ReferenceCommandTest::fields).toList();
        assertTrue(rows.size() >= 250, "figures: " + rows.size());
        assertTrue(rows.stream().allMatch(r -> r.size() == 12), "a row without 12 fields");
        Set<String> drives = rows.stream().map(r -> r.get(0)).collect(Collectors.toSet());
        assertTrue(drives.size() >= 10, "drives: " + drives);
        assertTrue(rows.stream().allMatch(r -> r.get(2).matches(".+ \\[\\d{3}_[0-9a-f]{16}\\.txt.*\\] .+")),
                "a figure without its source");
    }

    @Test
    void csvLeavesIodepthAndNumjobsEmptyWhenTheReviewGivesOnlyAPeak() {
        Cli.Result result = reference("--format", "csv", "--drive", "7600 MAX", "--test", "4K random write");

        List<String> peak = fields(result.lines().get(1));
        assertEquals(List.of("Micron 7600 MAX", "6.4TB"), peak.subList(0, 2));
        assertEquals(List.of("randwrite", "4k", "", "", "IOPS", "1781200", "IOPS"), peak.subList(4, 11));
    }

    @Test
    void filtersByDriveAndTest() {
        Cli.Result result = reference("--format", "csv", "--drive", "dc3000me", "--test", "4K random read");

        List<List<String>> rows = result.lines().stream().skip(1).map(ReferenceCommandTest::fields).toList();
        assertTrue(rows.size() >= 15, rows.toString());
        assertTrue(rows.stream().allMatch(r -> r.get(0).equals("Kingston DC3000ME")
                && r.get(3).contains("4K random read")), rows.toString());
    }

    @Test
    void jsonHasEveryFieldOfAFigure() throws Exception {
        Cli.Result result = reference("--format", "json", "--drive", "PS1030", "--test", "128K sequential write");

        JsonNode figures = new ObjectMapper().readTree(result.out());
        JsonNode bandwidth = figures.get(0);
        assertEquals("Solidigm D7-PS1030", bandwidth.path("drive").asText());
        assertEquals("004_dc281e6a42a96554.txt", bandwidth.path("seeds").get(0).asText());
        assertEquals("write", bandwidth.path("rw").asText());
        assertEquals("128k", bandwidth.path("bs").asText());
        assertEquals(16, bandwidth.path("iodepth").asInt());
        assertEquals(6370.3, bandwidth.path("value").asDouble());
        assertEquals("MB/s", bandwidth.path("unit").asText());
    }

    @Test
    void theTableEndsWithACount() {
        Cli.Result result = reference("--drive", "Pascari");

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.lines().get(0).startsWith("DRIVE"), result.out());
        assertTrue(result.lines().get(result.lines().size() - 1).matches("\\d+ figures of 1 drive; .*"), result.out());
    }

    @Test
    void aFilterMatchingNothingSaysSo() {
        Cli.Result result = reference("--drive", "no such drive");

        assertEquals(0, result.exitCode());
        assertTrue(result.err().contains("no reference figure matches --drive \"no such drive\""), result.err());
    }

    @Test
    void disagreementsListWhatEachCopySaysAndTheResolution() {
        Cli.Result result = reference("--disagreements");

        assertTrue(result.out().contains("001_507741c9d7844d8e.txt: 979,173 IOPS"), result.out());
        assertTrue(result.out().contains("002_849e05230e43691d.txt: 979.173"), result.out());
        assertTrue(result.out().contains("resolved: 979,173 IOPS"), result.out());
    }
}
