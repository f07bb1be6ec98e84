package io.drivelab.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A plan as an equivalent fio job file, so anyone can reproduce a DriveLab run with fio (3.29 or later, for the
 * exec engine the idle pauses use; checked against fio 3.33).
 *
 * <p>Each point is one section, run one after another ({@code stonewall}). Where fio cannot say exactly what
 * the engine does, a {@code #} comment above the option says how it differs:
 * <ul>
 *   <li>fio's bssplit takes whole percentages only: a decimal mix is rounded (largest remainders) to integers that
 *       add up to 100, sizes that round to 0 % are left out;</li>
 *   <li>sequential jobs each take a slice of the region ({@code size} and {@code offset_increment} = region /
 *       numjobs), as the engine does; random jobs each cover the whole region;</li>
 *   <li>idle time is a {@code [idle-N]} job running {@code sleep} through fio's exec engine;</li>
 *   <li>repeated passes are separate sections ({@code -pass1} …); picking the best is left to the reader;</li>
 *   <li>a steady-state precondition becomes fio's own steady-state detection (per second, sliding window), which
 *       is not SNIA's per-round rule.</li>
 * </ul>
 */
public final class FioJobFile {
    /** Used as the filename when none is given: fio expands it from the environment. */
    public static final String TARGET_VARIABLE = "${DRIVELAB_TARGET}";

    private FioJobFile() {
    }

    /**
     * The whole plan: preconditions, measured points and idle pauses, in order.
     *
     * @param target the device or file, or null for {@value #TARGET_VARIABLE} (set DRIVELAB_TARGET when running)
     */
    public static String render(TestPlan plan, String target) {
        List<String> header = new ArrayList<>();
        header.add("DriveLab plan \"" + plan.name() + "\" as a fio job file.");
        header.addAll(wrap(plan.description(), 110));
        return render(plan.expand(), target, header);
    }

    /** Just these points, one after another (no preconditions, no idle). */
    public static String renderPoints(List<Point> points, String target) {
        return render(points.stream().map(PlanItem::measure).toList(), target,
                List.of("DriveLab points as a fio job file."));
    }

    /**
     * One pass of one point, as fio measures it for DriveLab (fio as an engine): the point's job, with fio's
     * latency percentiles and histogram on the total latency (submission to completion, what the engine measures)
     * rather than fio's default, the completion latency.
     */
    public static String renderMeasurement(Point p, String target) {
        return renderMeasurement(p, target, List.of());
    }

    /** As {@link #renderMeasurement(Point, String)}, with fio {@code options} added to the job's global section. */
    public static String renderMeasurement(Point p, String target, List<String> options) {
        return renderMeasurement(p, target, options, null);
    }

    /**
     * As {@link #renderMeasurement(Point, String, List)}, the job kept to {@code cpusAllowed} (fio's list: "1",
     * "0-3"; null: the scheduler places it).
     */
    public static String renderMeasurement(Point p, String target, List<String> options, String cpusAllowed) {
        List<String> global = new ArrayList<>(List.of("lat_percentiles=1"));
        global.addAll(options);
        Point onePass = new Point(p.key(), p.step(), p.workload(), p.iodepth(), p.numjobs(), p.runtime(), p.ramp(),
                p.size(), p.offset(), p.ioSize(), p.loops(), 1, p.keep(), p.checkpoint(), p.kind(), p.load());
        return render(List.of(PlanItem.measure(onePass)), target, List.of("DriveLab point " + p.key() + " measured"
                + " by fio."), global, cpusAllowed);
    }

    /** These plan items in order; {@code header} lines become comments at the top. */
    public static String render(List<PlanItem> items, String target, List<String> header) {
        return render(items, target, header, null);
    }

    /**
     * As {@link #render(List, String, List)}, every job section kept to {@code cpusAllowed} (fio's
     * {@code cpus_allowed}, as the run was; null: the scheduler places them).
     */
    public static String render(List<PlanItem> items, String target, List<String> header, String cpusAllowed) {
        return render(items, target, header, List.of(), cpusAllowed);
    }

    private static String render(List<PlanItem> items, String target, List<String> header, List<String> global,
                                 String cpusAllowed) {
        StringBuilder out = new StringBuilder();
        for (String line : header) {
            comment(out, line);
        }
        String filename = target == null ? TARGET_VARIABLE : target;
        comment(out, "Run: " + (target == null ? "DRIVELAB_TARGET=/dev/nvme0n1 " : "") + "fio this-file.fio"
                + "   (write points destroy the data on the target)");
        out.append('\n');
        out.append("[global]\n");
        out.append("ioengine=io_uring\n");
        out.append("direct=1\n");
        out.append("filename=").append(filename).append('\n');
        out.append("group_reporting=1\n");
        comment(out, "as the engine: uniform random offsets without a coverage map; incompressible data written once,"
                + " each write made unique by changing a few bytes per 512 (fio's scramble_buffers), not regenerated"
                + " (refill_buffers would cost fio far more CPU per write than the engine spends)");
        out.append("norandommap=1\n");
        out.append("buffer_compress_percentage=0\n");
        out.append("scramble_buffers=1\n");
        comment(out, "at the engine's cost per I/O: a file fio creates written whole before its first point (not into"
                + " unwritten extents), only the total latency measured (no submission clock read)");
        out.append("overwrite=1\n");
        out.append("disable_slat=1\n");
        global.forEach(option -> out.append(option).append('\n'));
        int idles = 0;
        for (PlanItem item : items) {
            out.append('\n');
            switch (item.kind()) {
                case IDLE -> {
                    idles++;
                    comment(out, "the drive rests " + item.idleSeconds() + " s (fio's exec engine runs sleep)");
                    out.append("[idle-").append(idles).append("]\n");
                    out.append("stonewall\n");
                    out.append("ioengine=exec\n");
                    out.append("program=sleep\n");
                    out.append("arguments=").append(item.idleSeconds()).append('\n');
                    out.append("std_redirect=0\n");
                    out.append("time_based=1\n");
                    out.append("runtime=").append(item.idleSeconds()).append('\n');
                }
                case PRECONDITION -> point(out, item, "precondition (not measured): " + item.point().workload().name(),
                        cpusAllowed);
                case MEASURE -> point(out, item, item.point().workload().name(), cpusAllowed);
            }
        }
        return out.toString();
    }

    private static void point(StringBuilder out, PlanItem item, String title, String cpusAllowed) {
        Point p = item.point();
        if (p.isCheckpoint()) {
            // fio has no checkpoint rotation (a fsync per checkpoint, the oldest deleted): say so, run nothing
            comment(out, title + ": AI training checkpoints have no fio equivalent; DriveLab's engine runs them: "
                    + String.join(" ", p.toEngineArgs(FioJobFile.TARGET_VARIABLE)));
            return;
        }
        int passes = p.passes();
        for (int pass = 1; pass <= passes; pass++) {
            if (pass > 1) {
                out.append('\n');
            }
            if (pass == 1) {
                comment(out, title);
                if (passes > 1) {
                    comment(out, passes + " passes; DriveLab keeps the " + (p.keep() == Matrix.Keep.BEST
                            ? "best pass (highest throughput)" : "mean of the passes"));
                }
            }
            out.append('[').append(p.key()).append(passes > 1 ? "-pass" + pass : "").append("]\n");
            out.append("stonewall\n");
            if (cpusAllowed != null) {
                out.append("cpus_allowed=").append(cpusAllowed).append('\n');
            }
            options(out, item, p);
        }
    }

    private static void options(StringBuilder out, PlanItem item, Point p) {
        Workload w = p.workload();
        out.append("rw=").append(w.rw().value()).append('\n');
        if (w.mix() == null) {
            out.append("bs=").append(Units.formatSize(w.bs())).append('\n');
        } else {
            BlockSizeMix mix = w.mix();
            if (!mix.isWholePercent()) {
                BlockSizeMix rounded = mix.roundedToWholePercent();
                String dropped = rounded.shares().size() < mix.shares().size()
                        ? " (sizes that round to 0 % are left out)" : "";
                comment(out, "fio's bssplit takes whole percentages: DriveLab's mix " + mix.toEngineSpec()
                        + " rounded to whole percentages adding up to 100" + dropped);
                mix = rounded;
            }
            out.append("bssplit=").append(mix.toEngineSpec()).append('\n');
        }
        if (w.rwmixread() != null) {
            out.append("rwmixread=").append(w.rwmixread()).append('\n');
        }
        if (w.rateIops() != null) {
            out.append("rate_iops=").append(w.rateIops()).append('\n');
        } else if (p.load() != null) {
            comment(out, String.format(Locale.ROOT, "DriveLab offers %d %% of the IOPS [%s] measured, per job: "
                    + "set rate_iops= to that share divided by numjobs", p.load().percent(), p.load().peakKey()));
        }
        out.append("iodepth=").append(p.iodepth()).append('\n');
        // the engine's file registered once, and every free slot submitted in one call (a paced job's I/Os go
        // out one by one at their times)
        out.append("registerfiles=1\n");
        if (w.rateIops() == null && p.load() == null) {
            out.append("iodepth_batch_submit=").append(p.iodepth()).append('\n');
        }
        out.append("numjobs=").append(p.numjobs()).append('\n');
        region(out, p);
        if (p.ioSize() != null) {
            out.append("io_size=").append(Units.formatSize(p.ioSize())).append('\n');
        }
        if (p.loops() != null && p.loops() > 1) {
            out.append("loops=").append(p.loops()).append('\n');
        }
        if (p.runtime() != null) {
            long runtime = p.runtime();
            if (item.untilSteady()) {
                int windowSeconds = 5 * p.runtime();
                runtime = (long) p.runtime() * item.maxRounds();
                comment(out, String.format(Locale.ROOT, "DriveLab: rounds of %d s until 5 rounds are steady (SNIA: "
                        + "range <= 20 %%, slope <= 10 %% of the average), at most %d rounds. fio judges every "
                        + "second over a sliding %d s window instead: it stops when all of them are within 10 %% "
                        + "of the window's mean.", p.runtime(), item.maxRounds(), windowSeconds));
                out.append("steadystate=iops:10%\n");
                out.append("ss_dur=").append(windowSeconds).append('\n');
            }
            out.append("time_based=1\n");
            out.append("runtime=").append(runtime).append('\n');
            if (p.ramp() != null && p.ramp() > 0) {
                out.append("ramp_time=").append(p.ramp()).append('\n');
            }
        }
    }

    /** size/offset; sequential jobs get one slice of the region each, as in the engine. */
    private static void region(StringBuilder out, Point p) {
        boolean slices = p.workload().rw().isSequential() && p.numjobs() > 1;
        if (p.offset() != null) {
            out.append("offset=").append(Units.formatSize(p.offset())).append('\n');
        }
        if (!slices) {
            if (p.size() != null) {
                out.append("size=").append(Units.formatSize(p.size())).append('\n');
            }
            return;
        }
        if (p.size() != null) {
            // The engine aligns each slice down to the smallest block size.
            long align = p.workload().minBs();
            long slice = p.size() / p.numjobs() / align * align;
            if (slice * p.numjobs() != p.size()) {
                comment(out, "each job's slice rounded down to a multiple of " + Units.formatSize(align));
            }
            out.append("size=").append(Units.formatSize(slice)).append('\n');
            out.append("offset_increment=").append(Units.formatSize(slice)).append('\n');
            return;
        }
        // The whole target, size unknown here: fio takes percentages of it.
        int pct = 100 / p.numjobs();
        if (pct * p.numjobs() != 100) {
            comment(out, "slices of " + pct + " % each: fio takes whole percentages, so the last "
                    + (100 - pct * p.numjobs()) + " % of the target is not written");
        }
        if (pct == 0) {
            throw new IllegalArgumentException("point " + p.key() + ": " + p.numjobs()
                    + " sequential jobs on a target of unknown size cannot be expressed in fio; give the region "
                    + "a size");
        }
        out.append("size=").append(pct).append("%\n");
        out.append("offset_increment=").append(pct).append("%\n");
    }

    private static void comment(StringBuilder out, String text) {
        for (String line : wrap(text, 110)) {
            out.append("# ").append(line).append('\n');
        }
    }

    private static List<String> wrap(String text, int width) {
        Objects.requireNonNull(text, "text");
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
