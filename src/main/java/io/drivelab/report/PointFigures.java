package io.drivelab.report;

import java.util.Locale;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Units;

/**
 * One measured point as charts and tables show it: reads and writes together, latencies in microseconds.
 *
 * @param latMeanUs mean latency over both directions (weighted by their IOPS), or null when nothing completed
 * @param p99Us     the higher of the directions' 99th percentiles, or null
 */
public record PointFigures(PointMeta meta, PointStatus status, double iops, double bytesPerSecond, Double latMeanUs,
                           Double p99Us, String error) {

    public static PointFigures of(PointResult p) {
        DirectionResult r = p.read();
        DirectionResult w = p.write();
        double iops = iops(r) + iops(w);
        double bw = (r == null ? 0 : r.bwBytes()) + (w == null ? 0 : w.bwBytes());
        return new PointFigures(p.meta(), p.status(), iops, bw, meanLatency(r, w), p99(r, w), p.error());
    }

    /** Whether the engine measured anything (a point that failed before measuring has no figures). */
    public boolean measured() {
        return iops > 0 || latMeanUs != null;
    }

    public double throughput(Throughput unit) {
        return unit.of(iops, bytesPerSecond);
    }

    public double megabytesPerSecond() {
        return bytesPerSecond / 1e6;
    }

    /** "4k", or "128k-mix" for a block-size mix. */
    public String transfer() {
        return transfer(meta);
    }

    /**
     * A point's transfer size, short: "4k", or for a mix its most frequent size, "128k-mix" (a CDN mix has 30+
     * sizes; exports have the whole mix). The one label of a point's transfer size, for tables, charts and reports.
     */
    public static String transfer(PointMeta meta) {
        if (meta.bs() != null) {
            return Units.formatSize(meta.bs());
        }
        try {
            return Units.formatSize(BlockSizeMix.parse(meta.bsMix()).dominantBs()) + "-mix";
        } catch (RuntimeException e) {
            // A mix this version cannot read still shows, as stored.
            return meta.bsMix();
        }
    }

    /** "QD32/4". */
    public String configuration() {
        return String.format(Locale.ROOT, "QD%d/%d", meta.iodepth(), meta.numjobs());
    }

    /** "QD32/4", "QD32/4 (partial)" for a point stopped or held up: where a peak was, and how far to trust it. */
    public String peakAt() {
        return configuration() + (status == PointStatus.PARTIAL ? " (partial)" : "");
    }

    private static double iops(DirectionResult d) {
        return d == null ? 0 : d.iops();
    }

    private static Double meanLatency(DirectionResult r, DirectionResult w) {
        double weight = 0;
        double sum = 0;
        for (DirectionResult d : new DirectionResult[]{r, w}) {
            if (d != null && d.latMeanNs() != null && d.iops() > 0) {
                weight += d.iops();
                sum += d.iops() * d.latMeanNs();
            }
        }
        return weight == 0 ? null : sum / weight / 1000;
    }

    private static Double p99(DirectionResult r, DirectionResult w) {
        Long max = null;
        for (DirectionResult d : new DirectionResult[]{r, w}) {
            if (d != null && d.p99Ns() != null && (max == null || d.p99Ns() > max)) {
                max = d.p99Ns();
            }
        }
        return max == null ? null : max / 1000.0;
    }
}
