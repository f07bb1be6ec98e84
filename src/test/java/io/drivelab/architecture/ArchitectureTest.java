package io.drivelab.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The allowed package dependencies of docs/architecture.md, checked on the compiled main classes. */
class ArchitectureTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.drivelab");
    }

    @Test
    void onlyTheCommandLineAndMainUseTheCommandLine() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("io.drivelab.cli..")
                .and().doNotHaveFullyQualifiedName("io.drivelab.Main")
                .should().dependOnClassesThat().resideInAPackage("io.drivelab.cli..")
                .because("the GUI and the CLI are two faces of one core and never call each other");
        rule.check(main);
    }

    @Test
    void onlyTheWindowAndMainUseTheWindow() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("io.drivelab.ui..")
                .and().doNotHaveFullyQualifiedName("io.drivelab.Main")
                .should().dependOnClassesThat().resideInAPackage("io.drivelab.ui..")
                .because("the core and the CLI run without a display");
        rule.check(main);
    }

    @Test
    void theFoundationPackagesDependOnNoOtherPackageOfOurs() {
        for (String foundation : new String[] {"engine", "device", "store", "workload", "files"}) {
            ArchRule rule = noClasses().that().resideInAPackage("io.drivelab." + foundation + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(otherPackagesThan(foundation))
                    .allowEmptyShould(true)
                    .because(foundation + " is a foundation: everything else is built on it, it on nothing of ours"
                            + " (the safe output files excepted)");
            rule.check(main);
        }
    }

    @Test
    void theCoreNeverTouchesJavaFx() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("io.drivelab.ui..")
                .and().doNotHaveFullyQualifiedName("io.drivelab.Main")
                .should().dependOnClassesThat().resideInAPackage("javafx..")
                .because("the command line runs on servers without JavaFX's native libraries");
        rule.check(main);
    }

    @Test
    void packagesFormNoCycles() {
        slices().matching("io.drivelab.(*)..").should().beFreeOfCycles().check(main);
    }

    @Test
    void noClassOfTheAppIsOver400Lines() throws IOException {
        Path sources = Path.of("src/main/java");
        List<String> tooLong;
        try (var files = Files.walk(sources)) {
            tooLong = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> lineCount(f) > 400)
                    .map(f -> sources.relativize(f) + " (" + lineCount(f) + " lines)")
                    .toList();
        }
        assertEquals(List.of(), tooLong,
                "classes with more than one job: split them by job (docs/architecture.md)");
    }

    @Test
    void everyClassOfTheAppHasItsJobInTheArchitecturePage() throws IOException {
        String page = Files.readString(Path.of("docs/architecture.md"));
        Path sources = Path.of("src/main/java");
        List<String> missing;
        try (var files = Files.walk(sources)) {
            missing = files.map(f -> f.getFileName().toString())
                    .filter(name -> name.endsWith(".java"))
                    .map(name -> name.substring(0, name.length() - ".java".length()))
                    .filter(name -> !page.contains("| `" + name + "` |"))
                    .sorted().toList();
        }
        assertEquals(List.of(), missing, "docs/architecture.md gives every class a row with its one job");
    }

    private static long lineCount(Path file) {
        try (var lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String[] otherPackagesThan(String foundation) {
        return Stream.of("cli", "ui", "run", "report", "reference", "export",
                        "engine", "device", "store", "workload")
                .filter(p -> !p.equals(foundation))
                .map(p -> "io.drivelab." + p + "..")
                .toArray(String[]::new);
    }
}
