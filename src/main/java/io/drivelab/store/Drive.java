package io.drivelab.store;

/** A physical drive results are filed under; identified by model and serial. */
public record Drive(long id, String model, String serial, String firmware, Long capacityBytes) {
}
