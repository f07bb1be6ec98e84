package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.junit.jupiter.api.Test;

/** Lines in the shape docs/engine.md documents. */
class EngineEventParserTest {
    static final String DIR = "{\"io_bytes\":8192,\"ios\":2,\"iops\":2000.5,\"bw_bytes\":8192000,"
            + "\"lat_ns\":{\"min\":100,\"max\":900,\"mean\":500.5,\"stddev\":12.25,"
            + "\"percentiles\":{\"1\":101,\"50\":499,\"99\":890,\"99.9\":899,\"99.99\":900}}}";
    static final String NO_IO = "{\"io_bytes\":0,\"ios\":0,\"iops\":0,\"bw_bytes\":0,"
            + "\"lat_ns\":{\"min\":0,\"max\":0,\"mean\":0,\"stddev\":0,\"percentiles\":{}}}";

    @Test
    void startLineCarriesTargetAndEffectiveOptions() throws Exception {
        String line = "{\"type\":\"start\",\"version\":\"0.1.0\",\"kernel\":\"6.18.44\","
                + "\"argv\":[\"drivelab-engine\",\"--filename=/tmp/x.img\"],\"ioengine\":\"io_uring\","
                + "\"ioengine_reason\":\"ok\",\"ring_flags\":[\"SINGLE_ISSUER\",\"DEFER_TASKRUN\"],"
                + "\"filename\":\"/tmp/x.img\",\"target_kind\":\"file\",\"target_size\":536870912,\"created\":true,"
                + "\"logical_block_size\":512,\"physical_block_size\":4096,"
                + "\"options\":{\"name\":\"n\",\"rw\":\"randread\",\"rwmixread\":100,\"bs\":4096,"
                + "\"bssplit\":[{\"bs\":4096,\"weight\":83.21},{\"bs\":65536,\"weight\":16.79}],"
                + "\"iodepth\":32,\"numjobs\":2,\"size\":1048576,\"offset\":4096,\"runtime_ms\":2000,\"ramp_ms\":500,"
                + "\"io_size\":1048576,\"loops\":1,\"direct\":1,\"randseed\":18446744073709551615,"
                + "\"status_interval_ms\":1000,\"buffer_pattern\":\"random\",\"buffer_compress_percentage\":0,"
                + "\"hipri\":false,\"sqthread_poll\":true}}";

        StartEvent start = assertInstanceOf(StartEvent.class, EngineEventParser.parse(line).orElseThrow());

        assertEquals("io_uring", start.ioengine());
        assertEquals(List.of("SINGLE_ISSUER", "DEFER_TASKRUN"), start.ringFlags());
        assertEquals(536870912L, start.targetSize());
        assertTrue(start.created());
        assertEquals(512, start.logicalBlockSize());
        EngineOptions options = start.options();
        assertEquals("randread", options.rw());
        assertEquals(List.of(new EngineOptions.BlockSizeWeight(4096, 83.21),
                new EngineOptions.BlockSizeWeight(65536, 16.79)), options.bssplit());
        assertTrue(options.direct());
        assertTrue(options.sqthreadPoll());
        assertEquals(-1L, options.randseed(), "a uint64 seed keeps its bits");
        assertEquals(line, start.rawJson());
    }

    @Test
    void intervalLineCarriesBothDirections() throws Exception {
        String line = "{\"type\":\"interval\",\"t_ms\":1000,\"ramp\":true,\"read\":" + DIR + ",\"write\":" + NO_IO + "}";

        IntervalEvent interval = assertInstanceOf(IntervalEvent.class, EngineEventParser.parse(line).orElseThrow());

        assertEquals(1000, interval.tMs());
        assertTrue(interval.ramp());
        DirectionStats read = interval.read();
        assertEquals(8192, read.ioBytes());
        assertEquals(2, read.ios());
        assertEquals(2000.5, read.iops());
        assertEquals(4096.0, read.meanBlockSize());
        assertEquals(500.5, read.lat().mean());
        assertEquals(899, read.lat().percentile("99.9"));
        assertEquals(-1, read.lat().percentile("42"));
        assertEquals(List.of("1", "50", "99", "99.9", "99.99"), List.copyOf(read.lat().percentiles().keySet()),
                "percentiles keep the engine's order");
        assertEquals(0, interval.write().ios());
        assertEquals(0.0, interval.write().meanBlockSize());
    }

    @Test
    void resultLineKeepsJobsHistogramAndRawJson() throws Exception {
        String line = "{\"type\":\"result\",\"partial\":true,\"runtime_ms\":1500,\"read\":" + DIR + ",\"write\":" + NO_IO
                + ",\"cpu\":{\"usr_ms\":10,\"sys_ms\":20,\"usr_pct\":0.5,\"sys_pct\":1.5},"
                + "\"jobs\":[{\"job\":0,\"read\":" + DIR + ",\"write\":" + NO_IO + "}],"
                + "\"histogram\":{\"layout\":\"fio\",\"bits\":6,\"groups\":29,\"read\":[[3,1],[70,1]],\"write\":[]}}";

        ResultEvent result = assertInstanceOf(ResultEvent.class, EngineEventParser.parse(line).orElseThrow());

        assertTrue(result.partial());
        assertEquals(1500, result.runtimeMs());
        assertEquals(new ResultEvent.CpuUsage(10, 20, 0.5, 1.5), result.cpu());
        assertEquals(1, result.jobs().size());
        assertEquals(8192, result.jobs().get(0).read().ioBytes());
        assertEquals(List.of(new ResultEvent.Histogram.Bucket(3, 1), new ResultEvent.Histogram.Bucket(70, 1)),
                result.histogram().read());
        assertEquals(29, result.histogram().groups());
        assertEquals(line, result.rawJson());
    }

    @Test
    void errorLineCarriesErrnoAndOperation() throws Exception {
        ErrorEvent error = assertInstanceOf(ErrorEvent.class, EngineEventParser.parse(
                "{\"type\":\"error\",\"errno\":2,\"message\":\"cannot open /nope: No such file or directory\","
                        + "\"op\":\"open\"}").orElseThrow());

        assertEquals(new ErrorEvent(2, "cannot open /nope: No such file or directory", "open"), error);
    }

    @Test
    void errorLineWithoutOperationHasNullOp() throws Exception {
        ErrorEvent error = assertInstanceOf(ErrorEvent.class,
                EngineEventParser.parse("{\"type\":\"error\",\"errno\":0,\"message\":\"bad\"}").orElseThrow());
        assertNull(error.op());
    }

    @Test
    void layoutLineReportsProgress() throws Exception {
        assertEquals(new LayoutEvent(10, 100), EngineEventParser
                .parse("{\"type\":\"layout\",\"done_bytes\":10,\"total_bytes\":100}").orElseThrow());
    }

    @Test
    void unknownTypeIsSkipped() throws Exception {
        assertFalse(EngineEventParser.parse("{\"type\":\"future-thing\",\"x\":1}").isPresent());
    }

    @Test
    void missingDirectionReadsAsNoIo() throws Exception {
        IntervalEvent interval = assertInstanceOf(IntervalEvent.class,
                EngineEventParser.parse("{\"type\":\"interval\",\"t_ms\":5}").orElseThrow());
        assertEquals(DirectionStats.NONE, interval.read());
    }

    @Test
    void nonJsonIsRejected() {
        assertThrows(JsonProcessingException.class, () -> EngineEventParser.parse("hello"));
        assertThrows(JsonProcessingException.class, () -> EngineEventParser.parse("[1,2]"));
    }
}
