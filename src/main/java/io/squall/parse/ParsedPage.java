package io.squall.parse;

import java.util.List;

/**
 * What {@link HtmlParser} finds in a page. Links are as written in the page (hrefs to resolve against
 * {@link #baseUrl}), in document order, without those marked nofollow when nofollow is honoured.
 *
 * @param charsetSource where the charset came from: bom, http, meta, detected or default
 * @param canonical the canonical URL, resolved and normalized, or null
 * @param refreshUrl the target of a {@code <meta http-equiv="refresh">}, resolved and normalized, or null
 */
public record ParsedPage(String charset, String charsetSource, String baseUrl, String title, String description,
        String keywords, String canonical, String language, String text, RobotsDirectives robots, String refreshUrl,
        List<Link> links) {

    /** A link as written: its href and the text a reader clicks (anchor text, or the alt of an area). */
    public record Link(String href, String anchor) {
    }
}
