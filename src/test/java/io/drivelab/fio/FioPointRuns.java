package io.drivelab.fio;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.drivelab.engine.EngineBinary;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.EngineProcess;
import io.drivelab.engine.ResultEvent;
import io.drivelab.workload.Point;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;

/** The quick preset, shortened, measured point by point by DriveLab's engine and by fio on one file. */
final class FioPointRuns {
    private FioPointRuns() {
    }

    /** The quick preset's 16 points: 1 s each, no ramp, on {@code size} bytes. */
    static List<Point> quickPoints(long size) {
        TestPlan plan = Presets.get(Presets.QUICK).withTimes(1, 0, 0).withTarget(Region.ofSize(size));
        return plan.points();
    }

    /** IOPS (reads and writes) of one point measured by DriveLab's engine. */
    static double engineIops(Point point, Path target) throws Exception {
        try (EngineProcess engine = EngineProcess.start(EngineBinary.locate(), point.toEngineArgs(target.toString()),
                EngineListener.NONE)) {
            return iops(engine.awaitResult());
        }
    }

    static double iops(ResultEvent r) {
        return r.read().iops() + r.write().iops();
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
