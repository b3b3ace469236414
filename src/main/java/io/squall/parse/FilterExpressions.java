package io.squall.parse;

import io.squall.api.Settings;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

/** CSS selectors and regular expressions of the parse filter file, compiled with errors that name the entry. */
final class FilterExpressions {
    private FilterExpressions() {
    }

    static Evaluator css(Settings params, String key, String selector) {
        try {
            return QueryParser.parse(selector);
        } catch (Selector.SelectorParseException | IllegalArgumentException e) {
            throw params.error(key, selector + " does not compile: " + firstLine(e.getMessage()));
        }
    }

    static Pattern regex(Settings params, String key, String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw params.error(key, regex + " does not compile: " + firstLine(e.getDescription()));
        }
    }

    static List<Evaluator> cssList(Settings params, String key) {
        return params.getStringList(key, List.of()).stream().map(s -> css(params, key, s)).toList();
    }

    static List<Pattern> regexList(Settings params, String key) {
        return params.getStringList(key, List.of()).stream().map(s -> regex(params, key, s)).toList();
    }

    static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
