package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading a data file: a mistake is reported with the file, the figure and what is wrong. */
class ReferenceDataTest {

    /** A valid file with one figure; {@code figure} replaces its figure. */
    static String file(String figure) {
        return """
                {"format": 1, "version": 3,
                 "review": {"title": "A review", "short": "A review",
                            "seeds": [{"file": "009_0123456789abcdef.txt", "language": "en"}]},
                 "drives": {"d": {"vendor": "Acme", "model": "X1", "capacity": "1TB"}},
                 "mixes": {"CDN read mix": {"dominant_bs": "128k", "dominant_weight": 83.21}},
                 "figures": [%s],
                 "disagreements": []}""".formatted(figure);
    }

    static final String GOOD = """
            {"drive": "d", "section": "4K", "suite": "FIO", "test": "4K random read", "rw": "randread", "bs": "4k",
             "iodepth": 32, "numjobs": 8, "metric": "IOPS", "value": 1000000, "unit": "IOPS"}""";

    @Test
    void readsAFigureWithItsWorkloadAndSource() {
        ReferenceReview review = ReferenceData.parse("x.json", file(GOOD));

        ReferenceFigure figure = review.figures().get(0);
        assertEquals("Acme X1 1TB", figure.drive().label());
        assertEquals(4096L, figure.bs());
        assertEquals("QD32/8", figure.configurationLabel());
        assertEquals(3, figure.source().version());
        assertEquals(java.util.List.of("009_0123456789abcdef.txt"), figure.seeds());
    }

    @Test
    void aMixNamedInTheFileIsTheFiguresTransfer() {
        ReferenceReview review = ReferenceData.parse("x.json", file(GOOD.replace("\"4k\"", "\"CDN read mix\"")));

        assertEquals("CDN read mix", review.figures().get(0).transferLabel());
        assertEquals(null, review.figures().get(0).bs());
    }

    @Test
    void anUnknownUnitIsNamedWithTheFigure() {
        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(GOOD.replace("\"unit\": \"IOPS\"", "\"unit\": \"MB\""))));

        assertEquals("x.json: figure 1: unit \"MB\" is not one of IOPS, MB/s, GiB/s, us, ms, s, W, TBW, h",
                e.getMessage());
    }

    @Test
    void aUnitThatDoesNotFitTheMetricIsRefused() {
        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(GOOD.replace("\"unit\": \"IOPS\"", "\"unit\": \"us\""))));

        assertTrue(e.getMessage().contains("figure 1: IOPS is not given in us"), e.getMessage());
    }

    @Test
    void aDriveMissingFromDrivesIsRefused() {
        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(GOOD.replace("\"drive\": \"d\"", "\"drive\": \"e\""))));

        assertTrue(e.getMessage().contains("figure 1: drive \"e\" is not in \"drives\""), e.getMessage());
    }

    @Test
    void theSameFigureTwiceIsRefused() {
        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(GOOD + "," + GOOD.replace("1000000", "999999"))));

        assertTrue(e.getMessage().contains("figure 2 repeats figure 1"), e.getMessage());
    }

    @Test
    void aDerivedFigureNeedsANoteSayingHow() {
        String derived = GOOD.replace("\"unit\": \"IOPS\"", "\"unit\": \"IOPS\", \"qualifier\": \"derived\"");

        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(derived)));

        assertTrue(e.getMessage().contains("a derived figure needs a note"), e.getMessage());
    }

    @Test
    void aMisspelledFieldIsRefusedRatherThanIgnored() {
        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(GOOD.replace("\"iodepth\"", "\"io_depth\""))));

        assertTrue(e.getMessage().contains("figure 1: unknown field \"io_depth\""), e.getMessage());
    }

    @Test
    void aDuplicateKeyInTheFileIsRefused() {
        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(GOOD.replace("\"value\": 1000000",
                        "\"value\": 1000000, \"value\": 2"))));

        assertTrue(e.getMessage().startsWith("x.json: not valid JSON: Duplicate field 'value'"), e.getMessage());
    }

    @Test
    void everyProblemIsListedNotJustTheFirst() {
        String bad = GOOD.replace("\"rw\": \"randread\"", "\"rw\": \"random\"").replace("\"value\": 1000000",
                "\"value\": -1");

        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(bad)));

        assertEquals(2, e.problems().size(), e.getMessage());
    }

    @Test
    void aNewerFormatIsRefusedByName() {
        ReferenceDataException e = assertThrows(ReferenceDataException.class,
                () -> ReferenceData.parse("x.json", file(GOOD).replace("\"format\": 1", "\"format\": 2")));

        assertEquals("x.json: format 2 is not one this DriveLab reads (1)", e.getMessage());
    }
}
