package io.squall.api.testing;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.core.MetadataKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Squall's parser made of a {@link TestPage}: the status the page would be stored with, its metadata
 * (with the parse filters' fields), its text, the outlinks it would discover (after the URL filters, with
 * the metadata they would be stored with), and the fields the content index would get.
 */
public final class ParseResult {
    private final Status status;
    private final Metadata metadata;
    private final String text;
    private final List<Discovered> outlinks;
    private final Map<String, String> fieldByKey;

    ParseResult(Status status, Metadata metadata, String text, List<Discovered> outlinks,
            Map<String, String> fieldByKey) {
        this.status = status;
        this.metadata = metadata;
        this.text = text;
        this.outlinks = List.copyOf(outlinks);
        this.fieldByKey = fieldByKey;
    }

    /** FETCHED for a page parsed, REDIRECTION for a meta refresh, ERROR when it failed (a filter threw, say). */
    public Status status() {
        return status;
    }

    /** The page's metadata after parsing: the parser's keys, and the fields the parse filters set. */
    public Metadata metadata() {
        return metadata;
    }

    /** The page's text, as it is indexed. */
    public String text() {
        return text;
    }

    /** The URLs the page would discover, each once, in order, with the metadata each would be stored with. */
    public List<Discovered> outlinks() {
        return outlinks;
    }

    /** The URLs of {@link #outlinks()}. */
    public List<String> outlinkUrls() {
        return outlinks.stream().map(Discovered::url).toList();
    }

    /** The discovered URL of that (normalized) URL, or null when the page would not discover it. */
    public Discovered outlink(String url) {
        return outlinks.stream().filter(d -> d.url().equals(url)).findFirst().orElse(null);
    }

    /** Whether the page stays out of the content index (a robots noindex, or a filter said so). */
    public boolean noIndex() {
        return "true".equals(metadata.getFirst(MetadataKeys.ROBOTS_NOINDEX));
    }

    /** Whether none of the page's links is followed (a robots nofollow, or a filter said so). */
    public boolean noFollow() {
        return "true".equals(metadata.getFirst(MetadataKeys.ROBOTS_NOFOLLOW));
    }

    /**
     * The fields of the page's metadata that the content index would get, by their index names, as
     * {@code indexer.md.mapping} maps them (set it in the page's settings).
     */
    public Map<String, List<String>> indexFields() {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fieldByKey.forEach((key, field) -> {
            if (metadata.containsKey(key)) {
                fields.put(field, metadata.getValues(key));
            }
        });
        return fields;
    }

    /** Why the page failed ({@code error.cause}, such as {@code parse.filter}), or null. */
    public String errorCause() {
        return metadata.getFirst(MetadataKeys.ERROR_CAUSE);
    }

    /** What went wrong ({@code error.message}, naming the filter that threw), or null. */
    public String errorMessage() {
        return metadata.getFirst(MetadataKeys.ERROR_MESSAGE);
    }
}
