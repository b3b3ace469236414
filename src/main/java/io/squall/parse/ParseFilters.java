package io.squall.parse;

import io.squall.api.ParseFilter;
import io.squall.api.Settings;
import io.squall.config.CrawlerConfig;
import io.squall.config.Extensions;
import io.squall.config.ShippedFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Builds the parse filter chain from the file named by {@code parsefilters.config.file} (see
 * {@link Extensions} for its shape); Squall's types are xpath, css, structured, links, skip and priority.
 */
public final class ParseFilters {
    private static final Map<String, Function<Settings, ParseFilter>> TYPES = Map.of(
            "xpath", configured(() -> new SelectorFilter(SelectorFilter.Language.XPATH)),
            "css", configured(() -> new SelectorFilter(SelectorFilter.Language.CSS)),
            "structured", configured(StructuredDataFilter::new),
            "links", configured(LinksFilter::new),
            "skip", configured(SkipFilter::new),
            "priority", configured(PriorityFilter::new));

    private ParseFilters() {
    }

    /** The chain of the file that {@code parsefilters.config.file} names, as shipped in the configuration. */
    public static ParseFilterChain fromConfig(CrawlerConfig config) {
        return fromFile(ShippedFiles.get(config, ShippedFiles.PARSE_FILTERS), config);
    }

    /** The chain of a definition read where the crawl started (and carried to this worker in the topology). */
    public static ParseFilterChain fromFile(ShippedFiles.File file, CrawlerConfig config) {
        if (file.isEmpty()) {
            return ParseFilterChain.EMPTY;
        }
        List<String> names = new ArrayList<>();
        List<ParseFilter> filters = new ArrayList<>();
        for (Extensions.Entry entry : Extensions.entries(file, "parse filters")) {
            names.add(entry.name());
            filters.add(Extensions.build(entry, ParseFilter.class, TYPES, config));
        }
        return new ParseFilterChain(names, filters);
    }

    private static Function<Settings, ParseFilter> configured(Supplier<ParseFilter> type) {
        return settings -> {
            ParseFilter filter = type.get();
            filter.configure(settings);
            return filter;
        };
    }
}
