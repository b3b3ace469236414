package io.squall.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** {@code squall --version}: Squall's version (written by the build) and those of what it runs on. */
final class Version {
    private Version() {
    }

    static String line() {
        return "squall " + squall() + " (Storm " + org.apache.storm.utils.VersionInfo.getVersion() + ", Java "
                + Runtime.version() + ")";
    }

    static String squall() {
        String version = built().getProperty("version", "");
        return version.isEmpty() || version.startsWith("${") ? "(version unknown: not built by Maven)" : version;
    }

    /** What the build wrote: Squall's version and the versions of what a project built on Squall needs. */
    static Properties built() {
        Properties properties = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/io/squall/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // reported as unknown by the callers
        }
        return properties;
    }
}
