package io.squall.parse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.mime.MediaType;
import org.apache.tika.mime.MimeTypes;

/**
 * Which answers are documents for Tika, by their bytes and their Content-Type, not by their URL's extension:
 * the type Tika's magic numbers give the first bytes decides when it is a specific one (a PDF served as
 * {@code application/octet-stream} or {@code text/plain} is a PDF); when the bytes say only "text", "binary" or
 * "zip", or when the Content-Type is a kind of what they say (a DOCX of Tika's "OOXML container"), the answer's
 * Content-Type decides. The type is then looked up in a list: exact types, or prefixes
 * ending in {@code *} ({@code application/vnd.oasis.opendocument.*}).
 *
 * <p>The Content-Type is not handed to Tika's detector, which would add every unknown type it is given to its
 * JVM-wide registry: a crawl meets unbounded many.
 */
final class DocumentTypes {
    /** What the magic numbers say of bytes they do not recognize: the answer's Content-Type says more. */
    private static final List<String> GENERIC = List.of("text/plain", "application/octet-stream", "application/zip");

    private final List<String> types;

    /** @param types exact media types, or prefixes ending in {@code *} */
    DocumentTypes(List<String> types) {
        this.types = types.stream().map(t -> t.strip().toLowerCase(Locale.ROOT)).toList();
    }

    /**
     * The media type the content is parsed as when it is a document of a listed type, else null.
     *
     * @param contentType the answer's Content-Type, or null
     */
    String documentType(String contentType, byte[] content) {
        String magic = magic(content);
        String declared = baseType(contentType);
        String type = declared != null && (GENERIC.contains(magic) || specializes(declared, magic)) ? declared : magic;
        return accepts(type) ? type : null;
    }

    boolean accepts(String type) {
        for (String listed : types) {
            if (listed.endsWith("*") ? type.startsWith(listed.substring(0, listed.length() - 1)) : type.equals(listed)) {
                return true;
            }
        }
        return false;
    }

    private static boolean specializes(String declared, String magic) {
        MediaType type = MediaType.parse(declared);
        return type != null && MimeTypes.getDefaultMimeTypes().getMediaTypeRegistry()
                .isSpecializationOf(type, MediaType.parse(magic));
    }

    private static String magic(byte[] content) {
        try {
            MediaType type = MimeTypes.getDefaultMimeTypes().detect(new ByteArrayInputStream(content), new Metadata());
            return type.getBaseType().toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown by a byte array
        }
    }

    /** The type of a Content-Type without its parameters, lower case; null when none is given. */
    static String baseType(String contentType) {
        if (contentType == null) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String base = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip()
                .toLowerCase(Locale.ROOT);
        return base.isEmpty() ? null : base;
    }
}
