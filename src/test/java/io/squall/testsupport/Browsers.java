package io.squall.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Debian's Chromium and its chromedriver, for the tests that drive a real browser. Without them a test is
 * skipped, saying why, except in CI (the environment variable {@code CI}, as .ci/run sets, or
 * {@code -Dsquall.browser.required=true}), where it fails.
 */
public final class Browsers {
    public static final Path CHROMIUM = Path.of(System.getProperty("squall.chromium", "/usr/bin/chromium"));
    public static final Path CHROMEDRIVER = Path.of(System.getProperty("squall.chromedriver", "/usr/bin/chromedriver"));

    private Browsers() {
    }

    /** Fails in CI without a browser; elsewhere, skips and says why. */
    public static void require(String forWhat) {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return;
        }
        String missing = "no browser for " + forWhat + ": " + CHROMIUM + " and " + CHROMEDRIVER
                + " are needed (apt-get install chromium chromium-driver)";
        if (Boolean.getBoolean("squall.browser.required")) {
            fail(missing);
        }
        Ci.require(false, missing);
    }
}
