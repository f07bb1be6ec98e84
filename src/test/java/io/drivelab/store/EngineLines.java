package io.drivelab.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Engine output lines in the documented format (docs/engine.md), as test input. */
public final class EngineLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A 4k random read at QD32, 10 s: reads only, so the write direction did no I/O. */
    public static final String RANDREAD_RESULT = randread4k(10000, 1000000);

    /**
     * A 4k random read at QD32 of {@code runtimeMs} that completed {@code ios} I/Os at 100,000.5 IOPS: reads only,
     * so the write direction did no I/O; CPU 8 % user, 41 % system.
     */
    public static String randread4k(long runtimeMs, long ios) {
        return """
            {"type":"result","partial":false,"runtime_ms":%d,
             "read":{"io_bytes":%d,"ios":%d,"iops":100000.5,"bw_bytes":409602048,
                     "lat_ns":{"min":12000,"max":950000,"mean":318000.25,"stddev":4200.5,
                               "percentiles":{"1":250000,"5":260000,"10":270000,"20":280000,"30":290000,
                                              "40":300000,"50":310000,"60":320000,"70":330000,"80":340000,
                                              "90":400000,"95":450000,"99":520000,"99.5":600000,"99.9":780000,
                                              "99.95":800000,"99.99":900000}}},
             "write":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0,
                      "lat_ns":{"min":0,"max":0,"mean":0,"stddev":0,
                                "percentiles":{"1":0,"5":0,"10":0,"20":0,"30":0,"40":0,"50":0,"60":0,"70":0,
                                               "80":0,"90":0,"95":0,"99":0,"99.5":0,"99.9":0,"99.95":0,
                                               "99.99":0}}},
             "cpu":{"usr_ms":%d,"sys_ms":%d,"usr_pct":8.0,"sys_pct":41.0},
             "jobs":[{"job":0,"read":{"io_bytes":%d,"ios":%d,"iops":100000.5,"bw_bytes":409602048},
                      "write":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0}}],
             "histogram":{"layout":"fio","bits":6,"groups":29,
                          "read":[[1100,5],[1234,%d],[1500,5]],"write":[]}}""".formatted(runtimeMs, ios * 4096, ios,
                runtimeMs * 8 / 100, runtimeMs * 41 / 100, ios * 4096, ios, ios - 10);
    }

    /** 128k sequential write, QD32/1: writes only. */
    public static final String SEQWRITE_128K = """
            {"type":"result","partial":false,"runtime_ms":5000,
             "read":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0,
                     "lat_ns":{"min":0,"max":0,"mean":0,"stddev":0,
                               "percentiles":{"50":0,"99":0,"99.9":0}}},
             "write":{"io_bytes":5242880000,"ios":40000,"iops":8000.0,"bw_bytes":1048576000,
                      "lat_ns":{"min":900000,"max":12000000,"mean":3990000.5,"stddev":510000.0,
                                "percentiles":{"1":3100000,"50":3900000,"90":5000000,"99":6100000,
                                               "99.9":8200000,"99.99":11000000}}},
             "cpu":{"usr_ms":120,"sys_ms":800,"usr_pct":2.4,"sys_pct":16.0},
             "jobs":[{"job":0,"read":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0},
                      "write":{"io_bytes":5242880000,"ios":40000,"iops":8000.0,"bw_bytes":1048576000}}],
             "histogram":{"layout":"fio","bits":6,"groups":29,"read":[],"write":[[1700,39990],[1800,10]]}}""";

    /** 4k randrw 70 % reads, QD16/2: both directions. */
    public static final String RANDRW_4K_70 = """
            {"type":"result","partial":false,"runtime_ms":5000,
             "read":{"io_bytes":860160000,"ios":210000,"iops":42000.0,"bw_bytes":172032000,
                     "lat_ns":{"min":20000,"max":3000000,"mean":520000.0,"stddev":90000.0,
                               "percentiles":{"50":480000,"99":1400000,"99.9":2100000}}},
             "write":{"io_bytes":368640000,"ios":90000,"iops":18000.0,"bw_bytes":73728000,
                      "lat_ns":{"min":25000,"max":3500000,"mean":610000.5,"stddev":120000.0,
                                "percentiles":{"50":560000,"99":1700000,"99.9":2500000}}},
             "cpu":{"usr_ms":300,"sys_ms":1500,"usr_pct":6.0,"sys_pct":30.0},"jobs":[],
             "histogram":{"layout":"fio","bits":6,"groups":29,"read":[[1300,210000]],"write":[[1320,90000]]}}""";

    /** A 70/30 mix stopped early by SIGINT. */
    public static final String PARTIAL_MIX_RESULT = """
            {"type":"result","partial":true,"runtime_ms":4200,
             "read":{"io_bytes":700,"ios":70,"iops":16.7,"bw_bytes":166,
                     "lat_ns":{"min":1,"max":9,"mean":5,"stddev":1,"percentiles":{"50":5,"99":9,"99.9":9}}},
             "write":{"io_bytes":300,"ios":30,"iops":7.1,"bw_bytes":71,
                      "lat_ns":{"min":2,"max":8,"mean":6,"stddev":1,"percentiles":{"50":6,"99":8,"99.9":8}}},
             "cpu":{"usr_ms":1,"sys_ms":1,"usr_pct":0.1,"sys_pct":0.1},"jobs":[],
             "histogram":{"layout":"fio","bits":6,"groups":29,"read":[[5,70]],"write":[[6,30]]}}""";

    public static final String INTERVAL = """
            {"type":"interval","t_ms":2000,"ramp":false,
             "read":{"io_bytes":409600000,"ios":100000,"iops":100000.0,"bw_bytes":409600000,
                     "lat_ns":{"min":12000,"max":900000,"mean":317000.5,"stddev":4000,
                               "percentiles":{"50":310000,"99":515000,"99.9":770000}}},
             "write":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0,
                      "lat_ns":{"min":0,"max":0,"mean":0,"stddev":0,"percentiles":{"50":0,"99":0,"99.9":0}}}}""";

    public static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private EngineLines() {
    }
}
