package io.drivelab.fio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.engine.EngineOptions;
import io.drivelab.engine.StartEvent;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Point;
import io.drivelab.workload.Workload;

/**
 * What fio is asked to run for a point, as the engine's start line says it (docs/engine.md), marked
 * {@code "engine": "fio"}: the listeners and the live view need not know which engine measures.
 */
final class FioStart {
    private static final ObjectMapper JSON = new ObjectMapper();

    private FioStart() {
    }

    /** The block-size mix fio runs: whole percentages (bssplit), rounded as the job file's comment says. */
    static BlockSizeMix mixAsRun(BlockSizeMix mix) {
        return mix == null || mix.isWholePercent() ? mix : mix.roundedToWholePercent();
    }

    static StartEvent of(FioBinary fio, Point point, String target, boolean created, List<String> command) {
        Workload w = point.workload();
        BlockSizeMix mix = mixAsRun(w.mix());
        List<EngineOptions.BlockSizeWeight> split = new ArrayList<>();
        if (mix != null) {
            mix.shares().forEach(s -> split.add(new EngineOptions.BlockSizeWeight(s.bs(), s.weight().doubleValue())));
        }
        int rwmixread = w.rwmixread() != null ? w.rwmixread() : w.rw().reads() ? 100 : 0;
        EngineOptions options = new EngineOptions(point.key(), w.rw().value(), rwmixread,
                mix == null ? w.bs() : mix.dominantBs(), List.copyOf(split), point.iodepth(), point.numjobs(),
                orZero(point.size()), orZero(point.offset()), point.runtime() == null ? 0 : point.runtime() * 1000L,
                point.ramp() == null ? 0 : point.ramp() * 1000L, orZero(point.ioSize()),
                point.loops() == null ? 1 : point.loops(), true, 0, 1000, "random", 0, false, false, 0, 0);
        Path path = Path.of(target);
        String kind = Files.isRegularFile(path) || created ? "file" : "block";
        long size = sizeOf(path);
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "start");
        line.put("engine", "fio");
        line.put("version", fio.version().text());
        line.put("kernel", System.getProperty("os.version", ""));
        command.forEach(line.putArray("argv")::add);
        line.put("ioengine", "io_uring");
        line.put("filename", target);
        line.put("target_kind", kind);
        line.put("target_size", size);
        line.put("created", created);
        line.set("options", JSON.valueToTree(options));
        return new StartEvent(fio.version().text(), System.getProperty("os.version", ""), command, "io_uring",
                "fio's job file asks for it", List.of(), target, kind, size, created, 0, 0, options,
                line.toString());
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }

    private static long sizeOf(Path path) {
        try {
            return Files.isRegularFile(path) ? Files.size(path) : 0;
        } catch (java.io.IOException e) {
            return 0;
        }
    }
}
