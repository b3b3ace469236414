package io.squall.parse;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.metrics.Counters;
import java.util.ArrayList;
import java.util.List;

/**
 * Documents (PDF, Office, OpenDocument, RTF, plain text...) through Apache Tika, within limits: which answers
 * are documents ({@link DocumentTypes}), how large a document may be, and the child JVM that parses them with
 * a time limit and a bounded heap ({@link TikaProcess}). Tika answers with the document as XHTML, which the
 * parser then reads as it reads an HTML page.
 */
public final class DocumentParser implements AutoCloseable {
    /** The document's language, when the document declares one: always asked of Tika. */
    static final String LANGUAGE = "dc:language";
    /** How many bytes of XHTML a character of text may come with: the markup around paragraphs and links. */
    private static final int MARKUP_PER_CHAR = 8;
    private static final int MIN_MEMORY_MB = 32;

    private final DocumentTypes types;
    private final long maxBytes;
    private final TikaProcess process;

    DocumentParser(DocumentTypes types, long maxBytes, TikaProcess process) {
        this.types = types;
        this.maxBytes = maxBytes;
        this.process = process;
    }

    /** No document is parsed: every answer that is not HTML, a sitemap or a feed is passed on unparsed. */
    public static DocumentParser none() {
        return new DocumentParser(new DocumentTypes(List.of()), 0, null);
    }

    /** The documents of this crawl's settings ({@code parser.tika.*}); their JVM starts at the first one. */
    public static DocumentParser fromConfig(CrawlerConfig config, Counters counters) {
        if (!config.getBoolean("parser.tika.enabled")) {
            return none();
        }
        int maxChars = config.getInt("parser.tika.max.chars");
        List<String> names = new ArrayList<>(metadataNames(config));
        names.add(LANGUAGE);
        List<String> command = TikaProcess.command(config.getInt("parser.tika.memory.mb"), maxChars, names);
        int maxAnswerBytes = (int) Math.min(Integer.MAX_VALUE - 8L, (long) maxChars * MARKUP_PER_CHAR + (1 << 20));
        return new DocumentParser(new DocumentTypes(config.getStringList("parser.tika.types")),
                config.getLong("parser.tika.max.bytes"), new TikaProcess(command,
                        config.getDuration("parser.tika.timeout"), maxAnswerBytes, counters));
    }

    /**
     * Checks the {@code parser.tika.*} settings: limits that hold, and a time limit below the tuples' message
     * timeout, past which a document being parsed would be handed out again.
     *
     * @throws ConfigException naming the setting
     */
    public static void check(CrawlerConfig config) {
        if (!config.getBoolean("parser.tika.enabled")) {
            return;
        }
        long timeout = config.getDuration("parser.tika.timeout").toMillis();
        if (timeout <= 0) {
            throw new ConfigException("parser.tika.timeout is " + timeout + " ms: it must be above 0");
        }
        for (String key : List.of("parser.tika.max.bytes", "parser.tika.max.chars")) {
            if (config.getLong(key) <= 0) {
                throw new ConfigException(key + " is " + config.getLong(key) + ": it must be above 0");
            }
        }
        if (config.getInt("parser.tika.memory.mb") < MIN_MEMORY_MB) {
            throw new ConfigException("parser.tika.memory.mb is " + config.getInt("parser.tika.memory.mb")
                    + ": it must be at least " + MIN_MEMORY_MB + " (Tika's parsers alone need that)");
        }
        long messageTimeout = config.getLong("topology.message.timeout.secs");
        if (timeout >= messageTimeout * 1000) {
            throw new ConfigException("parser.tika.timeout is " + timeout + " ms: it must be below"
                    + " topology.message.timeout.secs (" + messageTimeout + " s), or a document still being parsed"
                    + " is handed out again");
        }
    }

    /** The Tika metadata kept as {@code parse.<name>}. */
    static List<String> metadataNames(CrawlerConfig config) {
        return config.getStringList("parser.tika.metadata");
    }

    /**
     * The type of a document that Tika is to parse, or null when the content is no such document.
     *
     * @param contentType the answer's Content-Type, or null
     */
    String documentType(String contentType, byte[] content) {
        return process == null ? null : types.documentType(contentType, content);
    }

    /**
     * @param type what {@link #documentType} said
     * @param cut whether the fetch cut the content at {@code http.content.limit}: a document that is not text is
     *     unreadable without its end (a PDF's cross-reference table, a zip's directory)
     * @throws TikaFailure when it is too large or did not parse
     */
    TikaWire.Answer parse(String url, String type, byte[] content, boolean cut) throws TikaFailure {
        if (content.length > maxBytes) {
            throw new TikaFailure(TikaFailure.TOO_LARGE, content.length + " bytes, over parser.tika.max.bytes ("
                    + maxBytes + ")");
        }
        if (cut && !type.startsWith("text/")) {
            throw new TikaFailure(TikaFailure.TOO_LARGE, "cut at http.content.limit after " + content.length
                    + " bytes: a " + type + " is not readable without its end");
        }
        return process.parse(fileName(url), type, content);
    }

    /** The URL's last path segment: a hint to Tika's detection, as a file's name would be. */
    static String fileName(String url) {
        int end = url.length();
        for (char c : new char[] {'#', '?'}) {
            int at = url.indexOf(c);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        int slash = url.lastIndexOf('/', end - 1);
        return slash < 0 ? "" : url.substring(slash + 1, end);
    }

    @Override
    public void close() {
        if (process != null) {
            process.close();
        }
    }
}
