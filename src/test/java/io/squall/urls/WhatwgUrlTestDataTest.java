package io.squall.urls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testsupport.Corpora;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The WHATWG URL standard's own test data (web-platform-tests urltestdata.json), its http and https cases
 * run through Squall's parser: the input resolved against the base must give the expected href (without
 * its fragment, which Squall never keeps) or fail where a browser fails. Cases where Squall differs on
 * purpose are listed, one reason each, in {@code wpt-url-exclusions.json} (docs/crawling.md, URLs); a listed
 * case that passes fails the test, so the list cannot go stale.
 */
class WhatwgUrlTestDataTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SCHEME = Pattern.compile("^[\\x00-\\x20]*([A-Za-z][A-Za-z0-9+.\\-]*):");

    /** One case of the file: base is null for an absolute input; href null when the case must fail. */
    record Case(String input, String base, String href) {
        String key() {
            return input + "\u0000" + base;
        }
    }

    @Test
    void httpAndHttpsCasesGiveTheStandardsHrefOrAListedReason() throws IOException {
        JsonNode data = JSON.readTree(Files.readString(Corpora.require("wpt-url").resolve("urltestdata.json"),
                StandardCharsets.UTF_8));
        Map<String, String> excluded = exclusions();
        Set<String> used = new HashSet<>();
        List<String> wrong = new ArrayList<>();
        int run = 0;
        for (JsonNode node : data) {
            if (!node.isObject()) {
                continue; // comments between the cases
            }
            Case c = new Case(node.get("input").asText(), node.get("base").isNull() ? null : node.get("base").asText(),
                    node.has("failure") ? null : node.get("href").asText());
            if (!isHttp(c)) {
                continue;
            }
            run++;
            String expected = c.href == null ? "failure" : withoutFragment(c.href);
            String actual = parse(c);
            boolean listed = excluded.containsKey(c.key());
            if (listed) {
                used.add(c.key());
                if (expected.equals(actual)) {
                    wrong.add("listed but passes now: " + JSON.writeValueAsString(c));
                }
            } else if (!expected.equals(actual)) {
                wrong.add(JSON.writeValueAsString(c) + " gave " + actual);
            }
        }
        Set<String> unknown = new HashSet<>(excluded.keySet());
        unknown.removeAll(used);
        assertEquals(Set.of(), unknown, "listed cases the data does not hold (or not as http cases)");
        assertTrue(run > 400, "the http and https cases were found: " + run);
        assertEquals(List.of(), wrong, wrong.size() + " of " + run + " http(s) cases");
    }

    /** A case whose URL is http or https: by the input's own scheme, or the base's for a relative input. */
    private static boolean isHttp(Case c) {
        Matcher m = SCHEME.matcher(c.input);
        String scheme = m.find() ? m.group(1) : c.base == null ? "" : c.base.substring(0, Math.max(0, c.base.indexOf(':')));
        scheme = scheme.toLowerCase(Locale.ROOT);
        return scheme.equals("http") || scheme.equals("https");
    }

    private static String parse(Case c) {
        try {
            WebUrl url = c.base == null ? WebUrl.parse(c.input) : WebUrl.parse(c.base).resolve(c.input);
            return url.href();
        } catch (InvalidUrlException e) {
            return "failure";
        }
    }

    private static String withoutFragment(String href) {
        int hash = href.indexOf('#');
        return hash < 0 ? href : href.substring(0, hash);
    }

    /** input and base of each listed case → its reason. */
    private static Map<String, String> exclusions() throws IOException {
        Map<String, String> reasons = new HashMap<>();
        try (InputStream in = WhatwgUrlTestDataTest.class.getResourceAsStream("/wpt-url-exclusions.json")) {
            for (JsonNode e : JSON.readTree(in)) {
                String reason = e.get("reason").asText();
                assertTrue(!reason.isBlank(), "every exclusion gives its reason: " + e);
                Case c = new Case(e.get("input").asText(), e.get("base").isNull() ? null : e.get("base").asText(), null);
                reasons.put(c.key(), reason);
            }
        }
        return reasons;
    }
}
