package io.drivelab.safety;

import io.drivelab.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** packaging/polkit/io.drivelab.engine.policy: what pkexec reads to start the engine, and only the engine, as root. */
@IntegrationTest
class PolkitPolicyTest {
    private static final Path POLICY = Path.of("packaging/polkit/io.drivelab.engine.policy");

    private static Element action() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        // the DTD is polkit's, online: well-formedness is what is checked here, without a network
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document policy = factory.newDocumentBuilder().parse(POLICY.toFile());
        NodeList actions = policy.getElementsByTagName("action");
        assertEquals(1, actions.getLength(), "one action");
        return (Element) actions.item(0);
    }

    private static String text(Element parent, String tag) {
        return parent.getElementsByTagName(tag).item(0).getTextContent().strip();
    }

    @Test
    void theActionStartsOnlyTheInstalledEngine() throws Exception {
        Element action = action();

        assertEquals("io.drivelab.engine", action.getAttribute("id"));
        Element annotate = (Element) action.getElementsByTagName("annotate").item(0);
        assertEquals("org.freedesktop.policykit.exec.path", annotate.getAttribute("key"));
        assertEquals("/usr/lib/drivelab/drivelab-engine", annotate.getTextContent().strip());
    }

    @Test
    void aRunNeedsAnAdministratorOnceAndNoSessionGetsItSilently() throws Exception {
        Element defaults = (Element) action().getElementsByTagName("defaults").item(0);

        assertEquals("no", text(defaults, "allow_any"));
        assertEquals("no", text(defaults, "allow_inactive"));
        // kept for a few minutes: one password for a run, however many targets it starts an engine for
        assertEquals("auth_admin_keep", text(defaults, "allow_active"));
    }

    @Test
    void theMessageSaysThatAWriteTestDestroysData() throws Exception {
        assertTrue(text(action(), "message").contains("destroys the data"));
    }
}
