package io.squall.parse;

import io.squall.api.Settings;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import java.util.regex.Pattern;
import org.jsoup.select.Evaluator;

/**
 * The {@code skip} parse filter: keeps a page out of the index, or follows none of its links, when it
 * matches. Parameters: {@code selector} (a CSS selector that matches an element of the page) and/or
 * {@code text} (a regular expression found in the page's text), either of which makes the page match; and
 * what then happens, {@code noIndex: true} and/or {@code noFollow: true}.
 */
final class SkipFilter implements ParseFilter {
    private Evaluator selector;
    private Pattern text;
    private boolean noIndex;
    private boolean noFollow;

    @Override
    public void configure(Settings params) {
        String css = params.getString("selector", null);
        String regex = params.getString("text", null);
        selector = css == null ? null : FilterExpressions.css(params, "selector", css);
        text = regex == null ? null : FilterExpressions.regex(params, "text", regex);
        noIndex = params.getBoolean("noIndex", false);
        noFollow = params.getBoolean("noFollow", false);
        if (selector == null && text == null) {
            throw params.error("needs a selector or a text pattern");
        }
        if (!noIndex && !noFollow) {
            throw params.error("needs noIndex: true or noFollow: true (what to do with a matching page)");
        }
    }

    @Override
    public void filter(ParseContext page) {
        boolean matches = (selector != null && page.document().selectFirst(selector) != null)
                || (text != null && text.matcher(page.text()).find());
        if (matches) {
            if (noIndex) {
                page.setNoIndex();
            }
            if (noFollow) {
                page.setNoFollow();
            }
        }
    }
}
