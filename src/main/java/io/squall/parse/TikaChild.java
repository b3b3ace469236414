package io.squall.parse;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.tika.exception.WriteLimitReachedException;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.parser.Parser;
import org.apache.tika.parser.ocr.TesseractOCRConfig;
import org.apache.tika.sax.ToXMLContentHandler;
import org.apache.tika.sax.WriteOutContentHandler;

/**
 * The child JVM that parses documents with Tika for {@link TikaProcess}: reads one document at a time from its
 * standard input and answers on its standard output ({@link TikaWire}), until its input ends. It holds no state
 * between documents; its parent bounds its time (it kills it) and its memory (its heap, and it exits on
 * running out of memory), so that a document that makes a parser loop or hoard costs this JVM, not the worker.
 *
 * <p>Arguments: the most characters of text kept per document, then the names of the Tika metadata to send
 * back.
 */
public final class TikaChild {
    private TikaChild() {
    }

    public static void main(String[] args) throws IOException {
        // Standard output carries the answers: what a library prints goes to standard error instead.
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
        System.setOut(System.err);
        int maxChars = Integer.parseInt(args[0]);
        Set<String> names = Set.copyOf(Arrays.asList(args).subList(1, args.length));
        DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
        AutoDetectParser parser = new AutoDetectParser();
        warmUp(parser, maxChars);
        out.writeByte(TikaWire.READY);
        out.flush();
        while (true) {
            String name;
            String type;
            byte[] content;
            try {
                name = TikaWire.readString(in, Integer.MAX_VALUE);
                type = TikaWire.readString(in, Integer.MAX_VALUE);
                content = TikaWire.readBytes(in, Integer.MAX_VALUE);
            } catch (EOFException e) {
                return; // the parent closed the pipe: its task ended
            } catch (TikaFailure e) {
                throw new IllegalStateException(e); // not thrown without a bound
            }
            try {
                TikaWire.writeAnswer(out, parse(parser, name, type, content, maxChars, names));
            } catch (Exception | StackOverflowError e) {
                TikaWire.writeFailure(out, e.getClass().getSimpleName() + ": " + oneLine(e.getMessage()));
            }
        }
    }

    static TikaWire.Answer parse(Parser parser, String name, String type, byte[] content, int maxChars,
            Set<String> names) throws Exception {
        Metadata metadata = new Metadata();
        if (!name.isEmpty()) {
            metadata.set(TikaCoreProperties.RESOURCE_NAME_KEY, name);
        }
        if (!type.isEmpty()) {
            metadata.set(Metadata.CONTENT_TYPE, type);
        }
        ParseContext context = new ParseContext();
        TesseractOCRConfig noOcr = new TesseractOCRConfig();
        noOcr.setSkipOcr(true); // images' text is not read: OCR would cost seconds a page
        context.set(TesseractOCRConfig.class, noOcr);
        ToXMLContentHandler xhtml = new ToXMLContentHandler();
        boolean cut = false;
        try (InputStream stream = TikaInputStream.get(content)) {
            parser.parse(stream, new WriteOutContentHandler(xhtml, maxChars), metadata, context);
        } catch (Exception e) {
            if (!WriteLimitReachedException.isWriteLimitReached(e)) {
                throw e;
            }
            cut = true; // the text up to the limit stands
        }
        List<String[]> kept = new ArrayList<>();
        for (String key : metadata.names()) {
            if (names.contains(key)) {
                for (String value : metadata.getValues(key)) {
                    kept.add(new String[] {key, value});
                }
            }
        }
        String detected = metadata.get(Metadata.CONTENT_TYPE);
        return new TikaWire.Answer(detected == null ? type : detected, xhtml.toString(), cut, kept);
    }

    /**
     * Parses a small PDF before saying ready, so that loading the parsers' classes counts toward the start
     * (which has its own bound) rather than toward the first document's {@code parser.tika.timeout}.
     */
    private static void warmUp(Parser parser, int maxChars) {
        try (PDDocument pdf = new PDDocument(); ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
            pdf.addPage(new PDPage());
            pdf.save(bytes);
            parse(parser, "warm-up.pdf", "application/pdf", bytes.toByteArray(), maxChars, Set.of());
        } catch (Exception e) {
            System.err.println("squall: the document parser's warm-up failed: " + oneLine(e.toString()));
        }
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").strip();
    }
}
