package io.squall.api.testing;

import io.squall.api.Extension;
import io.squall.config.CrawlerConfig;
import io.squall.config.Extensions;
import java.util.Map;

/** Configures an extension as a crawl does, for a test. */
public final class TestExtensions {
    private static final String WHERE = "test: entry \"test\"";

    private TestExtensions() {
    }

    /**
     * Calls {@code configure} with these parameters of its entry and Squall's default settings, and refuses a
     * parameter it did not read, as a crawl does.
     *
     * @return the extension, configured
     * @throws io.squall.api.ConfigException as the crawl would stop with it
     */
    public static <T extends Extension> T configure(T extension, Map<String, ?> params) {
        return configure(extension, params, Map.of());
    }

    /** The same, with crawl settings of the test's on top of Squall's defaults (as in crawler-conf.yaml). */
    public static <T extends Extension> T configure(T extension, Map<String, ?> params, Map<String, ?> settings) {
        var entry = CrawlerConfig.defaults().with(settings, "the test's settings").settings()
                .forEntry("test", WHERE, params);
        Extensions.configure(extension, entry, WHERE);
        entry.checkAllUsed();
        return extension;
    }
}
