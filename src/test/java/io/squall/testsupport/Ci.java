package io.squall.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * The rule for tests that need a program of the machine (a browser, a proxy, npm): without it a test is skipped,
 * saying why, except in CI (the environment variable {@code CI} set and not "false", as {@code .ci/run} sets it),
 * where the program was to be installed, so its absence fails the test.
 */
public final class Ci {
    private Ci() {
    }

    /** Whether the tests run in CI. */
    public static boolean isSet() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isEmpty() && !ci.equals("false");
    }

    /** Returns when {@code present}; otherwise fails in CI and skips elsewhere, with {@code missing} as the reason. */
    public static void require(boolean present, String missing) {
        if (present) {
            return;
        }
        if (isSet()) {
            fail(missing + " (CI is set: .ci/run installs it)");
        }
        Assumptions.assumeTrue(false, missing);
    }
}
