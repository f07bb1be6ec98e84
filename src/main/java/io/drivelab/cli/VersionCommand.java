package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import io.drivelab.engine.EngineBinary;
import io.drivelab.engine.EngineException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code drivelab version}: the app version, then what the engine says about itself. */
@Command(name = "version", mixinStandardHelpOptions = true,
        description = "Print the DriveLab version and the engine's --version output.")
public final class VersionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.println("drivelab " + AppVersion.get());
        out.flush();
        try {
            String engineVersion = EngineBinary.version(EngineBinary.locate());
            out.println(engineVersion.strip());
            return 0;
        } catch (EngineException e) {
            err.println("drivelab: engine: " + e.getMessage());
            return 1;
        }
    }
}
