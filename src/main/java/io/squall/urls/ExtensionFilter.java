package io.squall.urls;

import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import io.squall.core.MetadataKeys;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Rejects URLs whose path ends in one of the listed extensions (archives, executables, media, style sheets,
 * scripts, fonts): content a crawl cannot use. Documents the parser reads (PDF, Office, OpenDocument, RTF, plain
 * text) pass. The query is not looked at ({@code download.php?f=a.zip} passes).
 * A URL known to be a sitemap ({@link MetadataKeys#IS_SITEMAP}, e.g. from robots.txt) passes whatever its
 * extension: {@code sitemap.xml.gz} is a sitemap, not an archive.
 */
public final class ExtensionFilter implements UrlFilter {
    static final List<String> DEFAULT_EXTENSIONS = List.of("zip", "rar", "7z", "gz", "tgz", "bz2", "xz", "tar",
            "exe", "msi", "dmg", "iso", "bin", "apk", "jpg", "jpeg", "png", "gif", "bmp", "tif", "tiff", "ico", "svg",
            "webp", "mp3", "wav", "ogg", "flac", "aac", "m4a", "mp4", "m4v", "avi", "mov", "wmv", "flv", "mkv", "webm", "mpg", "mpeg", "css", "js",
            "woff", "woff2", "ttf", "eot");

    private final String name;
    private final Set<String> extensions;

    public ExtensionFilter(Settings params) {
        this.name = params.name();
        this.extensions = params.getStringList("extensions", DEFAULT_EXTENSIONS).stream()
                .map(e -> e.toLowerCase(Locale.ROOT).replaceFirst("^\\.", ""))
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        if (metadata != null && "true".equals(metadata.getFirst(MetadataKeys.IS_SITEMAP))) {
            return FilterVerdict.accept(url);
        }
        int start = UrlParts.pathStart(url);
        int end = UrlParts.pathEnd(url, start);
        int slash = url.lastIndexOf('/', end - 1);
        int dot = url.lastIndexOf('.', end - 1);
        if (dot >= start && dot > slash && dot < end - 1) { // a dot in the path's last segment, not at its end
            String extension = url.substring(dot + 1, end).toLowerCase(Locale.ROOT);
            if (extensions.contains(extension)) {
                return FilterVerdict.reject(name, "extension ." + extension);
            }
        }
        return FilterVerdict.accept(url);
    }
}
