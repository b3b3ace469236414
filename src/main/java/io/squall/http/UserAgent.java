package io.squall.http;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The crawler's identity: the User-Agent header built from {@code http.agent.*}, and the product token
 * matched against robots.txt groups. Squall refuses to start without a name, so that every site it visits
 * can tell who is crawling and how to reach them.
 *
 * <p>The name may hold letters, digits, '.', '-' and '_' ({@code bot2}, {@code my.crawler}): the User-Agent
 * header carries it whole. RFC 9309's product token, which robots.txt {@code User-agent} lines are matched
 * on, holds only letters, '-' and '_': the token is the name's leading run of those ({@code bot2} is
 * matched as {@code bot}), as robots.txt parsers (crawler-commons, Google's) read the names on
 * {@code User-agent} lines, so a line {@code User-agent: bot2} still applies to {@code bot2}.
 */
public final class UserAgent {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9._-]*");
    // RFC 9309 section 2.2.1: product-token = 1*(ALPHA / "-" / "_")
    private static final Pattern PRODUCT_TOKEN = Pattern.compile("^[A-Za-z_-]+");

    private final String name;
    private final String robotsToken;
    private final String header;

    private UserAgent(String name, String robotsToken, String header) {
        this.name = name;
        this.robotsToken = robotsToken;
        this.header = header;
    }

    /**
     * @throws ConfigException when {@code http.agent.name} is unset or not a name as above
     */
    public static UserAgent fromConfig(CrawlerConfig config) {
        String name = config.getString("http.agent.name").trim();
        if (name.isEmpty()) {
            throw new ConfigException("http.agent.name is not set: set it in crawler-conf.yaml to the name your"
                    + " crawler announces to websites (a letter, then letters, digits, '.', '-' or '_')");
        }
        if (!NAME.matcher(name).matches()) {
            throw new ConfigException("http.agent.name '" + name + "' is not a crawler name: use a letter, then"
                    + " letters, digits, '.', '-' or '_' (robots.txt is matched on its RFC 9309 product token: its leading"
                    + " letters, '-' and '_')");
        }
        java.util.regex.Matcher token = PRODUCT_TOKEN.matcher(name);
        token.find();
        StringBuilder header = new StringBuilder(name);
        String version = config.getString("http.agent.version").trim();
        if (!version.isEmpty()) {
            header.append('/').append(version);
        }
        List<String> comment = new ArrayList<>();
        for (String key : List.of("http.agent.description", "http.agent.url", "http.agent.email")) {
            String v = config.getString(key).trim();
            if (!v.isEmpty()) {
                comment.add(v);
            }
        }
        if (!comment.isEmpty()) {
            header.append(" (").append(String.join("; ", comment)).append(')');
        }
        return new UserAgent(name, token.group(), header.toString());
    }

    /** The crawler's name, as in the User-Agent header. */
    public String name() {
        return name;
    }

    /** The RFC 9309 product token matched against robots.txt {@code User-agent} lines: see the class comment. */
    public String robotsToken() {
        return robotsToken;
    }

    /** The User-Agent header value: {@code name/version (description; url; email)}. */
    public String header() {
        return header;
    }

    @Override
    public String toString() {
        return header;
    }
}
