package io.squall.urls;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.squall.api.ConfigException;
import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;

/**
 * A budget of distinct URLs per host ({@code max.urls.per.host}, -1 for none): a guard against crawler
 * traps and against one site eating the crawl. URLs already counted pass again (rediscovery is harmless).
 *
 * <p>Each filter instance counts the URLs it has seen (one parser task sees the hosts routed to it; counts
 * start again after a restart). Memory is bounded by {@code urlfilters.host.budget.memory}, the number of
 * URL hashes remembered over all hosts: when it is full the least recently used host is forgotten and its
 * count starts again, so the bound should exceed the budget of one host by a wide margin.
 */
public final class HostBudgetFilter implements UrlFilter {
    private final String name;
    private final int max;
    private final Cache<String, LongHashSet> hosts;

    public HostBudgetFilter(Settings params) {
        this.name = params.name();
        this.max = params.getInt("max", params.crawl().getInt("max.urls.per.host", -1));
        long memory = params.crawl().getLong("urlfilters.host.budget.memory", 0);
        if (max >= 0 && memory < max) {
            throw new ConfigException("urlfilters.host.budget.memory (" + memory
                    + ") must be at least the per-host budget (" + max + ")");
        }
        this.hosts = Caffeine.newBuilder().maximumWeight(memory).executor(Runnable::run)
                .<String, LongHashSet>weigher((host, urls) -> urls.size()).build();
    }

    @Override
    public synchronized FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        if (max < 0) {
            return FilterVerdict.accept(url);
        }
        String host = UrlParts.host(url);
        LongHashSet seen = hosts.get(host, h -> new LongHashSet());
        long hash = LongHashSet.hash64(url);
        if (seen.contains(hash)) {
            return FilterVerdict.accept(url);
        }
        if (seen.size() >= max) {
            return FilterVerdict.reject(name, "host " + host + " has used its budget of " + max + " URLs");
        }
        seen.add(hash);
        hosts.put(host, seen); // re-weighs the entry
        return FilterVerdict.accept(url);
    }
}
