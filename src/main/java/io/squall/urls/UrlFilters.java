package io.squall.urls;

import crawlercommons.filters.basic.BasicURLNormalizer;
import io.squall.config.CrawlerConfig;
import java.util.Locale;

/** Builds the URL filter chain from the configuration. */
public final class UrlFilters {
    private UrlFilters() {
    }

    /** The chain configured for this crawl. */
    public static UrlFilter fromConfig(CrawlerConfig config) {
        BasicURLNormalizer normalizer = new BasicURLNormalizer();
        return (url, metadata) -> {
            String normalized = normalizer.filter(url);
            if (normalized == null) {
                return FilterVerdict.reject("normalizer", "not a valid URL");
            }
            String lower = normalized.toLowerCase(Locale.ROOT);
            if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
                return FilterVerdict.reject("scheme", "only http and https are crawled");
            }
            return FilterVerdict.accept(normalized);
        };
    }
}
