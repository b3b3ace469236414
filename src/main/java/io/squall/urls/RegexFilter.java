package io.squall.urls;

import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Accepts or rejects by regular expressions: rules "+regex" (accept) and "-regex" (reject), tried in order
 * against the URL (found anywhere in it unless anchored); the first that matches decides, and
 * {@code default} ("accept" or "reject") decides when none does.
 */
public final class RegexFilter implements UrlFilter {
    private record Rule(boolean accept, Pattern pattern, String text) {
    }

    private final String name;
    private final List<Rule> rules = new ArrayList<>();
    private final boolean acceptByDefault;

    public RegexFilter(Settings params) {
        this.name = params.name();
        for (String rule : params.getStringList("rules", List.of())) {
            if (rule.length() < 2 || (rule.charAt(0) != '+' && rule.charAt(0) != '-')) {
                throw params.error("rules", "has '" + rule + "': a rule starts with + or - followed by a regex");
            }
            try {
                rules.add(new Rule(rule.charAt(0) == '+', Pattern.compile(rule.substring(1)), rule));
            } catch (PatternSyntaxException e) {
                throw params.error("rules", "has an invalid regex '" + rule + "': " + e.getDescription());
            }
        }
        String byDefault = params.getString("default", "accept");
        if (!byDefault.equals("accept") && !byDefault.equals("reject")) {
            throw params.error("default", "must be accept or reject, got '" + byDefault + "'");
        }
        this.acceptByDefault = byDefault.equals("accept");
    }

    @Override
    public FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        for (Rule rule : rules) {
            if (rule.pattern.matcher(url).find()) {
                return rule.accept ? FilterVerdict.accept(url) : FilterVerdict.reject(name, "matches " + rule.text);
            }
        }
        return acceptByDefault ? FilterVerdict.accept(url) : FilterVerdict.reject(name, "no rule matches");
    }
}
