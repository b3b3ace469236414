package io.squall.parse;

import io.squall.api.Discovered;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.Counters;
import io.squall.urls.OutlinkMetadata;
import io.squall.urls.UrlFilterChain;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a feed gives the crawl: its entries' links as discoveries, each through the URL filters with the
 * entry's date ({@code feed.published}, ISO-8601) and title ({@code feed.title}) in its metadata, except
 * entries published more than {@code feed.max.age} days ago; at most
 * {@code parser.emitOutlinks.max.per.page} of them. The feed's own metadata is marked {@code isFeed}, and
 * gets the fetch interval {@link FeedSchedule} chooses as its {@code fetchInterval} (which the schedulers
 * honour), unless the URL carries a fetchInterval of its own.
 *
 * <p>Counts {@code parser.feeds}, {@code parser.feed.entries.old} (entries too old to follow),
 * {@code parser.feed.entries.linkless} and {@code parser.outlinks.over.max}.
 */
public final class FeedReader {
    private final FeedParser parser;
    private final Duration maxAge;
    private final FeedSchedule schedule;
    private final int maxEntries;
    private final UrlFilterChain filters;
    private final OutlinkMetadata outlinkMetadata;
    private final Counters counters;

    /** @param maxAge the age past which entries are not followed; null: none is too old */
    FeedReader(FeedParser parser, Duration maxAge, FeedSchedule schedule, int maxEntries, UrlFilterChain filters,
            OutlinkMetadata outlinkMetadata, Counters counters) {
        this.parser = parser;
        this.maxAge = maxAge;
        this.schedule = schedule;
        this.maxEntries = maxEntries;
        this.filters = filters;
        this.outlinkMetadata = outlinkMetadata;
        this.counters = counters;
    }

    /** Reads feed.max.age, feed.max.bytes, fetchInterval.feed, fetchInterval.feed.min and the outlink limit. */
    public static FeedReader fromConfig(CrawlerConfig config, UrlFilterChain filters, Counters counters) {
        Duration maxAge = config.getDuration("feed.max.age");
        return new FeedReader(new FeedParser(filters.normalizer(), config.getInt("feed.max.bytes")),
                maxAge.isNegative() ? null : maxAge,
                schedule(config), config.getInt("parser.emitOutlinks.max.per.page"), filters, OutlinkMetadata.fromConfig(config),
                counters);
    }

    /** @throws io.squall.api.ConfigException when fetchInterval.feed.min and fetchInterval.feed do not fit */
    public static void check(CrawlerConfig config) {
        schedule(config);
    }

    private static FeedSchedule schedule(CrawlerConfig config) {
        // A feed's interval is stored as its fetchInterval metadata, in whole minutes.
        return new FeedSchedule(Math.toIntExact(config.getDuration("fetchInterval.feed.min").toMinutes()),
                Math.toIntExact(config.getDuration("fetchInterval.feed").toMinutes()));
    }

    /**
     * @param md the feed's metadata, updated (isFeed, feed.truncated, its fetch interval)
     * @return the entries to discover
     * @throws IOException when the feed cannot be read, with a one-line reason
     */
    List<Discovered> read(String url, byte[] content, Metadata md, Instant now) throws IOException {
        FeedParser.Result feed = parser.parse(url, content, "true".equals(md.getFirst(MetadataKeys.HTTP_TRIMMED)));
        counters.increment("parser.feeds");
        counters.add("parser.feed.entries.linkless", feed.linkless());
        md.set(MetadataKeys.IS_FEED, "true");
        md.set(MetadataKeys.FEED_TRUNCATED, feed.truncated() ? "true" : null);
        List<Instant> dates = new ArrayList<>();
        feed.entries().forEach(e -> dates.add(e.published()));
        schedule(md, dates, now);

        Instant oldest = maxAge == null ? null : now.minus(maxAge);
        Map<String, Discovered> found = new LinkedHashMap<>();
        for (FeedParser.Entry entry : feed.entries()) {
            if (oldest != null && entry.published() != null && entry.published().isBefore(oldest)) {
                counters.increment("parser.feed.entries.old");
                continue;
            }
            Metadata entryMd = outlinkMetadata.forOutlink(url, md, now);
            entryMd.set(MetadataKeys.FEED_PUBLISHED, entry.published() == null ? null : entry.published().toString());
            entryMd.set(MetadataKeys.FEED_UPDATED, entry.updated() == null ? null : entry.updated().toString());
            entryMd.set(MetadataKeys.FEED_TITLE, entry.title());
            FilterVerdict verdict = filters.resolveAndFilter(entry.base(), entry.href(), entryMd);
            if (!verdict.accepted() || verdict.url().equals(url) || found.containsKey(verdict.url())) {
                continue;
            }
            if (found.size() >= maxEntries) {
                counters.increment("parser.outlinks.over.max");
                continue;
            }
            found.put(verdict.url(), new Discovered(verdict.url(), entryMd));
        }
        counters.add("parser.outlinks", found.size());
        return new ArrayList<>(found.values());
    }

    /**
     * Sets the feed's fetchInterval, unless the URL has one that this did not set (a seed's own, say):
     * feed.interval remembers the last one set here.
     */
    private void schedule(Metadata md, List<Instant> dates, Instant now) {
        String current = md.getFirst(MetadataKeys.FETCH_INTERVAL);
        if (!schedule.enabled() || (current != null && !current.equals(md.getFirst(MetadataKeys.FEED_INTERVAL)))) {
            return;
        }
        String minutes = Integer.toString(schedule.minutes(dates, now));
        md.set(MetadataKeys.FETCH_INTERVAL, minutes);
        md.set(MetadataKeys.FEED_INTERVAL, minutes);
    }
}
