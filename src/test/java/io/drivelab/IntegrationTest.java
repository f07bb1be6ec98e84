package io.drivelab;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that needs more than the JVM: the engine process, root (loop devices, mounts), a JavaFX window, fio
 * or a child JVM. `mvn test` leaves these out so that the edit-compile-test loop stays under a minute;
 * `mvn verify` (the README's test command, and CI) runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("integration")
public @interface IntegrationTest {
}
