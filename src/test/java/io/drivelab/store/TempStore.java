package io.drivelab.store;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A new, empty database for each test: a test class with {@code @ExtendWith(TempStore.class)} takes a
 * {@link Store} in its constructor (or a test method's parameters). The folder holding it is deleted after the test.
 */
public final class TempStore implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Store.class;
    }

    @Override
    public Store resolveParameter(ParameterContext parameter, ExtensionContext context) {
        try {
            Path folder = Files.createTempDirectory("drivelab-store");
            context.getStore(ExtensionContext.Namespace.create(TempStore.class, folder))
                    .put(folder, (ExtensionContext.Store.CloseableResource) () -> delete(folder));
            return Store.open(folder.resolve("drivelab.db"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
