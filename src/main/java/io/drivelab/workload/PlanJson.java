package io.drivelab.workload;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import java.io.IOException;

/** Lets a plain Jackson ObjectMapper read and write a TestPlan in the plan file format ({@link PlanFiles}). */
final class PlanJson {
    private PlanJson() {
    }

    /** Writes a TestPlan as {@link PlanWriter} does. */
    static final class PlanSerializer extends StdSerializer<TestPlan> {
        PlanSerializer() {
            super(TestPlan.class);
        }

        @Override
        public void serialize(TestPlan plan, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeTree(PlanWriter.write(plan));
        }
    }

    /** Reads a TestPlan with the same checks as {@link PlanFiles}. */
    static final class PlanDeserializer extends StdDeserializer<TestPlan> {
        PlanDeserializer() {
            super(TestPlan.class);
        }

        @Override
        public TestPlan deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode tree = p.readValueAsTree();
            return PlanReader.read(tree, null);
        }
    }
}
