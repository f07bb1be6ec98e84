package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Figures read by hand from the seed reviews (../shared/seeds), one per line below, against the shipped library:
 * a wrong digit in a data file fails here. Kingston figures come from the Korean copy (001), the RAID review from
 * the Ukrainian one (003), the Solidigm D7-PS1030 review from 004 (French number format).
 */
class SpotCheckTest {
    static final String KINGSTON = "kingston-dc3000me-review.json";
    static final String UKRAINIAN = "kingston-dc3000me-raid-ua.json";
    static final String PS1030 = "solidigm-d7-ps1030-review.json";

    static final String DC3000ME = "Kingston DC3000ME 7.68TB";
    static final String SN861 = "SanDisk DC SN861 7.68TB";
    static final String PS1010 = "Solidigm D7-PS1010 7.68TB";
    static final String M9550PRO = "Micron 9550 PRO 7.68TB";
    static final String X200P = "Pascari X200P 7.68TB";
    static final String D7PS1030 = "Solidigm D7-PS1030 12.8TB";

    /** A figure as the review prints it; iodepth/numjobs null where the review does not give them. */
    record Spot(String file, String drive, String test, String rw, String bs, Integer iodepth, Integer numjobs,
                String metric, double value, String unit) {
        @Override
        public String toString() {
            return drive + ", " + test + (rw == null ? "" : " " + rw + " " + bs + " QD" + iodepth + "/" + numjobs)
                    + ": " + value + " " + unit + " (" + file + ")";
        }
    }

    static Spot spot(String file, String drive, String test, String rw, String bs, Integer iodepth, Integer numjobs,
                     String metric, double value, String unit) {
        return new Spot(file, drive, test, rw, bs, iodepth, numjobs, metric, value, unit);
    }

    static Stream<Spot> spots() {
        return Stream.of(
                // 001 (Korean): CDN
                spot(KINGSTON, DC3000ME, "CDN read mix", "randread", "CDN read mix", 1, 1, "bandwidth", 940, "MB/s"),
                spot(KINGSTON, DC3000ME, "CDN read mix", "randread", "CDN read mix", 32, 2, "bandwidth", 14336, "MB/s"),
                spot(KINGSTON, SN861, "CDN read mix", "randread", "CDN read mix", 1, 4, "bandwidth", 4443, "MB/s"),
                spot(KINGSTON, M9550PRO, "CDN write mix", "randwrite", "CDN write mix", 32, 2, "bandwidth", 8670, "MB/s"),
                spot(KINGSTON, PS1010, "CDN write mix", "randwrite", "CDN write mix", 1, 4, "bandwidth", 2020, "MB/s"),
                spot(KINGSTON, X200P, "CDN write mix", "randwrite", "CDN write mix", 1, 4, "bandwidth", 2845, "MB/s"),
                spot(KINGSTON, DC3000ME, "CDN write mix", "randwrite", "CDN write mix", 8, 4, "bandwidth", 4410, "MB/s"),
                // 001: FIO
                spot(KINGSTON, DC3000ME, "128K sequential precondition", "write", "128k", 256, 1, "bandwidth", 8944.9, "MB/s"),
                spot(KINGSTON, DC3000ME, "128K sequential precondition", "write", "128k", 256, 1, "mean latency", 3.577, "ms"),
                spot(KINGSTON, M9550PRO, "128K sequential write", "write", "128k", 16, 1, "bandwidth", 10354.6, "MB/s"),
                spot(KINGSTON, SN861, "128K sequential read", "read", "128k", 64, 1, "mean latency", 633.0, "us"),
                spot(KINGSTON, X200P, "128K sequential read", "read", "128k", 64, 1, "bandwidth", 14242.1, "MB/s"),
                spot(KINGSTON, DC3000ME, "64K random write", "randwrite", "64k", 32, 8, "bandwidth", 6649, "MB/s"),
                spot(KINGSTON, DC3000ME, "64K random write", "randwrite", "64k", 8, 1, "mean latency", 102, "us"),
                spot(KINGSTON, DC3000ME, "64K random read", "randread", "64k", 2, 2, "bandwidth", 2234, "MB/s"),
                spot(KINGSTON, DC3000ME, "64K random read", "randread", "64k", 32, 8, "mean latency", 1184, "us"),
                spot(KINGSTON, DC3000ME, "16K random write", "randwrite", "16k", 1, 8, "IOPS", 226606, "IOPS"),
                spot(KINGSTON, DC3000ME, "16K random write", "randwrite", "16k", 32, 16, "mean latency", 1197, "us"),
                spot(KINGSTON, DC3000ME, "16K random read", "randread", "16k", 32, 4, "IOPS", 648686, "IOPS"),
                spot(KINGSTON, DC3000ME, "4K random read", "randread", "4k", 8, 16, "IOPS", 1361320, "IOPS"),
                spot(KINGSTON, DC3000ME, "4K random read", "randread", "4k", 32, 16, "mean latency", 266, "us"),
                spot(KINGSTON, DC3000ME, "4K random write", "randwrite", "4k", 32, 8, "IOPS", 979173, "IOPS"),
                spot(KINGSTON, DC3000ME, "4K random write", "randwrite", "4k", 16, 16, "IOPS", 944000, "IOPS"),
                // 001: DLIO, GDSIO (the write latencies only in 000 and 002), specification
                spot(KINGSTON, DC3000ME, "DLIO checkpointing: pass 2 average", null, null, null, null, "checkpoint time", 584.38, "s"),
                spot(KINGSTON, X200P, "DLIO checkpointing: checkpoint 12", null, null, null, null, "checkpoint time", 689.68, "s"),
                spot(KINGSTON, DC3000ME, "GDSIO sequential read", "read", "1m", null, 16, "bandwidth", 6.54, "GiB/s"),
                spot(KINGSTON, DC3000ME, "GDSIO sequential write", "write", null, null, 64, "mean latency", 20944, "us"),
                spot(KINGSTON, "Kingston DC3000ME 15.36TB", "specification: endurance", null, null, null, null, "endurance", 28032, "TBW"),
                spot(KINGSTON, "Kingston DC3000ME 3.84TB", "specification: sequential write", "write", null, null, null, "bandwidth", 5800, "MB/s"),
                spot(KINGSTON, DC3000ME, "specification: MTBF", null, null, null, null, "MTBF", 2_000_000, "h"),
                // 003 (Ukrainian): single drive
                spot(UKRAINIAN, DC3000ME, "CrystalDiskMark sequential read", "read", "1m", 8, 1, "bandwidth", 14137, "MB/s"),
                spot(UKRAINIAN, DC3000ME, "fio 4K random write (Windows)", "randwrite", "4k", 128, 16, "IOPS", 901000, "IOPS"),
                // 004 (French): Solidigm D7-PS1030 review
                spot(PS1030, D7PS1030, "128K sequential write", "write", "128k", 16, 1, "bandwidth", 6370.3, "MB/s"),
                spot(PS1030, "KIOXIA CM9-R 15.36TB", "128K sequential read", "read", "128k", 64, 1, "bandwidth", 9974.6, "MB/s"),
                spot(PS1030, "Micron 7600 MAX 6.4TB", "4K random write", "randwrite", "4k", null, null, "IOPS", 1781200, "IOPS"),
                spot(PS1030, D7PS1030, "4K random read", "randread", "4k", 16, 16, "IOPS", 2255800, "IOPS"),
                spot(PS1030, D7PS1030, "4K random read", "randread", "4k", 16, 16, "mean latency", 112.8, "us"),
                spot(PS1030, D7PS1030, "DLIO checkpointing: pass 3 average", null, null, null, null, "checkpoint time", 599.2, "s"),
                spot(PS1030, "KIOXIA CM9-R 15.36TB", "DLIO checkpointing: pass 3 average", null, null, null, null, "checkpoint time", 580.9, "s"),
                spot(PS1030, "Micron 9550 MAX 12.8TB", "16K sequential write", "write", "16k", 32, 4, "bandwidth", 10970.8, "MB/s"),
                spot(PS1030, D7PS1030, "GDSIO sequential write", "write", "1m", null, 8, "bandwidth", 4.22, "GiB/s"),
                spot(PS1030, "KIOXIA CD9P-R 7.68TB", "GDSIO sequential read", "read", "1m", null, null, "bandwidth", 6.16, "GiB/s"),
                spot(PS1030, D7PS1030, "specification: MTBF", null, null, null, null, "MTBF", 2_500_000, "h"),
                spot(PS1030, D7PS1030, "64K random read", "randread", "64k", 1, 1, "bandwidth", 768.4, "MB/s"));
    }

    static final ReferenceLibrary LIBRARY = ReferenceLibrary.shipped();

    @ParameterizedTest(name = "{0}")
    @MethodSource("spots")
    void theLibraryHasTheFigureAsTheReviewPrintsIt(Spot spot) {
        List<ReferenceFigure> found = LIBRARY.figures().stream()
                .filter(f -> f.source().file().equals(spot.file()))
                .filter(f -> f.drive().label().equals(spot.drive()))
                .filter(f -> f.test().equals(spot.test()))
                .filter(f -> spot.rw() == null ? f.rw() == null : f.rw() != null && f.rw().value().equals(spot.rw()))
                .filter(f -> java.util.Objects.equals(f.transferLabel(), spot.bs()))
                .filter(f -> java.util.Objects.equals(f.iodepth(), spot.iodepth()))
                .filter(f -> java.util.Objects.equals(f.numjobs(), spot.numjobs()))
                .filter(f -> f.metric().label().equals(spot.metric()) && f.unit().symbol().equals(spot.unit()))
                .filter(f -> f.qualifier() == null)
                .toList();

        assertEquals(1, found.size(), "figures of " + spot + ": " + found);
        assertEquals(spot.value(), found.get(0).value(), 0, spot.toString());
    }
}
