package io.squall.urls;

import crawlercommons.domains.EffectiveTldFinder;
import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import io.squall.core.MetadataKeys;
import java.util.List;
import java.util.Locale;

/**
 * Keeps the crawl where the user wants it, relative to the seed that led to each URL (the seed's URL
 * travels in {@link MetadataKeys#SEED_URL}):
 * <ul>
 *   <li>{@code host}: same host as the seed;</li>
 *   <li>{@code domain}: same registered domain as the seed (public-suffix rules: www.example.co.uk and
 *       shop.example.co.uk are one domain);</li>
 *   <li>{@code path}: under the seed's directory (seed http://h/docs/index.html keeps http://h/docs/...);</li>
 *   <li>{@code hosts}: hosts in the {@code hosts} list, whatever the seed ("*.example.com" also matches
 *       its subdomains);</li>
 *   <li>{@code all}: no restriction.</li>
 * </ul>
 * A URL without a seed in its metadata is a seed itself (or a seed's redirect target), which defines the
 * scope rather than being subject to it, and is accepted by the seed-relative modes.
 */
public final class ScopeFilter implements UrlFilter {
    private enum Mode { HOST, DOMAIN, PATH, HOSTS, ALL }

    /** A power of two; at about 100 bytes a slot, a fixed bound of some 100 kB per filter. */
    private static final int DOMAIN_SLOTS = 1024;

    private final String name;
    private final Mode mode;
    private final List<String> hosts;
    /**
     * Recent host-to-domain lookups, one slot per host hash: public-suffix matching costs more than
     * everything else in the chain, and a page's links (and the seed's host, looked up for each of them)
     * share few hosts, though the external links of a site's pages reach hundreds (324 over the Python
     * documentation, which thrashed 64 slots). Slots are read and replaced without locks: a record's final fields make it safe to
     * share, and a lost update only costs a lookup.
     */
    private final HostDomain[] domains = new HostDomain[DOMAIN_SLOTS];

    private record HostDomain(String host, String domain) {
    }

    /** The last seed looked at and its host; replaced without locks, as the domain slots are. */
    private volatile SeedHost lastSeed;

    private record SeedHost(String seed, String host) {
    }

    public ScopeFilter(Settings params) {
        this.name = params.name();
        String m = params.getString("mode", "domain");
        try {
            this.mode = Mode.valueOf(m.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw params.error("mode", "must be host, domain, path, hosts or all, got '" + m + "'");
        }
        this.hosts = params.getStringList("hosts", List.of()).stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
        if (mode == Mode.HOSTS && hosts.isEmpty()) {
            throw params.error("hosts", "must list at least one host when mode is hosts");
        }
    }

    @Override
    public FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        if (mode == Mode.ALL) {
            return FilterVerdict.accept(url);
        }
        if (mode == Mode.HOSTS) {
            String host = UrlParts.host(url);
            return allowedHost(host) ? FilterVerdict.accept(url)
                    : FilterVerdict.reject(name, "host " + host + " is not in the allowed hosts");
        }
        String seed = metadata.getFirst(MetadataKeys.SEED_URL);
        if (seed == null) {
            return FilterVerdict.accept(url);
        }
        if (mode == Mode.PATH) {
            return url.startsWith(directory(seed)) ? FilterVerdict.accept(url)
                    : FilterVerdict.reject(name, "not under the seed's path " + directory(seed));
        }
        String seedHost = seedHost(seed);
        if (UrlParts.hasHost(url, seedHost)) {
            return FilterVerdict.accept(url); // the seed's host, in scope in both modes: most links
        }
        String host = UrlParts.host(url);
        if (mode == Mode.HOST) {
            return FilterVerdict.reject(name, "host " + host + " is not the seed's host " + seedHost);
        }
        return domain(host).equals(domain(seedHost)) ? FilterVerdict.accept(url)
                : FilterVerdict.reject(name, "domain " + domain(host) + " is not the seed's domain " + domain(seedHost));
    }

    /** The seed's host; the links of a page share their seed, so the last one is remembered. */
    private String seedHost(String seed) {
        SeedHost last = lastSeed;
        if (last != null && last.seed.equals(seed)) {
            return last.host;
        }
        String host = UrlParts.host(seed);
        lastSeed = new SeedHost(seed, host);
        return host;
    }

    private boolean allowedHost(String host) {
        for (String allowed : hosts) {
            if (allowed.startsWith("*.") ? host.equals(allowed.substring(2)) || host.endsWith(allowed.substring(1))
                    : host.equals(allowed)) {
                return true;
            }
        }
        return false;
    }

    private String domain(String host) {
        int h = host.hashCode();
        int slot = (h ^ (h >>> 16)) & (DOMAIN_SLOTS - 1);
        HostDomain cached = domains[slot];
        if (cached != null && cached.host.equals(host)) {
            return cached.domain;
        }
        String domain = EffectiveTldFinder.getAssignedDomain(host, false, false);
        HostDomain found = new HostDomain(host, domain == null ? host : domain);
        domains[slot] = found;
        return found.domain;
    }

    /** The seed up to the last '/' of its path: http://h/docs/index.html?x gives http://h/docs/. */
    private static String directory(String seed) {
        int query = seed.indexOf('?');
        String noQuery = query < 0 ? seed : seed.substring(0, query);
        return noQuery.substring(0, noQuery.lastIndexOf('/') + 1);
    }
}
