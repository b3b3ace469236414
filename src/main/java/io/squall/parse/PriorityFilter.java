package io.squall.parse;

import io.squall.api.Settings;
import io.squall.api.Outlink;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.select.Evaluator;

/**
 * The {@code priority} parse filter: gives outlinks a priority, which their URLs keep in the status index;
 * the spout hands out the due URLs of a host highest priority first (then oldest first). Parameter
 * {@code rules}, a list of {@code {matching: regex, priority: n}} or {@code {inside: css, priority: n}}
 * (or both, which must then both hold); the first rule that holds for a link sets its priority, a link
 * that no rule holds for keeps its priority (0 unless an earlier filter set one). URLs already known keep
 * the priority they were first discovered with.
 */
final class PriorityFilter implements ParseFilter {
    private static final Set<String> RULE_KEYS = Set.of("matching", "inside", "priority");

    private record Rule(Pattern matching, Evaluator inside, int priority) {
        boolean holdsFor(Outlink link) {
            if (inside != null && link.element().closest(inside) == null) {
                return false;
            }
            if (matching != null) {
                String url = link.url();
                return url != null && matching.matcher(url).find();
            }
            return true;
        }
    }

    private final List<Rule> rules = new ArrayList<>();

    @Override
    public void configure(Settings params) {
        if (!(params.get("rules") instanceof List<?> list) || list.isEmpty()) {
            throw params.error("rules", "expects a list of {matching: regex, inside: css, priority: n}");
        }
        for (Object entry : list) {
            if (!(entry instanceof Map<?, ?> rule) || !RULE_KEYS.containsAll(rule.keySet())
                    || !(rule.get("priority") instanceof Integer priority)
                    || !(rule.get("matching") == null || rule.get("matching") instanceof String)
                    || !(rule.get("inside") == null || rule.get("inside") instanceof String)
                    || (rule.get("matching") == null && rule.get("inside") == null)) {
                throw params.error("rules", "expects {matching: regex, inside: css, priority: n} (matching or inside,"
                        + " an integer priority), got '" + entry + "'");
            }
            String matching = (String) rule.get("matching");
            String inside = (String) rule.get("inside");
            rules.add(new Rule(matching == null ? null : FilterExpressions.regex(params, "rules", matching),
                    inside == null ? null : FilterExpressions.css(params, "rules", inside), priority));
        }
    }

    @Override
    public void filter(ParseContext page) {
        for (Outlink link : page.outlinks()) {
            for (Rule rule : rules) {
                if (rule.holdsFor(link)) {
                    link.setPriority(rule.priority());
                    break;
                }
            }
        }
    }
}
