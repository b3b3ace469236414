package io.squall.parse;

import io.squall.api.Outlink;
import java.util.List;
import org.jsoup.nodes.Document;

/**
 * What {@link HtmlParser} finds in a page. Links are as written in the page (hrefs to resolve against
 * {@link #baseUrl}), in document order, without those marked nofollow when nofollow is honoured.
 *
 * @param charsetSource where the charset came from: bom, http, meta, detected or default
 * @param canonical the canonical URL, resolved and normalized, or null
 * @param refreshUrl the target of a {@code <meta http-equiv="refresh">}, resolved and normalized, or null
 * @param links the links, a mutable list (the parse filters may prune it)
 * @param document the DOM, for the parse filters
 */
public record ParsedPage(String charset, String charsetSource, String baseUrl, String title, String description,
        String keywords, String canonical, String language, String text, RobotsDirectives robots, String refreshUrl,
        List<Outlink> links, Document document) {
}
