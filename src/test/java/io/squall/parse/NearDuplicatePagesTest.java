package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.freshness.NearDuplicateIndex;
import io.squall.metrics.CounterTally;
import io.squall.urls.UrlFilters;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Near-duplicates found on the parse path, from real pages: copies under other URLs, and look-alike articles. */
class NearDuplicatePagesTest {
    private static final CrawlerConfig CONFIG = CrawlerConfig.defaults().with(Map.of("urlfilters.config.file", ""),
            "test");

    private static final String STORM_ARTICLE = """
            <h1>Storm closes the coast road for a second night</h1>
            <p>The coast road between the harbour and the lighthouse stays closed tonight, after waves carried
            stones and seaweed across both lanes and undermined a section of the sea wall near the old ferry
            slipway. Engineers from the county walked the damaged stretch this morning and said the wall would
            have to be shored up before any traffic could pass safely.</p>
            <p>Residents of the hamlet beyond the lighthouse can leave by the hill lane, which the council has
            gritted and lit, though lorries and buses are asked to keep away from its narrow bends. The school
            bus will wait at the chapel instead of the quay until the road opens again.</p>
            <p>Fishermen moved their boats to the inner basin on Tuesday evening, when the warning was first
            given, and none were lost. The harbour master said the swell should ease by the weekend, and that
            the slipway itself looked sound, but that nobody should walk on the breakwater while spray still
            broke over it.</p>
            """;

    private static final String MARKET_ARTICLE = """
            <h1>Market hall reopens with a new glass roof</h1>
            <p>After two years behind scaffolding the market hall opened its doors again on Saturday, under a
            roof of glass panes that lets daylight reach the stalls for the first time since the old lantern
            was boarded over. Traders who had spent the works in a car park marquee carried their crates back
            in at dawn and were selling cheese, bread and flowers by eight.</p>
            <p>The restoration kept the iron columns and the tiled floor, cleaned and repaired rather than
            replaced, and added a lift to the gallery, where a café and a small library of local history now
            look down over the aisles. The architects found the original drawings in the town archive.</p>
            <p>Shoppers queued along the square before the bell was rung, and the mayor thanked the traders for
            their patience. A craft fair will fill the gallery every first Sunday of the month.</p>
            """;

    /** The news site's page: its menu, a teaser block, the article, an ad aside, a footer with the time. */
    private static String newsPage(String article, String servedAt) {
        return """
                <!DOCTYPE html><html><head><title>Coastal News</title></head><body>
                <header><a href="/">Coastal News</a> <span>Updated %s</span></header>
                <nav><a href="/local">Local</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a>
                <a href="/letters">Letters</a></nav>
                <main><article>%s</article>
                <p><a href="/local/ferry-timetable">Ferry timetable</a></p></main>
                <aside class="ad"><a href="https://ads.example.net/click?id=8812">Win a weekend in the hills</a>
                </aside>
                <footer>Page served %s. <a href="/about">About us</a> <a href="/contact">Contact</a></footer>
                </body></html>
                """.formatted(servedAt, article, servedAt);
    }

    /** A mirror's printer version: another layout, another menu, other ads, no main element. */
    private static String printerPage(String article, String printedAt) {
        return """
                <html><head><title>Print: Coastal News</title></head><body>
                <div role="navigation"><a href="/m/">Mirror home</a> <a href="/m/archive">Archive</a></div>
                <div role="banner">Printed %s from the Coastal News</div>
                <div class="print">%s
                <p><a href="/local/ferry-timetable">Ferry timetable</a></p></div>
                <aside><a href="https://other-ads.example.org/go?c=51">Cheap flights to the sun</a></aside>
                <div role="contentinfo">Copyright Coastal News. <a href="/m/terms">Terms</a></div>
                </body></html>
                """.formatted(printedAt, article);
    }

    private final CounterTally counted = new CounterTally();
    private final ParseProcessor parser = ParseProcessor.withFilters(CONFIG, UrlFilters.fromConfig(CONFIG, counted),
            ParseFilters.fromConfig(CONFIG), new NearDuplicateIndex(3, 1000), counted);

    private ParseProcessor.Outcome parse(String url, String html) {
        return parser.process(url, html.getBytes(StandardCharsets.UTF_8),
                new Metadata().set("Content-Type", "text/html; charset=utf-8"));
    }

    @Test
    void aCopyUnderAnotherUrlIsMarkedWithTheOriginalAndItsLinksAreNotFollowed() {
        ParseProcessor.Outcome original = parse("https://news.example.com/local/storm-road",
                newsPage(STORM_ARTICLE, "2026-01-14 07:02"));
        ParseProcessor.Outcome copy = parse("https://mirror.example.org/print?id=1881&session=a81f",
                printerPage(STORM_ARTICLE, "2026-01-15 22:41"));

        assertEquals(ParseProcessor.Kind.PAGE, copy.kind());
        assertNull(original.metadata().getFirst(MetadataKeys.DUPLICATE_OF));
        assertFalse(original.discovered().isEmpty());
        assertEquals("https://news.example.com/local/storm-road", copy.metadata().getFirst(MetadataKeys.DUPLICATE_OF));
        assertEquals(List.of(), copy.discovered(), "the original's links were followed");
        assertEquals(1, counted.get("parser.duplicates"));
    }

    @Test
    void thePageFetchedAgainWithANewTimeIsNotACopyOfItself() {
        String url = "https://news.example.com/local/storm-road";
        parse(url, newsPage(STORM_ARTICLE, "2026-01-14 07:02"));
        ParseProcessor.Outcome again = parse(url, newsPage(STORM_ARTICLE, "2026-01-14 19:30"));

        assertNull(again.metadata().getFirst(MetadataKeys.DUPLICATE_OF));
        assertFalse(again.discovered().isEmpty());
        assertEquals(0, counted.get("parser.duplicates"));
    }

    @Test
    void twoArticlesInTheSameTemplateAreNotCopies() {
        parse("https://news.example.com/local/storm-road", newsPage(STORM_ARTICLE, "2026-01-14 07:02"));
        ParseProcessor.Outcome other = parse("https://news.example.com/local/market-hall",
                newsPage(MARKET_ARTICLE, "2026-01-14 07:02"));

        assertNull(other.metadata().getFirst(MetadataKeys.DUPLICATE_OF));
        assertFalse(other.discovered().isEmpty());
        assertEquals(0, counted.get("parser.duplicates"));
    }

    @Test
    void pagesWithTooLittleTextToTellAreNotCopies() {
        // Their titles and links hold numbers, left out of the fingerprint: what remains is the word "page".
        parse("https://shop.example/page/5", "<html><body><h1>/page/5</h1><a href=/page/11>/page/11</a></body></html>");
        ParseProcessor.Outcome other = parse("https://shop.example/page/6",
                "<html><body><h1>/page/6</h1><a href=/page/13>/page/13</a></body></html>");

        assertNull(other.metadata().getFirst(MetadataKeys.DUPLICATE_OF));
        assertEquals(List.of("https://shop.example/page/13"),
                other.discovered().stream().map(d -> d.url()).toList());
    }

    @Test
    void aPageNoLongerACopyLosesItsMark() {
        parse("https://news.example.com/local/storm-road", newsPage(STORM_ARTICLE, "2026-01-14 07:02"));
        Metadata lastTime = new Metadata().set("Content-Type", "text/html; charset=utf-8")
                .set(MetadataKeys.DUPLICATE_OF, "https://news.example.com/local/storm-road");
        ParseProcessor.Outcome rewritten = parser.process("https://mirror.example.org/print?id=1881",
                printerPage(MARKET_ARTICLE, "2026-01-16 08:00").getBytes(StandardCharsets.UTF_8), lastTime);

        assertNull(rewritten.metadata().getFirst(MetadataKeys.DUPLICATE_OF));
    }
}
