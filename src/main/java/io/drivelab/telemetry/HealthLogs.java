package io.drivelab.telemetry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.HealthSnapshot;

import java.time.Instant;

/**
 * A drive's health log as the tools print it: {@code nvme smart-log -o json} (nvme-cli 1.x and 2.x) and
 * {@code smartctl --json -a} (smartmontools 7, NVMe and SATA). A figure the log does not give stays null.
 */
public final class HealthLogs {
    /** NVMe data units are thousands of 512-byte blocks. */
    static final long DATA_UNIT_BYTES = 512_000;
    private static final double KELVIN = 273.15;
    private static final ObjectMapper JSON = new ObjectMapper();

    private HealthLogs() {
    }

    /**
     * nvme-cli's smart-log: temperatures in kelvin, data units in 512,000 bytes; nvme-cli 2 prints 128-bit counters
     * as strings and may print critical_warning as an object with its "value".
     */
    public static HealthSnapshot nvmeCli(String json, String moment, Instant takenAt, String drive) {
        JsonNode log = parse(json, "nvme-cli");
        Long units = number(log.get("data_units_written"));
        Long read = number(log.get("data_units_read"));
        Long kelvin = number(log.get("temperature"));
        JsonNode warning = log.get("critical_warning");
        return new HealthSnapshot(moment, takenAt, drive, "nvme-cli", null,
                units == null ? null : units * DATA_UNIT_BYTES, read == null ? null : read * DATA_UNIT_BYTES,
                integer(number(log.has("percent_used") ? log.get("percent_used") : log.get("percentage_used"))),
                number(log.get("media_errors")), number(log.get("warning_temp_time")),
                integer(number(warning != null && warning.isObject() ? warning.get("value") : warning)),
                kelvin == null ? null : kelvin - KELVIN);
    }

    /** smartctl's JSON: the NVMe health log where the drive is NVMe, else the ATA SMART attributes. */
    public static HealthSnapshot smartctl(String json, String moment, Instant takenAt, String drive) {
        JsonNode root = parse(json, "smartctl");
        Double celsius = root.path("temperature").has("current")
                ? root.path("temperature").path("current").asDouble() : null;
        JsonNode nvme = root.get("nvme_smart_health_information_log");
        if (nvme != null) {
            Long units = number(nvme.get("data_units_written"));
            Long read = number(nvme.get("data_units_read"));
            return new HealthSnapshot(moment, takenAt, drive, "smartctl", null,
                    units == null ? null : units * DATA_UNIT_BYTES, read == null ? null : read * DATA_UNIT_BYTES,
                    integer(number(nvme.get("percentage_used"))), number(nvme.get("media_errors")),
                    number(nvme.get("warning_temp_time")), integer(number(nvme.get("critical_warning"))), celsius);
        }
        long block = root.path("logical_block_size").asLong(512);
        Long written = raw(root, 241);
        Long read = raw(root, 242);
        Integer wearLeft = normalized(root, 231, 233, 177);
        return new HealthSnapshot(moment, takenAt, drive, "smartctl", null,
                written == null ? null : written * block, read == null ? null : read * block,
                wearLeft == null ? null : 100 - wearLeft, raw(root, 187), null, null, celsius);
    }

    private static JsonNode parse(String json, String tool) {
        try {
            JsonNode node = JSON.readTree(json);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(tool + " printed no JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(tool + " printed no JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** An ATA attribute's raw value. */
    private static Long raw(JsonNode root, int id) {
        JsonNode attribute = attribute(root, id);
        return attribute == null ? null : number(attribute.path("raw").get("value"));
    }

    /** The normalized value of the first of these attributes the drive has (wear left, 100 when new). */
    private static Integer normalized(JsonNode root, int... ids) {
        for (int id : ids) {
            JsonNode attribute = attribute(root, id);
            if (attribute != null && attribute.has("value")) {
                return attribute.get("value").asInt();
            }
        }
        return null;
    }

    private static JsonNode attribute(JsonNode root, int id) {
        for (JsonNode attribute : root.path("ata_smart_attributes").path("table")) {
            if (attribute.path("id").asInt() == id) {
                return attribute;
            }
        }
        return null;
    }

    private static Long number(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isNumber()) {
            return node.asLong();
        }
        try {
            return Long.parseLong(node.asText().trim().replace(",", ""));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Integer integer(Long value) {
        return value == null ? null : value.intValue();
    }
}
