package io.squall.parse;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.mime.MediaType;
import org.apache.tika.parser.AbstractParser;
import org.apache.tika.parser.ParseContext;
import org.xml.sax.ContentHandler;

/**
 * Tika parsers that misbehave as a parser on hostile input may, for types of their own (registered for the
 * tests in META-INF/services/org.apache.tika.parser.Parser, so in the tests' Tika child JVMs only): one never
 * returns, the other takes all the memory it can.
 */
public final class RunawayParsers {
    /** A document that sends its parser into an endless loop, deaf to interrupts. */
    public static final String HANG = "text/x-squall-hang";
    /** A document whose parser keeps every byte it allocates. */
    public static final String HOARD = "text/x-squall-hoard";

    private RunawayParsers() {
    }

    /** Loops until its JVM is killed. */
    public static final class Hanging extends AbstractParser {
        private static final long serialVersionUID = 1L;
        private static volatile long spins;

        @Override
        public Set<MediaType> getSupportedTypes(ParseContext context) {
            return Set.of(MediaType.parse(HANG));
        }

        @Override
        public void parse(InputStream stream, ContentHandler handler, Metadata metadata, ParseContext context) {
            while (spins >= 0) {
                spins++;
            }
        }
    }

    /** Allocates until its JVM runs out of memory. */
    public static final class Hoarding extends AbstractParser {
        private static final long serialVersionUID = 1L;

        @Override
        public Set<MediaType> getSupportedTypes(ParseContext context) {
            return Set.of(MediaType.parse(HOARD));
        }

        @Override
        public void parse(InputStream stream, ContentHandler handler, Metadata metadata, ParseContext context) {
            List<long[]> kept = new ArrayList<>();
            while (kept.size() >= 0) {
                kept.add(new long[1 << 20]);
            }
        }
    }
}
