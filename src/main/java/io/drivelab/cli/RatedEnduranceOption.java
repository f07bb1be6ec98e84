package io.drivelab.cli;

import io.drivelab.reference.RatedEndurance;
import picocli.CommandLine.Option;

/** {@code --rated-tbw TBW}: the drive's rated endurance, for the share of it a run wrote ({@code @Mixin}). */
public final class RatedEnduranceOption {

    @Option(names = "--rated-tbw", paramLabel = "TBW", description = "The drive's rated endurance in terabytes "
            + "written (its TBW; from DWPD: DWPD x capacity in TB x 365 x warranty years), for the share of it the "
            + "run wrote. Without it, the reference library's rating of the drive where the library has the drive.")
    Double ratedTbw;

    /** The rating given, or null; a bad one is bad input. */
    public RatedEndurance rated() {
        if (ratedTbw == null) {
            return null;
        }
        try {
            return RatedEndurance.given(ratedTbw);
        } catch (IllegalArgumentException e) {
            throw CommandException.badInput("--rated-tbw: " + e.getMessage());
        }
    }

    /** What the command line says when the share is unknown for want of a rating. */
    static final String HINT = "Give the drive's rated endurance with --rated-tbw TBW for the share of it the run "
            + "wrote.";
}
