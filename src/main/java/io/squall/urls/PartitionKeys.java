package io.squall.urls;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import crawlercommons.domains.EffectiveTldFinder;
import io.squall.core.MetadataKeys;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * Computes the partition key of a URL: its host, its registered domain (public-suffix rules) or its IP,
 * per {@link PartitionMode}. The key decides which fetcher queue a URL waits in and which status-index
 * bucket it is read from.
 *
 * <p>The key is computed once when a URL is first written and stored with it ({@link MetadataKeys#PARTITION_KEY}
 * and the {@code key} field); later stages reuse the stored key so that a change of DNS never moves a URL.
 */
public final class PartitionKeys {
    private final PartitionMode mode;
    // IP lookups block; a bounded cache keeps a crawl of many URLs per host from asking DNS per URL.
    private final Cache<String, String> ipByHost = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofHours(1))
            .build();

    public PartitionKeys(PartitionMode mode) {
        this.mode = mode;
    }

    public PartitionMode mode() {
        return mode;
    }

    /**
     * The key of an absolute http(s) URL, lower case.
     *
     * @throws IllegalArgumentException when the URL is not an http(s) URL
     */
    public String keyOf(String url) {
        String host = hostOf(url);
        return switch (mode) {
            case BY_HOST -> host;
            case BY_DOMAIN -> domainOf(host);
            case BY_IP -> ipByHost.get(host, PartitionKeys::resolveOrHost);
        };
    }

    /**
     * The routing value of a URL's status document: the key itself when it cannot drift (host, domain),
     * the host when keys are IPs, so that a document is always found on the same shard.
     */
    public String routingOf(String url, String key) {
        return mode == PartitionMode.BY_IP ? hostOf(url) : key;
    }

    /**
     * The host of an absolute URL as Squall's URL parser reads it (lower case; every host the normalizer
     * accepts, {@code my_host.example.com} too).
     *
     * @throws IllegalArgumentException when the URL is not an http(s) URL
     */
    public static String hostOf(String url) {
        try {
            return WebUrl.parse(url).host();
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + e.getMessage(), e);
        }
    }

    static String domainOf(String host) {
        String domain = EffectiveTldFinder.getAssignedDomain(host, true, false);
        return domain == null || domain.isEmpty() ? host : domain;
    }

    private static String resolveOrHost(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            // An unresolvable host cannot be fetched anyway; its own name keeps its URLs together.
            return host;
        }
    }
}
