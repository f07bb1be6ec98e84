package io.drivelab.store;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Run in a child JVM by {@link SharedDatabaseTest}: holds a store open the way the GUI does and obeys commands
 * on stdin, answering each on stdout. "commit" creates a run and prints its id once committed; "touch" opens,
 * reads and closes every file in the database's folder with plain Java IO, as the GTK file chooser did when it
 * listed the folder.
 */
public final class HeldStore {
    public static void main(String[] args) throws IOException {
        Path db = Path.of(args[0]);
        Store store = Store.open(db);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("open");
        String command;
        while ((command = in.readLine()) != null) {
            switch (command) {
                case "commit" -> System.out.println(store.createRun(StoreTest.newRun("from the GUI")));
                case "touch" -> {
                    try (Stream<Path> files = Files.list(db.getParent())) {
                        for (Path listed : files.toList()) {
                            try (FileInputStream file = new FileInputStream(listed.toFile())) {
                                file.read(new byte[100]);
                            } catch (FileNotFoundException gone) {
                                // a -wal or -shm removed since the listing
                            }
                        }
                    }
                    System.out.println("touched");
                }
                default -> System.out.println("unknown command " + command);
            }
            System.out.flush();
        }
    }

    private HeldStore() {
    }
}
