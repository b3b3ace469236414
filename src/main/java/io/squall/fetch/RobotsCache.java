package io.squall.fetch;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import io.squall.config.CrawlerConfig;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.http.Protocol;
import io.squall.http.UserAgent;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.WebUrl;
import java.util.List;
import java.util.Locale;

/**
 * robots.txt rules per scheme+host+port, fetched with the crawler's protocol, parsed by crawler-commons
 * (RFC 9309), and kept in bounded caches: parsed rules for {@code robots.cache.ttl}, failures for
 * {@code robots.error.cache.ttl}. Per RFC 9309: 2xx is parsed; 4xx (but 429) allows everything; 5xx, 429,
 * timeouts and connection errors disallow everything until the error expires; up to 5 redirects are
 * followed.
 *
 * <p>This class only fetches when asked ({@link #fetch}); the fetcher asks from inside the host's
 * politeness slot, so a robots.txt counts as a request to its host.
 */
public final class RobotsCache {
    static final int MAX_REDIRECTS = 5;

    /**
     * The rules of an origin; {@code unavailable} when they disallow everything because robots.txt failed,
     * then {@code cause} is the failure's short cause ({@code connection.refused}, {@code http.503}...),
     * {@code failure} says why in full and {@code blocked} tells that Squall's address guard refused the host.
     */
    public record Robots(BaseRobotRules rules, boolean unavailable, String cause, String failure, boolean blocked) {
        public boolean isAllowed(String url) {
            return rules.isAllowed(url);
        }

        /** The Crawl-delay in milliseconds, or -1 when robots.txt sets none. */
        public long crawlDelayMillis() {
            long d = rules.getCrawlDelay();
            return d == BaseRobotRules.UNSET_CRAWL_DELAY || d < 0 ? -1 : d;
        }

        public List<String> sitemaps() {
            return rules.getSitemaps();
        }
    }

    private final Protocol protocol;
    private final List<String> agentNames;
    private final SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
    private final Cache<String, Robots> rules;
    private final Cache<String, Robots> errors;

    public RobotsCache(Protocol protocol, CrawlerConfig config) {
        this.protocol = protocol;
        this.agentNames = List.of(UserAgent.fromConfig(config).robotsToken().toLowerCase(Locale.ROOT));
        // Squall applies fetcher.max.crawl.delay itself, with its own cause; the parser must not.
        parser.setMaxCrawlDelay(Long.MAX_VALUE);
        long size = config.getLong("robots.cache.size");
        this.rules = Caffeine.newBuilder().maximumSize(size)
                .expireAfterWrite(config.getDuration("robots.cache.ttl")).build();
        this.errors = Caffeine.newBuilder().maximumSize(size)
                .expireAfterWrite(config.getDuration("robots.error.cache.ttl")).build();
    }

    /** The rules for the URL's origin if known and not expired, else null (then {@link #fetch} them). */
    public Robots cached(String url) {
        String origin = originOf(url);
        Robots r = rules.getIfPresent(origin);
        return r != null ? r : errors.getIfPresent(origin);
    }

    /** Fetches, parses and caches the robots.txt of the URL's origin (blocking, following redirects). */
    public Robots fetch(String url) {
        String origin = originOf(url);
        String robotsUrl = origin + "/robots.txt";
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            FetchResponse response;
            try {
                response = protocol.fetch(robotsUrl, null);
            } catch (FetchException e) {
                return failed(origin, e.cause().value, e.cause().value + ": " + e.getMessage(),
                        e.cause() == FetchException.Cause.ADDRESS_GUARD);
            }
            int code = response.statusCode();
            if (code >= 200 && code < 300) {
                String type = response.header("Content-Type");
                Robots r = new Robots(parser.parseContent(robotsUrl, response.content(),
                        type == null ? "text/plain" : type, agentNames), false, null, null, false);
                rules.put(origin, r);
                return r;
            }
            if (code >= 300 && code < 400 && response.header("Location") != null) {
                try {
                    robotsUrl = WebUrl.parse(robotsUrl).resolve(response.header("Location")).href();
                    continue;
                } catch (InvalidUrlException e) {
                    // like a redirect loop (see below): no robots.txt can be had, which allows everything
                    return allowAll(origin);
                }
            }
            if (code == 429 || code >= 500) {
                return failed(origin, "http." + code, "robots.txt answered HTTP " + code, false);
            }
            return allowAll(origin);
        }
        // RFC 9309 2.3.1.2: past five redirects the robots.txt may be taken as unavailable, i.e. allow all.
        return allowAll(origin);
    }

    private Robots allowAll(String origin) {
        Robots r = new Robots(parser.failedFetch(404), false, null, null, false);
        rules.put(origin, r);
        return r;
    }

    private Robots failed(String origin, String cause, String why, boolean blocked) {
        Robots r = new Robots(parser.failedFetch(503), true, cause, why, blocked);
        errors.put(origin, r);
        return r;
    }

    /**
     * scheme://host[:port] as Squall's URL parser reads it, the port left out when it is the scheme's default.
     *
     * @throws IllegalArgumentException when the URL is not an http(s) URL
     */
    static String originOf(String url) {
        try {
            return WebUrl.parse(url).origin();
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + e.getMessage(), e);
        }
    }
}
