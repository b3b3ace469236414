package io.squall.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md is what {@link ConfigurationReference} makes of crawler-default.yaml. With
 * {@code -Dsquall.regenerate} the test rewrites it instead (see {@link ConfigurationReference#REGENERATE}).
 */
class ConfigurationReferenceTest {
    private static final Path PROJECT = Path.of("");

    @Test
    void theCommittedReferenceIsUpToDate() throws IOException {
        if (System.getProperty(ConfigurationReference.REGENERATE_PROPERTY) != null
                && !"false".equals(System.getProperty(ConfigurationReference.REGENERATE_PROPERTY))) {
            ConfigurationReference.write(PROJECT);
        }
        String expected = ConfigurationReference.generate(
                Files.readString(PROJECT.resolve(ConfigurationReference.DEFAULTS), StandardCharsets.UTF_8));
        Path reference = PROJECT.resolve(ConfigurationReference.REFERENCE);
        String committed = Files.exists(reference) ? Files.readString(reference, StandardCharsets.UTF_8) : "";
        if (!expected.equals(committed)) {
            fail(ConfigurationReference.REFERENCE + " is out of date with " + ConfigurationReference.DEFAULTS
                    + ": regenerate it with `" + ConfigurationReference.REGENERATE + "` and commit it. "
                    + firstDifference(expected, committed));
        }
    }

    private static String firstDifference(String expected, String committed) {
        List<String> want = expected.lines().toList();
        List<String> have = committed.lines().toList();
        for (int i = 0; i < Math.max(want.size(), have.size()); i++) {
            String w = i < want.size() ? want.get(i) : "(end of file)";
            String h = i < have.size() ? have.get(i) : "(end of file)";
            if (!w.equals(h)) {
                return "First difference, line " + (i + 1) + ":\n  generated: " + w + "\n  committed: " + h;
            }
        }
        return "They differ in their line ends.";
    }

    @Test
    void everyKeyIsListedWithItsDefaultAndTheCommentAboveIt() {
        String reference = ConfigurationReference.generate("""
                # The defaults.
                config:
                  # ---------------------------------------------------------------- Fetcher
                  # Threads per task,
                  # shared by all queues.
                  fetcher.threads.number: 50
                  fetcher.other: "x|y"

                  fetcher.bare: true
                  # ---------------------------------------------------------------- Spout
                  # Which hosts: <names>, as in __capacity or `a_b*`.
                  #
                  # A second paragraph.
                  spout.list: ["a",
                    "b"]
                """);
        assertTrue(reference.contains("The defaults.\n"), reference);
        assertTrue(reference.contains("- [Fetcher](#fetcher)\n- [Spout](#spout)\n"), reference);
        assertTrue(reference.contains("\n## Fetcher\n\n| key | default | description |\n|---|---|---|\n"
                + "| `fetcher.threads.number` | `50` | Threads per task, shared by all queues. |\n"
                + "| `fetcher.other` | `\"x\\|y\"` |  |\n| `fetcher.bare` | `true` |  |\n"), reference);
        assertTrue(reference.contains("| `spout.list` | `[\"a\", \"b\"]` | Which hosts: &lt;names&gt;, as in \\_\\_capacity"
                + " or `a_b*`.<br><br>A second paragraph. |\n"), reference);
    }

    @Test
    void aKeyTheLineReaderMissesFailsTheGeneration() {
        assertThrows(IllegalArgumentException.class, () -> ConfigurationReference.generate("""
                config:
                  fetcher.threads.number: 50
                  "fetcher.quoted": 1
                """));
    }

    @Test
    void headingsGetGitHubsAnchors() {
        assertEquals("scheduling-minutes--1--never", ConfigurationReference.anchor("Scheduling (minutes; -1 = never)"));
        assertEquals("robotstxt", ConfigurationReference.anchor("robots.txt"));
        assertEquals("urls-and-partitions", ConfigurationReference.anchor("URLs and partitions"));
    }
}
