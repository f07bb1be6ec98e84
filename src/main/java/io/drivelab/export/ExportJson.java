package io.drivelab.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;

/**
 * The JSON DriveLab writes for scripts (exports, the command line's --json): indented, snake_case names like the
 * engine's output, paths as plain paths, times as ISO-8601 UTC ("2026-01-02T10:00:00Z"), enum values in lower case
 * ("nvme", "has_partitions").
 */
public final class ExportJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(new SimpleModule("drivelab-export")
                    // Jackson writes a Path as a file: URI and has no Instant support without an extra module.
                    .addSerializer(Path.class, ToStringSerializer.instance)
                    .addSerializer(Instant.class, ToStringSerializer.instance)
                    .addSerializer(Enum.class, new LowerCaseEnum()))
            .build();

    private ExportJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("rawtypes")
    private static final class LowerCaseEnum extends JsonSerializer<Enum> {
        @Override
        public void serialize(Enum value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(value.name().toLowerCase(Locale.ROOT));
        }
    }
}
