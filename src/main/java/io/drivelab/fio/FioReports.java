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
     * fio's client report (from a fio server) as the per-interval reports a local fio prints as it goes: fio's
     * client holds every interval until the job ends (fio 3.33 prints no report and, with JSON output, no progress
     * line before), so a host's intervals are replayed at the point's end as the samples of its seconds. Entry i of
     * the job came about {@code (i + 1) * intervalMs} into the point; in the ramp fio's runtime counts from the
     * start, after it from the ramp's end. Empty for a local report.
     */
    static List<JsonNode> replayed(JsonNode report, long rampMs, long intervalMs) {
        List<JsonNode> reports = new ArrayList<>();
        if (!report.has("client_stats")) {
            return reports;
        }
        long start = report.path("timestamp").asLong() * 1000;
        int i = 0;
        for (JsonNode entry : report.path("client_stats")) {
            if ("All clients".equals(entry.path("jobname").asText())) {
                continue;
            }
            boolean ramp = (i + 1) * intervalMs <= rampMs;
            long atMs = (ramp ? 0 : rampMs) + entry.path("job_runtime").asLong();
            com.fasterxml.jackson.databind.node.ObjectNode copy = entry.deepCopy();
            copy.put("elapsed", (atMs + 999) / 1000);
            com.fasterxml.jackson.databind.node.ObjectNode one = JSON.createObjectNode();
            one.put("timestamp_ms", start + atMs);
            one.putArray("client_stats").add(copy);
            reports.add(one);
            i++;
        }
        return reports;
    }

    /**
     * Names {@code host} in a client report's entries, where fio's client names the address it connected to (a
     * {@link FioRelay} on this machine).
     */
    static void naming(JsonNode report, String host) {
        for (JsonNode entry : report.path("client_stats")) {
            if (entry instanceof com.fasterxml.jackson.databind.node.ObjectNode named && entry.has("hostname")) {
                named.put("hostname", host);
            }
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
