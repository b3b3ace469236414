package io.squall.parse;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.WebUrl;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Reads a sitemap (XML, text, index, Atom or RSS; gzipped or not) with crawler-commons' SiteMapParser.
 * Gzip is inflated here, at most {@code maxBytes} (a compressed sitemap cannot blow up the heap); DTDs
 * are refused, so no XML entity can make the parser fetch anything; at most {@code maxUrls} entries.
 */
public final class SitemapExtractor {
    /** A URL listed by a sitemap: a page, or a sub-sitemap of an index. */
    public record Entry(String url, boolean isSitemap, Date lastModified) {
    }

    /** @param truncated whether the sitemap had more bytes or entries than the limits allow */
    public record Result(List<Entry> entries, boolean truncated) {
    }

    private final int maxBytes;
    private final int maxUrls;

    public SitemapExtractor(int maxBytes, int maxUrls) {
        this.maxBytes = maxBytes;
        this.maxUrls = maxUrls;
    }

    /** Whether content that nobody declared a sitemap looks like one (a urlset or sitemapindex root). */
    public static boolean looksLikeSitemap(byte[] content) {
        String head = new String(content, 0, Math.min(content.length, 1024), StandardCharsets.ISO_8859_1);
        return head.contains("<urlset") || head.contains("<sitemapindex") || head.contains(":urlset")
                || head.contains(":sitemapindex");
    }

    /** @throws IOException when the content is no sitemap or cannot be read, with a one-line reason */
    public Result extract(String url, byte[] content) throws IOException {
        boolean truncated = false;
        byte[] bytes = content;
        if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0x1F && (bytes[1] & 0xFF) == 0x8B) {
            bytes = gunzip(content);
            truncated = bytes.length > maxBytes;
        } else if (bytes.length > maxBytes) {
            truncated = true;
        }
        if (truncated) {
            bytes = Arrays.copyOf(bytes, maxBytes);
        }
        SiteMapParser parser = new SiteMapParser(false, true);
        parser.setAllowDocTypeDefinitions(false);
        parser.enableExtensions(); // image, video, news... entries are read as such, not as pages
        AbstractSiteMap sitemap;
        try {
            sitemap = parser.parseSiteMap(isXml(bytes) ? "text/xml" : "text/plain", bytes, toUrl(url));
        } catch (UnknownFormatException e) {
            throw new IOException("not a sitemap: " + oneLine(e.getMessage()));
        }
        List<Entry> entries = new ArrayList<>();
        if (sitemap instanceof SiteMapIndex index) {
            for (AbstractSiteMap sub : index.getSitemaps()) {
                if (entries.size() >= maxUrls) {
                    truncated = true;
                    break;
                }
                entries.add(new Entry(sub.getUrl().toString(), true, sub.getLastModified()));
            }
        } else if (sitemap instanceof SiteMap map) {
            for (SiteMapURL entry : map.getSiteMapUrls()) {
                if (entries.size() >= maxUrls) {
                    truncated = true;
                    break;
                }
                entries.add(new Entry(entry.getUrl().toString(), false, entry.getLastModified()));
            }
        }
        return new Result(entries, truncated);
    }

    /** Up to maxBytes + 1 inflated bytes: one more than allowed tells that the sitemap was cut. */
    private byte[] gunzip(byte[] content) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(content))) {
            return in.readNBytes(maxBytes + 1);
        } catch (IOException e) {
            throw new IOException("broken gzip: " + oneLine(e.getMessage()));
        }
    }

    private static boolean isXml(byte[] bytes) {
        int i = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB ? 3 : 0;
        while (i < bytes.length && Character.isWhitespace(bytes[i])) {
            i++;
        }
        return i < bytes.length && bytes[i] == '<';
    }

    /**
     * The java.net.URL crawler-commons needs, built from Squall's parse: through java.net.URI, a host like
     * my_host.example would have been refused.
     */
    private static URL toUrl(String url) throws IOException {
        try {
            WebUrl parsed = WebUrl.parse(url);
            return new URL(parsed.scheme(), parsed.host(), parsed.port(), parsed.pathAndQuery());
        } catch (InvalidUrlException | MalformedURLException e) {
            throw new IOException("sitemap URL " + url + " is not usable: " + e.getMessage());
        }
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("").strip();
    }
}
