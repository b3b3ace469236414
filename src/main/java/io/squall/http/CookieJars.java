package io.squall.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.urls.WebUrl;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * The cookies of a crawl when {@code http.use.cookies} is on: one jar per politeness key, so that a key's
 * cookies live in the one fetcher task that fetches its URLs. Bounded: at most {@code http.cookies.max.jars}
 * jars (the least recently used is dropped whole), each of at most {@code http.cookies.max.bytes} bytes of
 * names, values, domains and paths (its oldest cookies dropped first). A cookie is sent only where RFC 6265
 * says (its domain or host, its path, https for a secure one), so a jar shared by several hosts (a key per
 * domain or per IP) never sends one site's cookies to another.
 */
public final class CookieJars {
    private final Cache<String, Jar> jars;
    private final int maxBytes;
    private final CrawlClock clock;

    CookieJars(long maxJars, int maxBytes, CrawlClock clock) {
        // Evicted on the storing thread: the bound holds at once, not when a background task gets to it.
        this.jars = Caffeine.newBuilder().maximumSize(maxJars).executor(Runnable::run).build();
        this.maxBytes = maxBytes;
        this.clock = clock;
    }

    /**
     * The jars the configuration asks for, or null when cookies are off.
     *
     * @throws ConfigException with http.trust.everything, over whose unverified connections no cookie is sent
     */
    public static CookieJars fromConfig(CrawlerConfig config, CrawlClock clock) {
        if (!config.getBoolean("http.use.cookies")) {
            return null;
        }
        if (config.getBoolean("http.trust.everything")) {
            throw new ConfigException("http.use.cookies is refused with http.trust.everything: cookies are never"
                    + " sent over connections whose certificates are not verified");
        }
        long jars = config.getLong("http.cookies.max.jars");
        long bytes = config.getLong("http.cookies.max.bytes");
        if (jars < 1 || bytes < Cookie.MAX_BYTES || bytes > Integer.MAX_VALUE) {
            throw new ConfigException("http.cookies.max.jars must be at least 1 and http.cookies.max.bytes at least "
                    + Cookie.MAX_BYTES + " (one cookie), got " + jars + " and " + bytes);
        }
        return new CookieJars(jars, (int) bytes, clock);
    }

    /** The Cookie header for a request to the URL, or null when no cookie of the key's jar matches it. */
    String header(String key, WebUrl url) {
        Jar jar = jars.getIfPresent(key);
        return jar == null ? null : jar.header(url, clock.millis());
    }

    /** Whether the key's jar holds a cookie of that name that a request to the URL would carry. */
    boolean holds(String key, WebUrl url, String name) {
        String header = header(key, url);
        return header != null && ("; " + header).contains("; " + name + "=");
    }

    /** Stores the cookies of a response's Set-Cookie headers in the key's jar. */
    void store(String key, WebUrl from, List<String> setCookies) {
        if (setCookies.isEmpty()) {
            return;
        }
        long now = clock.millis();
        Jar jar = jars.get(key, k -> new Jar(maxBytes));
        for (String header : setCookies) {
            Cookie cookie = Cookie.parse(header, from, now);
            if (cookie != null) {
                jar.put(cookie, now);
            }
        }
    }

    /** One key's cookies, oldest first; a fetcher may fetch a key's URLs on several threads at once. */
    private static final class Jar {
        private final List<Cookie> cookies = new ArrayList<>();
        private final int maxBytes;
        private int bytes;

        Jar(int maxBytes) {
            this.maxBytes = maxBytes;
        }

        synchronized void put(Cookie cookie, long now) {
            for (Iterator<Cookie> it = cookies.iterator(); it.hasNext();) {
                Cookie c = it.next();
                if (c.sameSlot(cookie) || c.expiredAt(now)) {
                    it.remove();
                    bytes -= c.size();
                }
            }
            if (cookie.expiredAt(now)) {
                return; // an expiry date in the past is how a server deletes a cookie
            }
            cookies.add(cookie);
            bytes += cookie.size();
            while (bytes > maxBytes) {
                bytes -= cookies.remove(0).size();
            }
        }

        /** RFC 6265 5.4: longer paths first, then the older cookie first. */
        synchronized String header(WebUrl url, long now) {
            List<Cookie> sent = new ArrayList<>();
            for (Cookie c : cookies) {
                if (!c.expiredAt(now) && c.matches(url)) {
                    sent.add(c);
                }
            }
            if (sent.isEmpty()) {
                return null;
            }
            sent.sort(Comparator.comparingInt((Cookie c) -> c.path().length()).reversed());
            StringBuilder header = new StringBuilder();
            for (Cookie c : sent) {
                header.append(header.length() == 0 ? "" : "; ").append(c.name()).append('=').append(c.value());
            }
            return header.toString();
        }
    }
}
