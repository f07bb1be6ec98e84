package io.drivelab.cli;

import picocli.CommandLine;

/** The application version: the jar manifest's Implementation-Version, or "dev" when run from classes. */
public final class AppVersion {
    private AppVersion() {
    }

    public static String get() {
        String version = AppVersion.class.getPackage().getImplementationVersion();
        return version == null || version.isBlank() ? "dev" : version;
    }

    /** For picocli's {@code --version}. */
    public static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"drivelab " + get()};
        }
    }
}
