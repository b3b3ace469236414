package {{package}};

import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Settings;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import java.util.List;

/**
 * A URL filter of this crawler: keeps out every URL whose path starts with one of the prefixes in its
 * {@code paths} parameter. Named by its class in urlfilters.yaml; Squall builds one per task, configures it
 * with the entry's params, and calls it one URL at a time.
 */
public final class SkipPathFilter implements UrlFilter {
    private String name;
    private List<String> prefixes;

    @Override
    public void configure(Settings settings) {
        name = settings.name();
        prefixes = settings.getStringList("paths", List.of());
        if (prefixes.isEmpty()) {
            throw settings.error("paths", "give at least one path prefix, e.g. [/private/]");
        }
    }

    @Override
    public FilterVerdict filter(Url url, Metadata metadata) {
        // The path as Squall parsed it: a second parser (java.net.URI) would refuse URLs that browsers and
        // Squall accept, such as those with | or { in them.
        String path = url.path();
        for (String prefix : prefixes) {
            if (path.startsWith(prefix)) {
                return FilterVerdict.reject(name, "path starts with " + prefix);
            }
        }
        return FilterVerdict.accept(url.toString());
    }
}
