package io.squall.parse;

import io.squall.api.Settings;
import io.squall.api.Outlink;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import java.util.List;
import java.util.regex.Pattern;
import org.jsoup.select.Evaluator;

/**
 * The {@code links} parse filter: which of a page's outlinks are followed, by where they sit in the page and
 * by their URL, before the URL filters see them. Parameters, each a list, all optional:
 * <ul>
 *   <li>{@code keepInside}: CSS selectors of regions; a link inside none of them is dropped (a page
 *       without such a region then keeps no links);</li>
 *   <li>{@code dropInside}: CSS selectors of regions whose links are dropped;</li>
 *   <li>{@code keepMatching}: regular expressions; a link whose URL (resolved, normalized) contains a
 *       match of none of them is dropped;</li>
 *   <li>{@code dropMatching}: regular expressions; a link whose URL contains a match is dropped.</li>
 * </ul>
 */
final class LinksFilter implements ParseFilter {
    private List<Evaluator> keepInside;
    private List<Evaluator> dropInside;
    private List<Pattern> keepMatching;
    private List<Pattern> dropMatching;

    @Override
    public void configure(Settings params) {
        keepInside = FilterExpressions.cssList(params, "keepInside");
        dropInside = FilterExpressions.cssList(params, "dropInside");
        keepMatching = FilterExpressions.regexList(params, "keepMatching");
        dropMatching = FilterExpressions.regexList(params, "dropMatching");
        if (keepInside.isEmpty() && dropInside.isEmpty() && keepMatching.isEmpty() && dropMatching.isEmpty()) {
            throw params.error("needs keepInside, dropInside, keepMatching or dropMatching");
        }
    }

    @Override
    public void filter(ParseContext page) {
        page.outlinks().removeIf(link -> !kept(link));
    }

    private boolean kept(Outlink link) {
        if (!keepInside.isEmpty() && !insideAny(link, keepInside)) {
            return false;
        }
        if (insideAny(link, dropInside)) {
            return false;
        }
        if (keepMatching.isEmpty() && dropMatching.isEmpty()) {
            return true;
        }
        String url = link.url();
        if (url == null) {
            return true; // not a URL: the URL filters drop it and count it
        }
        return (keepMatching.isEmpty() || findsAny(url, keepMatching)) && !findsAny(url, dropMatching);
    }

    static boolean insideAny(Outlink link, List<Evaluator> regions) {
        for (Evaluator region : regions) {
            if (link.element().closest(region) != null) {
                return true;
            }
        }
        return false;
    }

    static boolean findsAny(String url, List<Pattern> patterns) {
        for (Pattern p : patterns) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }
}
