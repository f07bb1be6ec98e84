package io.drivelab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** A matrix cell's written-out equality: the same IODepth and NumJobs, in that order, and nothing else. */
class MatrixCellTest {

    @Test
    void cellsAreEqualByIodepthAndNumjobsAndNotWhenSwapped() {
        Matrix.Cell cell = new Matrix.Cell(32, 4);

        assertEquals(new Matrix.Cell(32, 4), cell);
        assertEquals(new Matrix.Cell(32, 4).hashCode(), cell.hashCode());
        assertNotEquals(new Matrix.Cell(4, 32), cell);
        assertNotEquals(new Matrix.Cell(32, 8), cell);
        assertNotEquals(cell, null);
        assertNotEquals(cell, "Cell[iodepth=32, numjobs=4]");
    }

    @Test
    void everyCellOfTheLargestGridIsItsOwnKey() {
        Set<Matrix.Cell> cells = new HashSet<>();
        List<Integer> depths = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
        List<Integer> jobs = List.of(1, 2, 4, 8, 16);
        for (int qd : depths) {
            for (int j : jobs) {
                cells.add(new Matrix.Cell(qd, j));
            }
        }

        assertEquals(45, cells.size());
        assertTrue(cells.contains(new Matrix.Cell(256, 16)));
    }
}
