package io.drivelab.reference;

/** A number a review states that the library leaves out on purpose, and why (a range over drives, a percentage). */
public record NotRecorded(String section, String text, String why) {
}
