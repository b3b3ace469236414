package io.squall.parse;

import io.squall.urls.InvalidUrlException;
import io.squall.urls.UrlNormalizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.jsoup.Jsoup;

/**
 * Reads the entries of an RSS 0.9x/2.0, RSS 1.0 (RDF) or Atom feed with the JDK's StAX reader: for each
 * entry its link (relative to the feed's URL and the {@code xml:base} in force, left for the URL filters
 * to resolve), its title and its date. Safe on hostile XML: no DTD is read and no external entity
 * fetched, and a DOCTYPE with an internal subset (where entities would be declared) is refused; at most
 * {@code maxBytes} are read, and the entries before the cut are kept.
 */
public final class FeedParser {
    /**
     * An entry of the feed.
     *
     * @param base the absolute URL its link is relative to
     * @param href its link as written
     * @param title its title as text, or null
     * @param published when it was published (or, lacking that, updated), or null
     * @param updated the latest of its dates (its last update, else its publication), or null
     */
    public record Entry(String base, String href, String title, Instant published, Instant updated) {
    }

    /**
     * @param entries the entries that have a link, in feed order
     * @param linkless entries that had no link to follow
     * @param truncated whether the feed was cut (by maxBytes or by the fetch's content limit)
     */
    public record Result(List<Entry> entries, int linkless, boolean truncated) {
    }

    private static final String ATOM = "http://www.w3.org/2005/Atom";
    private static final String ATOM_03 = "http://purl.org/atom/ns#";
    private static final String DUBLIN_CORE = "http://purl.org/dc/elements/1.1/";
    private static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
    private static final String RSS_1 = "http://purl.org/rss/1.0/";
    private static final String RSS_090 = "http://my.netscape.com/rdf/simple/0.9/";
    /** A title is a label: a longer one would only bloat the status documents of its entry. */
    private static final int MAX_TITLE_CHARS = 500;
    /** Links and dates longer than this are no links or dates: what is collected of an element is bounded. */
    private static final int MAX_FIELD_CHARS = 8192;
    /** How much of the content the root element is looked for in (past an XML declaration and comments). */
    private static final int SNIFF_BYTES = 4096;

    private final UrlNormalizer normalizer;
    private final int maxBytes;

    public FeedParser(UrlNormalizer normalizer, int maxBytes) {
        this.normalizer = normalizer;
        this.maxBytes = maxBytes;
    }

    /** Whether a Content-Type says RSS or Atom (RDF says nothing until its root element is seen). */
    public static boolean isFeedType(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.toLowerCase(Locale.ROOT);
        return type.contains("application/rss+xml") || type.contains("application/atom+xml");
    }

    /**
     * Whether the content's root element is a feed's: {@code rss}, Atom's {@code feed}, or an
     * {@code rdf:RDF} of RSS 1.0 or 0.90.
     */
    public static boolean looksLikeFeed(byte[] content) {
        String head = new String(content, 0, Math.min(content.length, SNIFF_BYTES), StandardCharsets.ISO_8859_1);
        int i = head.startsWith("\u00EF\u00BB\u00BF") ? 3 : 0; // the UTF-8 byte order mark, read as Latin-1
        while (i < head.length()) {
            while (i < head.length() && Character.isWhitespace(head.charAt(i))) {
                i++;
            }
            if (!head.startsWith("<", i)) {
                return false;
            }
            if (head.startsWith("<?", i)) {
                i = after(head, "?>", i);
            } else if (head.startsWith("<!--", i)) {
                i = after(head, "-->", i);
            } else if (head.startsWith("<!", i)) {
                int bracket = head.indexOf('[', i);
                int close = head.indexOf('>', i);
                i = bracket >= 0 && bracket < close ? after(head, "]", bracket) : i;
                i = i < 0 ? -1 : after(head, ">", i);
            } else {
                return isFeedRoot(head, i + 1);
            }
            if (i < 0) {
                return false;
            }
        }
        return false;
    }

    private static int after(String head, String end, int from) {
        int at = head.indexOf(end, from);
        return at < 0 ? -1 : at + end.length();
    }

    private static boolean isFeedRoot(String head, int nameStart) {
        int end = nameStart;
        while (end < head.length() && !Character.isWhitespace(head.charAt(end)) && head.charAt(end) != '>'
                && head.charAt(end) != '/') {
            end++;
        }
        String name = head.substring(nameStart, end);
        String local = name.substring(name.indexOf(':') + 1);
        return switch (local) {
            case "rss" -> true;
            case "feed" -> head.contains(ATOM) || head.contains(ATOM_03);
            case "RDF" -> head.contains(RSS_1) || head.contains(RSS_090);
            default -> false;
        };
    }

    /**
     * @param url the feed's URL, normalized: the base of its relative links
     * @param cut whether the content was cut already (the fetch's content limit)
     * @throws IOException when the content is no readable XML, or declares entities, with a one-line reason
     */
    public Result parse(String url, byte[] content, boolean cut) throws IOException {
        boolean truncated = cut || content.length > maxBytes;
        Reading reading = new Reading(url);
        XMLStreamReader reader = null;
        try {
            reader = factory().createXMLStreamReader(new ByteArrayInputStream(content, 0,
                    Math.min(content.length, maxBytes)));
            while (reader.hasNext()) {
                reading.next(reader, reader.next());
            }
        } catch (XMLStreamException | RuntimeException e) {
            if (!truncated || e instanceof RefusedException) {
                throw new IOException((e instanceof RefusedException ? "" : "not a readable feed: ")
                        + oneLine(e.getMessage()));
            }
            // a feed cut short ends in broken XML: the entries before the cut stand
        } finally {
            if (reader != null) {
                try {
                    reader.close();
                } catch (XMLStreamException e) {
                    // nothing is held beyond the byte array
                }
            }
        }
        return new Result(reading.entries, reading.linkless, truncated);
    }

    /** A new factory per feed: a configured JDK factory is not documented as safe to share across threads. */
    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        return factory;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.lines().map(String::strip).filter(s -> !s.isEmpty())
                .reduce((a, b) -> a + " " + b).orElse("");
    }

    /** Refusing the document, not failing to read it: a cut feed does not excuse it. */
    private static final class RefusedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message);
        }
    }

    /** The state of one feed's reading: the open elements' bases, the entry being read, the text collected. */
    private final class Reading {
        final List<Entry> entries = new ArrayList<>();
        int linkless;
        /** The base URL in force in each open element, innermost first. */
        final Deque<String> bases = new ArrayDeque<>();
        int depth;
        /** The depth of the open entry (an RSS item or an Atom entry), -1 outside one. */
        int entryDepth = -1;
        EntryFields entry;
        /** The field whose text is being collected, its element's depth, and its text so far. */
        String field;
        int fieldDepth;
        final StringBuilder text = new StringBuilder();

        Reading(String url) {
            bases.push(url);
        }

        void next(XMLStreamReader r, int event) {
            switch (event) {
                case XMLStreamConstants.DTD -> {
                    if (r.getText() != null && r.getText().contains("[")) {
                        throw new RefusedException("a feed whose DOCTYPE declares an internal subset is refused "
                                + "(its entities could expand without bound or reach out)");
                    }
                }
                case XMLStreamConstants.START_ELEMENT -> start(r);
                case XMLStreamConstants.END_ELEMENT -> end();
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (field != null && text.length() < MAX_FIELD_CHARS) {
                        text.append(r.getText(), 0, Math.min(r.getTextLength(), MAX_FIELD_CHARS - text.length()));
                    }
                }
                default -> {
                }
            }
        }

        private void start(XMLStreamReader r) {
            depth++;
            String base = bases.peek();
            String xmlBase = r.getAttributeValue(XMLConstants.XML_NS_URI, "base");
            if (xmlBase != null) {
                try {
                    base = normalizer.resolve(base, xmlBase.strip());
                } catch (InvalidUrlException e) {
                    // an unusable xml:base changes nothing: links stay relative to the enclosing base
                }
            }
            bases.push(base);
            String name = r.getLocalName();
            String ns = r.getNamespaceURI();
            if (entryDepth < 0) {
                if (name.equals("item") || (name.equals("entry") && isAtom(ns))) {
                    entryDepth = depth;
                    entry = new EntryFields();
                    entry.about = r.getAttributeValue(RDF, "about");
                    entry.aboutBase = base;
                }
                return;
            }
            if (depth != entryDepth + 1 || field != null) {
                return; // only the entry's own children count (not an author's name, a media element's title)
            }
            if (DUBLIN_CORE.equals(ns)) {
                if (name.equals("date")) {
                    collect("date", base);
                }
                return;
            }
            if (!isAtom(ns) && !isRss(ns)) {
                return; // another vocabulary's element (a media:title, an itunes:summary...)
            }
            switch (name) {
                case "link" -> {
                    if (isAtom(ns)) {
                        String rel = r.getAttributeValue(null, "rel");
                        String href = r.getAttributeValue(null, "href");
                        if (href != null && (rel == null || rel.strip().equals("alternate")) && entry.link == null) {
                            entry.link = href.strip();
                            entry.linkBase = base;
                        }
                    } else {
                        collect("link", base);
                    }
                }
                case "title" -> {
                    entry.titleIsHtml = "html".equals(r.getAttributeValue(null, "type"));
                    collect("title", base);
                }
                case "guid" -> {
                    String permaLink = r.getAttributeValue(null, "isPermaLink");
                    entry.guidIsLink = permaLink == null || !permaLink.strip().equalsIgnoreCase("false");
                    collect("guid", base);
                }
                case "pubDate", "published", "updated", "issued", "modified" -> collect(name, base);
                default -> {
                }
            }
        }

        private void collect(String name, String base) {
            field = name;
            fieldDepth = depth;
            text.setLength(0);
            entry.fieldBase = base;
        }

        private void end() {
            if (field != null && depth == fieldDepth) {
                entry.set(field, text.toString().strip());
                field = null;
            }
            if (depth == entryDepth) {
                finish(entry);
                entry = null;
                entryDepth = -1;
            }
            bases.pop();
            depth--;
        }

        private void finish(EntryFields e) {
            String base = e.linkBase;
            String href = e.link;
            if (href == null || href.isEmpty()) {
                // RSS 2.0 lets a permalink guid stand for the link; RSS 1.0 names each item by its rdf:about
                boolean guid = e.guidIsLink && e.guid != null && isAbsoluteWebUrl(e.guid);
                href = guid ? e.guid : e.about;
                base = guid ? e.guidBase : e.aboutBase;
            }
            if (href == null || href.isBlank()) {
                linkless++;
                return;
            }
            entries.add(new Entry(base, href.strip(), e.title(), e.published(), e.latest()));
        }
    }

    /** What an entry said, as it is read. */
    private static final class EntryFields {
        String link;
        String linkBase;
        String guid;
        String guidBase;
        boolean guidIsLink;
        String about;
        String aboutBase;
        String title;
        boolean titleIsHtml;
        String pubDate;
        String published;
        String updated;
        String dcDate;
        String fieldBase;

        void set(String field, String value) {
            if (value.isEmpty()) {
                return;
            }
            switch (field) {
                case "link" -> {
                    if (link == null) {
                        link = value;
                        linkBase = fieldBase;
                    }
                }
                case "guid" -> {
                    guid = value;
                    guidBase = fieldBase;
                }
                case "title" -> title = title == null ? value : title;
                case "pubDate" -> pubDate = value;
                case "published", "issued" -> published = published == null ? value : published;
                case "updated", "modified" -> updated = updated == null ? value : updated;
                case "date" -> dcDate = value;
                default -> {
                }
            }
        }

        String title() {
            if (title == null) {
                return null;
            }
            // an Atom title of type html (and many an RSS title) is markup as text: its words are wanted
            String plain = titleIsHtml || title.indexOf('<') >= 0 ? Jsoup.parse(title).text() : title;
            plain = plain.strip().replaceAll("\\s+", " ");
            return plain.isEmpty() ? null : plain.substring(0, Math.min(plain.length(), MAX_TITLE_CHARS));
        }

        /** The publication date, else the date of the last update: the first that reads as a date. */
        Instant published() {
            for (String date : new String[] {published, pubDate, dcDate, updated}) {
                Instant instant = FeedDates.parse(date);
                if (instant != null) {
                    return instant;
                }
            }
            return null;
        }

        /** The latest of the entry's dates (its last update, else its publication), or null. */
        Instant latest() {
            Instant latest = null;
            for (String date : new String[] {published, pubDate, dcDate, updated}) {
                Instant instant = FeedDates.parse(date);
                if (instant != null && (latest == null || instant.isAfter(latest))) {
                    latest = instant;
                }
            }
            return latest;
        }
    }

    private static boolean isAtom(String ns) {
        return ATOM.equals(ns) || ATOM_03.equals(ns);
    }

    /** RSS 0.9x and 2.0 have no namespace; RSS 1.0 and 0.90 have theirs. */
    private static boolean isRss(String ns) {
        return ns == null || ns.isEmpty() || RSS_1.equals(ns) || RSS_090.equals(ns);
    }

    private static boolean isAbsoluteWebUrl(String s) {
        String lower = s.strip().toLowerCase(Locale.ROOT);
        return lower.startsWith("http://") || lower.startsWith("https://");
    }
}
