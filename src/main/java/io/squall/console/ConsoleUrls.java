package io.squall.console;

import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.frontier.InjectionReport;
import io.squall.frontier.Injector;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.UrlFilterChain;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The console's two URL tools: adding seeds (through the crawl's {@link Injector}: normalized, filtered, written
 * as DISCOVERED) and looking a URL up ("why was this URL not crawled?": its status document, or, when it was
 * never stored, what the URL filters say about it).
 */
public final class ConsoleUrls {
    /** At most this many seed lines are taken in one request. */
    public static final int MAX_SEEDS = 10_000;

    private final Injector injector;
    private final UrlFilterChain filters;
    private final StatusIndexView index;

    public ConsoleUrls(Injector injector, UrlFilterChain filters, StatusIndexView index) {
        this.injector = injector;
        this.filters = filters;
        this.index = index;
    }

    /** Injects seed lines (a URL, optionally with TAB-separated key=value metadata); says what came of them. */
    public Map<String, Object> addSeeds(List<String> lines) throws IOException {
        if (lines.size() > MAX_SEEDS) {
            throw new IllegalArgumentException("at most " + MAX_SEEDS + " seeds at once, got " + lines.size());
        }
        List<String> problems = new ArrayList<>();
        InjectionReport report = injector.inject(lines, problems::add);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("added", report.added());
        result.put("alreadyKnown", report.alreadyKnown());
        result.put("rejected", report.rejected());
        result.put("failed", report.failed());
        result.put("problems", problems);
        result.put("summary", report.toString());
        return result;
    }

    /**
     * What is known of a URL: {@code url} (as stored), {@code document} (its status document, or null) and,
     * when never stored, {@code verdict}: what the URL filters make of it as a seed, in words.
     */
    public Map<String, Object> lookUp(String input) {
        Map<String, Object> result = new LinkedHashMap<>();
        String url = input.strip();
        result.put("input", url);
        String normalized;
        try {
            normalized = filters.normalizer().normalize(url);
        } catch (InvalidUrlException e) {
            result.put("document", null);
            result.put("verdict", "not a URL Squall can crawl: " + e.getMessage());
            return result;
        }
        result.put("url", normalized);
        Map<String, Object> document = index.document(normalized);
        result.put("document", document);
        FilterVerdict verdict = filters.filter(url, new Metadata().set(MetadataKeys.DEPTH, "0"));
        result.put("accepted", verdict.accepted());
        if (verdict.accepted()) {
            result.put("verdict", document != null ? "stored; the URL filters accept it"
                    : "never stored, though the URL filters accept it as a seed: no crawled page linked to it"
                    + " (or the link's page put it out of scope or too deep); add it as a seed to crawl it");
        } else {
            result.put("rejectedBy", verdict.rejectedBy());
            result.put("reason", verdict.reason());
            result.put("verdict", (document != null ? "stored, but " : "never stored: ")
                    + "the URL filter '" + verdict.rejectedBy() + "' rejects it: " + verdict.reason());
        }
        return result;
    }
}
