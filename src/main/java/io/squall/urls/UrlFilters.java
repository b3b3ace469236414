package io.squall.urls;

import io.squall.api.Settings;
import io.squall.api.UrlFilter;
import io.squall.config.CrawlerConfig;
import io.squall.config.Extensions;
import io.squall.config.ShippedFiles;
import io.squall.metrics.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Builds the URL filter chain from the file named by {@code urlfilters.config.file} (see {@link Extensions}
 * for its shape, {@link ShippedFiles} for where it is looked for); Squall's types are scheme, maxLength,
 * extension, pathRepetition, depth, scope, regex and hostBudget.
 */
public final class UrlFilters {
    private static final Map<String, Function<Settings, UrlFilter>> TYPES = Map.of(
            "scheme", SchemeFilter::new,
            "maxLength", MaxLengthFilter::new,
            "extension", ExtensionFilter::new,
            "pathRepetition", PathRepetitionFilter::new,
            "depth", MaxDepthFilter::new,
            "scope", ScopeFilter::new,
            "regex", RegexFilter::new,
            "hostBudget", HostBudgetFilter::new);

    private UrlFilters() {
    }

    /** The chain configured for this crawl, from the file it names (read now), counting its rejections in {@code counters}. */
    public static UrlFilterChain fromConfig(CrawlerConfig config, Counters counters) {
        return fromFile(ShippedFiles.get(config, ShippedFiles.URL_FILTERS), config, counters);
    }

    /** The chain of a definition read earlier (and carried to this worker in the topology). */
    public static UrlFilterChain fromFile(ShippedFiles.File file, CrawlerConfig config, Counters counters) {
        UrlNormalizer normalizer = UrlNormalizer.fromConfig(config);
        List<String> names = new ArrayList<>();
        List<UrlFilter> filters = new ArrayList<>();
        if (!file.isEmpty()) {
            for (Extensions.Entry entry : Extensions.entries(file, "URL filters")) {
                names.add(entry.name());
                filters.add(Extensions.build(entry, UrlFilter.class, TYPES, config));
            }
        }
        return new UrlFilterChain(normalizer, names, filters, counters);
    }
}
