package io.squall.fetch;

import io.squall.config.ConfigException;
import io.squall.config.CrawlerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The crawler's identity: the User-Agent header built from {@code http.agent.*}, and the product token
 * matched against robots.txt groups. Squall refuses to start without a name, so that every site it visits
 * can tell who is crawling and how to reach them.
 */
public final class UserAgent {
    // RFC 9309 section 2.2.1: product-token = 1*(ALPHA / "-" / "_")
    private static final Pattern PRODUCT_TOKEN = Pattern.compile("[A-Za-z_-]+");

    private final String name;
    private final String header;

    private UserAgent(String name, String header) {
        this.name = name;
        this.header = header;
    }

    /**
     * @throws ConfigException when {@code http.agent.name} is unset or not an RFC 9309 product token
     */
    public static UserAgent fromConfig(CrawlerConfig config) {
        String name = config.getString("http.agent.name").trim();
        if (name.isEmpty()) {
            throw new ConfigException("http.agent.name is not set: set it in crawler-conf.yaml to the name your"
                    + " crawler announces to websites (letters, '-' and '_')");
        }
        if (!PRODUCT_TOKEN.matcher(name).matches()) {
            throw new ConfigException("http.agent.name '" + name + "' is not an RFC 9309 product token: use only"
                    + " letters, '-' and '_'");
        }
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
        return new UserAgent(name, header.toString());
    }

    /** The product token, as matched against robots.txt {@code User-agent} lines. */
    public String name() {
        return name;
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
