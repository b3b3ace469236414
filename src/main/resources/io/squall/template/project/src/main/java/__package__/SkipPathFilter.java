package {{package}};

import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.UrlFilter;
import java.net.URI;
import java.util.List;

/**
 * A URL filter of this crawler: keeps out every URL whose path starts with one of the prefixes in its
 * {@code paths} parameter. Named by its class in urlfilters.yaml; Squall builds one per task with the entry's
 * params and calls it from that task's threads, so it keeps no mutable state.
 */
public final class SkipPathFilter implements UrlFilter {
    private final String name;
    private final List<String> prefixes;

    public SkipPathFilter(Settings params) {
        this.name = params.name();
        this.prefixes = params.getStringList("paths", List.of());
        if (prefixes.isEmpty()) {
            throw params.error("paths", "give at least one path prefix, e.g. [/private/]");
        }
    }

    @Override
    public FilterVerdict filter(String url, Metadata metadata) {
        String path = URI.create(url).getRawPath();
        for (String prefix : prefixes) {
            if (path != null && path.startsWith(prefix)) {
                return FilterVerdict.reject(name, "path starts with " + prefix);
            }
        }
        return FilterVerdict.accept(url);
    }
}
