package io.drivelab.fio;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * fio's stdout under {@code --output-format=json+ --status-interval=N}: one pretty-printed JSON report per interval
 * and a last one at the end, each opening with a line "{" and closing with a line "}". Anything between reports (a
 * note fio prints on stdout) goes to {@code other}.
 */
final class FioReports {
    private static final ObjectMapper JSON = new ObjectMapper();

    private FioReports() {
    }

    /** Reads until the end of {@code stdout}, handing over each report as soon as its closing line arrives. */
    static void read(BufferedReader stdout, Consumer<JsonNode> report, Consumer<String> other) throws IOException {
        List<String> lines = new ArrayList<>();
        String line;
        while ((line = stdout.readLine()) != null) {
            if (lines.isEmpty() && !line.equals("{")) {
                if (!line.isBlank()) {
                    other.accept(line);
                }
                continue;
            }
            lines.add(line);
            if (line.equals("}")) {
                String text = String.join("\n", lines);
                lines.clear();
                try {
                    report.accept(JSON.readTree(text));
                } catch (JsonProcessingException e) {
                    other.accept("unparseable fio report: " + e.getOriginalMessage());
                }
            }
        }
        if (!lines.isEmpty()) {
            other.accept("fio's output ended inside a report (" + lines.size() + " lines)");
        }
    }

    /**
     * A report's entries for the measured job ("jobs" locally, "client_stats" from a fio server). fio's client
     * prints one report, at the end, listing the running totals of every status interval in turn: a job's last
     * entry is its result (DriveLab's job files set group_reporting, so a job has one entry per interval).
     */
    static List<JsonNode> entries(JsonNode report) {
        if (!report.has("client_stats")) {
            List<JsonNode> entries = new ArrayList<>();
            report.path("jobs").forEach(entries::add);
            return entries;
        }
        Map<String, JsonNode> last = new LinkedHashMap<>();
        for (JsonNode entry : report.path("client_stats")) {
            // fio adds an "All clients" sum when it talks to several servers; each DriveLab client talks to one
            String job = entry.path("jobname").asText();
            if (!"All clients".equals(job)) {
                last.remove(job);
                last.put(job, entry);
            }
        }
        return new ArrayList<>(last.values());
    }
}
