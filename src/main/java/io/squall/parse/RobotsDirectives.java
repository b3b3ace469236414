package io.squall.parse;

import java.util.Locale;

/**
 * What a page allows crawlers to do with it, from {@code <meta name="robots">} and the
 * {@code X-Robots-Tag} header: noindex (do not index its content) and nofollow (do not follow its links);
 * "none" means both. Agent-specific header values ({@code otherbot: noindex}) are not Squall's and ignored.
 */
public record RobotsDirectives(boolean noIndex, boolean noFollow) {
    public static final RobotsDirectives NONE = new RobotsDirectives(false, false);

    /** The directives of one meta content or header value, added to these. */
    public RobotsDirectives with(String value) {
        if (value == null || value.isBlank()) {
            return this;
        }
        String v = value.toLowerCase(Locale.ROOT).trim();
        int colon = v.indexOf(':');
        if (colon > 0 && !v.substring(0, colon).trim().matches("noindex|nofollow|none|all|unavailable_after")) {
            return this; // "somebot: noindex"
        }
        boolean index = noIndex;
        boolean follow = noFollow;
        for (String token : v.split("[,\\s]+")) {
            switch (token) {
                case "noindex" -> index = true;
                case "nofollow" -> follow = true;
                case "none" -> {
                    index = true;
                    follow = true;
                }
                default -> {
                }
            }
        }
        return new RobotsDirectives(index, follow);
    }

    @Override
    public String toString() {
        if (!noIndex && !noFollow) {
            return "index,follow";
        }
        return (noIndex ? "noindex" : "index") + "," + (noFollow ? "nofollow" : "follow");
    }
}
