package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.drivelab.files.InputFileException;
import io.drivelab.reference.ReferenceDataException;
import io.drivelab.reference.ReferencePacks;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code drivelab reference add|remove}: the reference packs a user adds next to the shipped reviews. */
final class ReferencePackCommands {

    private ReferencePackCommands() {
    }

    /** What add and remove share: the database, theirs or the one given before them. */
    abstract static class PackCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        StoreOption store;

        @ParentCommand
        ReferenceCommand parent;

        /** The sub-command's --db, else the one given before it (`reference --db F add PACK`), else the default. */
        Store open() {
            boolean parentsOwn = store.db == null && parent != null && parent.store.db != null;
            return (parentsOwn ? parent.store : store).open();
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Add a reference pack: figures published elsewhere or measured by a colleague, in the "
                    + "format of the shipped reference files (docs/reference.md), each with its source. "
                    + "`drivelab export RUN --as-reference` writes a run as such a pack.",
                    "",
                    "The pack is known by its file name; adding a pack of the same name again replaces it. A pack "
                            + "with any problem is refused with every problem listed; a pack cannot change the "
                            + "shipped figures (one named like a shipped file, or naming the same review, is "
                            + "refused)."})
    static final class Add extends PackCommand {
        @Parameters(paramLabel = "PACK.json", description = "The pack file.")
        Path file;

        @Override
        public Integer call() {
            ReferencePacks.Added added;
            try (Store s = open()) {
                added = ReferencePacks.add(s, file);
            } catch (InputFileException e) {
                throw CommandException.badInput(e.getMessage());
            } catch (ReferenceDataException e) {
                throw CommandException.badInput(e.getMessage() + "\nnothing was added; mend the pack and add it "
                        + "again (the format is in docs/reference.md)");
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println((added.replaced() ? "replaced" : "added") + " reference pack " + added.name() + ": "
                    + added.figures() + (added.figures() == 1 ? " figure" : " figures")
                    + "; `drivelab reference remove " + added.name() + "` removes it");
            out.flush();
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Remove a reference pack you added (by its name, as `reference add` printed it). Shipped "
                    + "reference files cannot be removed.")
    static final class Remove extends PackCommand {
        @Parameters(paramLabel = "NAME", description = "The pack's name, e.g. run-12.json.")
        String name;

        @Override
        public Integer call() {
            try (Store s = open()) {
                ReferencePacks.remove(s, name);
            } catch (ReferenceDataException e) {
                throw CommandException.badInput(e.getMessage());
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println("removed reference pack " + name);
            out.flush();
            return 0;
        }
    }
}
