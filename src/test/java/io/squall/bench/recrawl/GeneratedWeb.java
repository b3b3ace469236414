package io.squall.bench.recrawl;

import io.squall.freshness.TextFingerprint;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The re-crawl benchmark's web: {@code urls} pages {@code /p/N.html} spread over {@code hosts} loopback
 * hosts (URL number i is page i / hosts of host i % hosts, so that any prefix of the numbers covers every
 * host), each page's every version a formula of the time, so that the server keeps nothing per page and the
 * loader knows what the server will answer.
 *
 * <p>A page changes once in every period of its own, at a moment within the period drawn from a hash: about
 * the rate of a Poisson process with that mean, intervals from nothing to two periods, without remembering
 * a change. Periods are log-uniform from {@value #FASTEST_SECONDS} s to {@value #SLOWEST_SECONDS} s (minutes
 * to days), drawn from the page's number. Even hosts answer conditional requests (ETag, Last-Modified, 304).
 *
 * <p>A page is about 3 KB: a navigation of ten links to pages of its host, a main text of about 250
 * words that is the page's version (what Squall's parser fingerprints), an aside that changes at every
 * request (a counter and the time: a byte digest sees a change, the fingerprint does not) and a footer that
 * every page shares. Words have no digits: the fingerprint leaves words with digits out.
 */
final class GeneratedWeb {
    static final double FASTEST_SECONDS = 120;
    static final double SLOWEST_SECONDS = 3 * 86_400;
    private static final int LINKS = 10;
    private static final int PARAGRAPHS = 4;
    private static final int WORDS_A_PARAGRAPH = 60;
    private static final String[] SYLLABLES = ("ka lo mi re su ta ne vo di pa ro le fi ga mu se no ri ta ve bo"
            + " zu ha ki").split(" ");
    private static final String FOOTER = "<footer><p>" + "This generated site is served on loopback for Squall's"
            + " re-crawl benchmark; every page shares this footer, as the pages of a real site share theirs. "
            .repeat(10) + "</p></footer>\n";
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

    private final int hosts;
    private final long urls;

    GeneratedWeb(int hosts, long urls) {
        if (hosts < 1 || hosts > LoopbackHosts.MAX || urls < hosts) {
            throw new IllegalArgumentException("need 1 to " + LoopbackHosts.MAX + " hosts and at least a page a host,"
                    + " not " + hosts + " hosts and " + urls + " URLs");
        }
        this.hosts = hosts;
        this.urls = urls;
    }

    int hosts() {
        return hosts;
    }

    long urls() {
        return urls;
    }

    /** Pages on a host: page p exists while URL number p × hosts + host is below the URL count. */
    boolean exists(int host, long page) {
        return page >= 0 && page * hosts + host < urls;
    }

    String url(long number, int port) {
        return "http://" + LoopbackHosts.address(host(number)) + ":" + port + "/p/" + page(number) + ".html";
    }

    int host(long number) {
        return (int) (number % hosts);
    }

    long page(long number) {
        return number / hosts;
    }

    static boolean conditional(int host) {
        return host % 2 == 0;
    }

    /** The page's mean seconds between changes. */
    double periodSeconds(int host, long page) {
        double u = unit(mix(host, page, -1));
        return FASTEST_SECONDS * Math.pow(SLOWEST_SECONDS / FASTEST_SECONDS, u);
    }

    /** The page's version at that time: the number of the last change at or before it. */
    long version(int host, long page, Instant at) {
        long period = periodMillis(host, page);
        long millis = at.toEpochMilli();
        long slot = Math.floorDiv(millis, period);
        return millis >= changeMillis(host, page, slot, period) ? slot : slot - 1;
    }

    /** When that version began: its change, in the slot of the same number. */
    Instant since(int host, long page, long version) {
        return Instant.ofEpochMilli(changeMillis(host, page, version, periodMillis(host, page)));
    }

    String etag(long version) {
        return "\"v" + Long.toHexString(version) + "\"";
    }

    /** Last-Modified as a server sends it: to the second. */
    String lastModified(int host, long page, long version) {
        return HTTP_DATE.format(since(host, page, version).truncatedTo(ChronoUnit.SECONDS).atZone(ZoneOffset.UTC));
    }

    /** The fingerprint Squall's parser gives the page at that version (hex), from its main text alone. */
    String fingerprint(int host, long page, long version) {
        return TextFingerprint.hex(TextFingerprint.of(String.join(" ", mainText(host, page, version))));
    }

    /** The page at that version; {@code request} and {@code now} fill the aside, which changes at every request. */
    String html(int host, long page, long version, long request, Instant now) {
        List<String> text = mainText(host, page, version);
        StringBuilder s = new StringBuilder(4_096);
        s.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(text.get(0))
                .append("</title></head>\n<body>\n<nav><ul>\n");
        for (long link : links(host, page)) {
            s.append("<li><a href=\"/p/").append(link).append(".html\">").append(title(host, link)).append("</a></li>\n");
        }
        s.append("</ul></nav>\n<main><article>\n<h1>").append(text.get(0)).append("</h1>\n");
        for (String paragraph : text.subList(1, text.size())) {
            s.append("<p>").append(paragraph).append(".</p>\n");
        }
        return s.append("</article></main>\n<aside><p>Request ").append(request).append(", served at ").append(now)
                .append("</p></aside>\n").append(FOOTER).append("</body></html>\n").toString();
    }

    /** The heading then the paragraphs: the version's text, in the order the parser reads it. */
    private List<String> mainText(int host, long page, long version) {
        SplittableRandom random = new SplittableRandom(mix(host, page, version));
        List<String> text = new ArrayList<>(PARAGRAPHS + 1);
        text.add(words(random, 6));
        for (int p = 0; p < PARAGRAPHS; p++) {
            text.add(words(random, WORDS_A_PARAGRAPH));
        }
        return text;
    }

    /** A link's anchor: a title of its own, not its version's, so that a page's links never change. */
    private String title(int host, long page) {
        return words(new SplittableRandom(mix(host, page, -2)), 3);
    }

    /** The previous and next pages, and pages drawn from the page's number: all on its host, all existing. */
    private List<Long> links(int host, long page) {
        long pages = (urls - host + hosts - 1) / hosts;
        List<Long> links = new ArrayList<>(LINKS);
        links.add(Math.floorMod(page - 1, pages));
        links.add((page + 1) % pages);
        SplittableRandom random = new SplittableRandom(mix(host, page, -3));
        while (links.size() < LINKS) {
            links.add(random.nextLong(pages));
        }
        return links;
    }

    private static String words(SplittableRandom random, int count) {
        StringBuilder s = new StringBuilder(count * 7);
        for (int w = 0; w < count; w++) {
            if (w > 0) {
                s.append(' ');
            }
            for (int syllables = 1 + random.nextInt(3); syllables > 0; syllables--) {
                s.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
        }
        return s.toString();
    }

    private long periodMillis(int host, long page) {
        return Math.round(periodSeconds(host, page) * 1000);
    }

    private long changeMillis(int host, long page, long slot, long period) {
        return slot * period + (long) (unit(mix(host, page, slot)) * period);
    }

    /** A 64-bit hash of (host, page, what): SplitMix64's finalizer over the three. */
    static long mix(long host, long page, long what) {
        long z = host * 0x9E3779B97F4A7C15L + page * 0xC2B2AE3D27D4EB4FL + what * 0x165667B19E3779F9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A hash as a number in [0, 1). */
    static double unit(long hash) {
        return (hash >>> 11) * 0x1.0p-53;
    }
}
