package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The library shipped in the jar, as a whole. */
class ReferenceLibraryTest {
    static final ReferenceLibrary LIBRARY = ReferenceLibrary.shipped();

    @Test
    void shipsAtLeastTenDrivesAndTwoHundredFiftyFigures() {
        Set<String> driveNames = LIBRARY.drives().stream().map(ReferenceDrive::name).collect(Collectors.toSet());

        assertTrue(driveNames.size() >= 10, "drives: " + driveNames);
        assertTrue(LIBRARY.figures().size() >= 250, "figures: " + LIBRARY.figures().size());
    }

    @Test
    void namesTheDrivesOfAllFiveReviews() {
        Set<String> driveNames = LIBRARY.drives().stream().map(ReferenceDrive::name).collect(Collectors.toSet());

        assertEquals(Set.of("Kingston DC3000ME", "SanDisk DC SN861", "Solidigm D7-PS1010", "Micron 9550 PRO",
                "Pascari X200P", "Solidigm D7-PS1030", "KIOXIA CD9P-R", "KIOXIA CM9-R", "Micron 7600 MAX",
                "Micron 9550 MAX"), driveNames);
    }

    @Test
    void everyFigureNamesItsReviewSeedAndSection() {
        for (ReferenceFigure figure : LIBRARY.figures()) {
            Set<String> seedFiles = figure.source().seeds().stream().map(ReferenceSource.Seed::file)
                    .collect(Collectors.toSet());
            assertFalse(figure.seeds().isEmpty(), figure.toString());
            assertTrue(seedFiles.containsAll(figure.seeds()), figure.toString());
            assertTrue(figure.seeds().stream().allMatch(s -> s.matches("\\d{3}_[0-9a-f]{16}\\.txt")), figure.toString());
            assertFalse(figure.section().isBlank(), figure.toString());
        }
    }

    @Test
    void theIndexListsEveryDataFileInAssets() throws IOException {
        Set<String> inAssets;
        try (Stream<Path> files = Files.list(Path.of("assets", "reference"))) {
            inAssets = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".json") && !n.equals(ReferenceLibrary.INDEX))
                    .collect(Collectors.toSet());
        }
        Set<String> indexed = ReferenceLibrary.shippedFiles().stream().map(ReferenceLibrary.ShippedFile::name)
                .collect(Collectors.toSet());

        assertEquals(inAssets, indexed);
    }

    @Test
    void theKingstonReviewRecordsWhereItsTranslationsDisagree() {
        ReferenceReview kingston = review("kingston-dc3000me-review.json");

        assertTrue(kingston.disagreements().size() >= 20, "disagreements: " + kingston.disagreements().size());
        assertTrue(kingston.disagreements().stream().allMatch(d -> d.copies().size() >= 2 && !d.resolution().isBlank()));
        assertEquals("001_507741c9d7844d8e.txt", kingston.source().primarySeed().file());
    }

    @Test
    void vendorSpecificationsAreTheirOwnKind() {
        List<ReferenceFigure> specs = LIBRARY.select("Kingston DC3000ME", "specification");

        assertFalse(specs.isEmpty());
        assertTrue(specs.stream().allMatch(f -> f.kind() == ReferenceFigure.Kind.SPEC), specs.toString());
    }

    @Test
    void aPeakWithoutItsConfigurationKeepsIodepthAndNumjobsUnknown() {
        ReferenceFigure peak = LIBRARY.select("Micron 7600 MAX", "4K random write").stream()
                .filter(f -> f.metric() == Metric.IOPS).findFirst().orElseThrow();

        assertEquals(null, peak.iodepth());
        assertEquals(null, peak.numjobs());
        assertEquals(null, peak.configurationLabel());
    }

    @Test
    void selectFiltersByDriveAndTestIgnoringCase() {
        List<ReferenceFigure> figures = LIBRARY.select("kioxia cm9-r", "16k sequential read");

        assertFalse(figures.isEmpty());
        assertTrue(figures.stream().allMatch(f -> f.drive().label().equals("KIOXIA CM9-R 15.36TB")
                && f.test().equals("16K sequential read")), figures.toString());
    }

    @Test
    void aTestFilterStartsAtAWord() {
        List<ReferenceFigure> figures = LIBRARY.select("DC3000ME", "4K random write");

        assertFalse(figures.isEmpty());
        assertTrue(figures.stream().noneMatch(f -> f.test().startsWith("64K")), figures.toString());
        assertFalse(LIBRARY.select("PS1030", null).isEmpty(), "a model after a dash");
    }

    private static ReferenceReview review(String file) {
        return LIBRARY.reviews().stream().filter(r -> r.source().file().equals(file)).findFirst().orElseThrow();
    }
}
