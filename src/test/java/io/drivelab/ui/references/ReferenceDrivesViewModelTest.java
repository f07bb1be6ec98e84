package io.drivelab.ui.references;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.ui.DirectTasks;
import org.junit.jupiter.api.Test;

/** The reference drives list on the shipped library, without JavaFX running. */
class ReferenceDrivesViewModelTest {
    private static final ReferenceCurves SHIPPED = LibraryCurves.of(ReferenceLibrary.shipped());

    private static ReferenceDrivesViewModel loaded(Set<String> lastChoice) {
        ReferenceDrivesViewModel vm = new ReferenceDrivesViewModel(new DirectTasks(), () -> SHIPPED);
        vm.load(lastChoice);
        return vm;
    }

    @Test
    void withoutALastChoiceTheDrivesTheReviewsAreAboutAreTicked() {
        ReferenceDrivesViewModel vm = loaded(null);
        assertEquals(SHIPPED.drives().size(), vm.drives().size());
        assertEquals(Set.copyOf(SHIPPED.reviewedDrives()), Set.copyOf(vm.chosenNames()));
        assertTrue(vm.chosenNames().size() < vm.drives().size(), "not every drive: they would bury the user's curves");
        assertEquals("", vm.messageProperty().get());
    }

    @Test
    void theLastChoiceIsTickedAgain() {
        String one = SHIPPED.drives().get(SHIPPED.drives().size() - 1);
        ReferenceDrivesViewModel vm = loaded(Set.of(one));
        assertEquals(List.of(one), vm.chosenNames());
        assertEquals(List.of(one), vm.chosen().drives());
    }

    @Test
    void tickingADriveDrawsItAndUntickingRemovesIt() {
        ReferenceDrivesViewModel vm = loaded(Set.of());
        assertTrue(vm.chosen().drives().isEmpty());
        ReferenceDrivesViewModel.DriveChoice first = vm.drives().get(0);
        first.chosen().set(true);
        assertEquals(List.of(first.name()), vm.chosen().drives());
        first.chosen().set(false);
        assertFalse(vm.chosen().drives().contains(first.name()));
    }

    @Test
    void aLibraryThatCannotBeReadSaysSo() {
        ReferenceDrivesViewModel vm = new ReferenceDrivesViewModel(new DirectTasks(), () -> {
            throw new IllegalStateException("the database is locked");
        });
        vm.load(null);
        assertTrue(vm.drives().isEmpty());
        assertTrue(vm.messageProperty().get().startsWith("The reference library cannot be read: "),
                vm.messageProperty().get());
        assertTrue(vm.messageProperty().get().contains("the database is locked"), vm.messageProperty().get());
    }
}
