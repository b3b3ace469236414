package io.squall.urls;

import io.squall.core.Metadata;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Rejects URLs whose path ends in one of the listed extensions (archives, executables, office documents,
 * media): content an HTML crawl cannot use. The query is not looked at ({@code download.php?f=a.zip} passes).
 */
public final class ExtensionFilter implements UrlFilter {
    static final List<String> DEFAULT_EXTENSIONS = List.of("zip", "rar", "7z", "gz", "tgz", "bz2", "xz", "tar",
            "exe", "msi", "dmg", "iso", "bin", "apk", "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods",
            "jpg", "jpeg", "png", "gif", "bmp", "tif", "tiff", "ico", "svg", "webp", "mp3", "wav", "ogg", "flac",
            "aac", "m4a", "mp4", "m4v", "avi", "mov", "wmv", "flv", "mkv", "webm", "mpg", "mpeg", "css", "js",
            "woff", "woff2", "ttf", "eot");

    private final String name;
    private final Set<String> extensions;

    public ExtensionFilter(FilterParams params) {
        this.name = params.filterName();
        this.extensions = params.getStringList("extensions", DEFAULT_EXTENSIONS).stream()
                .map(e -> e.toLowerCase(Locale.ROOT).replaceFirst("^\\.", ""))
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public FilterVerdict filter(String url, Metadata metadata) {
        String path = UrlParts.path(url);
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        if (dot > slash && dot < path.length() - 1) {
            String extension = path.substring(dot + 1).toLowerCase(Locale.ROOT);
            if (extensions.contains(extension)) {
                return FilterVerdict.reject(name, "extension ." + extension);
            }
        }
        return FilterVerdict.accept(url);
    }
}
