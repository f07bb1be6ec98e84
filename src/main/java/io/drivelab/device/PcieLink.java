package io.drivelab.device;

/**
 * The PCIe link of an NVMe drive, as sysfs reports it: speeds as text ("16.0 GT/s PCIe"), widths in lanes.
 * The current speed can read lower than the maximum while the link idles in a power-saving state, so a lower
 * current value is a hint to check under load, not proof of a bad slot. Any part may be null when unknown.
 */
public record PcieLink(String currentSpeed, Integer currentWidth, String maxSpeed, Integer maxWidth) {
}
