package io.squall.parse;

import crawlercommons.sitemaps.AbstractSiteMap;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the dates of feed entries: RFC 822 (RSS {@code pubDate}, with the North American zone names RFC 822
 * allows) and RFC 3339 / W3C date-time (Atom {@code published} and
 * {@code updated}, Dublin Core {@code dc:date}, possibly a date alone), with crawler-commons' readers,
 * which sitemap dates go through too.
 */
final class FeedDates {
    /** RFC 822's zone names that RFC 1123's reader does not take, as offsets it does. */
    private static final Map<String, String> ZONES = Map.ofEntries(Map.entry("UT", "+0000"),
            Map.entry("Z", "+0000"), Map.entry("EST", "-0500"), Map.entry("EDT", "-0400"),
            Map.entry("CST", "-0600"), Map.entry("CDT", "-0500"), Map.entry("MST", "-0700"),
            Map.entry("MDT", "-0600"), Map.entry("PST", "-0800"), Map.entry("PDT", "-0700"));

    private FeedDates() {
    }

    /** The instant the text names, or null when it is no date either format knows. */
    static Instant parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String date = text.strip().replaceAll("\\s+", " ");
        ZonedDateTime parsed = AbstractSiteMap.convertToZonedDateTime(date);
        if (parsed == null) {
            String rfc822 = withNumericZone(date);
            parsed = AbstractSiteMap.parseRSSTimestamp(rfc822);
            int comma = rfc822.indexOf(',');
            if (parsed == null && comma > 0 && comma <= 9) {
                // a day name that does not match the date (a common slip) is left out rather than the date
                parsed = AbstractSiteMap.parseRSSTimestamp(rfc822.substring(comma + 1).strip());
            }
        }
        return parsed == null ? null : parsed.toInstant();
    }

    private static String withNumericZone(String date) {
        int space = date.lastIndexOf(' ');
        String zone = date.substring(space + 1).toUpperCase(Locale.ROOT);
        String offset = ZONES.get(zone);
        return offset == null ? date : date.substring(0, space + 1) + offset;
    }
}
