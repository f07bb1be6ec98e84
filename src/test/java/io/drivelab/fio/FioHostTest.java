package io.drivelab.fio;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FioHostTest {
    @Test
    void aHostAloneGetsFiosDefaultPort() {
        assertEquals(new FioHost("rack1-a", 8765), FioHost.parse("rack1-a"));
    }

    @Test
    void aPortFollowsAColon() {
        assertEquals(new FioHost("10.0.0.7", 9000), FioHost.parse("10.0.0.7:9000"));
        assertEquals("10.0.0.7,9000", FioHost.parse("10.0.0.7:9000").clientArgument());
    }

    @Test
    void anIpv6AddressIsBracketedWhenItHasAPort() {
        assertEquals(new FioHost("fe80::1", 9000), FioHost.parse("[fe80::1]:9000"));
        assertEquals(new FioHost("fe80::1", 8765), FioHost.parse("fe80::1"));
    }

    @Test
    void aPortThatIsNotANumberIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FioHost.parse("a:http"));
        assertTrue(e.getMessage().contains("\"http\" is not a port number"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FioHost.parse("a:70000"));
        assertThrows(IllegalArgumentException.class, () -> FioHost.parse("a,b:1"));
    }
}
