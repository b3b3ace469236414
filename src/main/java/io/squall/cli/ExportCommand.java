package io.squall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.opensearch.SquallIndex;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code squall export}: writes every document of the status or the content index of a crawl as JSON lines
 * (each document's source as stored) or CSV, streaming page by page, to stdout or a file.
 */
final class ExportCommand {
    /** The options as picocli reads them and shows them in {@code squall export --help}. */
    @Command(name = "export",
            header = "write the status or content index as JSON lines or CSV", sortOptions = false,
            customSynopsis = {"squall export [--data DIR | --opensearch URL] [--index status|content]",
                    "                     [--format json|csv] [--output FILE] [--conf FILE]"},
            description = {"Writes every document of the crawl's status index (one per URL: url, status,"
                    + " nextFetchDate, metadata) or content index (one per fetched page: url, title, description, text,"
                    + " language, ...) to stdout or FILE, the crawl in --data (default ./data) running or not, or the"
                    + " index at --opensearch.", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n",
            footer = {"", "A progress line on stderr shows documents done and docs/s for a large index."})
    static final class Spec extends ToolOptions.Crawl {
        @Option(names = "--index", paramLabel = "status|content", converter = IndexName.class,
                description = "which index (default: status)")
        SquallIndex index = SquallIndex.STATUS;
        @Option(names = "--format", paramLabel = "json|csv", converter = FormatName.class,
                description = {"json: one JSON object a line, each document as stored (default);",
                        "csv: RFC 4180, a column per field of the index's mapping (url first), a list of several"
                                + " values as JSON"})
        Format format = Format.JSON;
        @Option(names = "--output", paramLabel = "FILE", description = "write to FILE instead of stdout")
        Path output;
    }

    /** Documents a page: status documents are small; content documents carry the page's text. */
    private static final int STATUS_PAGE = 2000;
    private static final int CONTENT_PAGE = 200;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path home;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final StopSignal stop;

    ExportCommand(Path home, PrintStream out, PrintStream err, boolean terminal, StopSignal stop) {
        this.home = home;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.stop = stop;
    }

    int run(List<String> args) throws Exception {
        Spec spec = CommandLines.parse(new Spec(), "export", args);
        if (!spec.args.isEmpty()) {
            throw new UsageException("'squall export' takes no arguments, got '" + spec.args.get(0) + "'");
        }
        boolean csv = spec.format == Format.CSV;
        Path output = spec.output;
        ToolOptions options = spec.options(false);
        ToolCommands.requireCrawl(options);
        SquallIndex index = spec.index;
        long written = 0;
        String name;
        ExportProgress progress;
        try (Writer writer = writer(output); CrawlOpenSearch os = ToolCommands.open(home, options)) {
            name = index.name(os.config());
            int pageSize = index == SquallIndex.CONTENT ? CONTENT_PAGE : STATUS_PAGE;
            progress = new ExportProgress(new ProgressPrinter(err, terminal), name, System::nanoTime);
            try (IndexScroll scroll = new IndexScroll(os.client(), name, pageSize)) {
                CsvRows rows = csv ? new CsvRows(IndexColumns.of(os.client(), name)) : null;
                if (rows != null) {
                    writer.write(rows.header());
                }
                for (List<JsonNode> page = scroll.next(); !page.isEmpty(); page = scroll.next()) {
                    if (stop.requested()) {
                        throw new InterruptedException("interrupted after " + written + " documents: "
                                + (output == null ? "the output" : output.toString()) + " is incomplete");
                    }
                    for (JsonNode document : page) {
                        writer.write(rows != null ? rows.row(document) : JSON.writeValueAsString(document) + "\n");
                    }
                    written += page.size();
                    progress.update(written, scroll.total());
                }
            }
        }
        progress.finish(written, output == null ? "stdout" : output.toString());
        return 0;
    }

    /** A buffered UTF-8 writer on the output file, or on stdout (flushed, left open, on close). */
    private Writer writer(Path output) throws IOException {
        if (output == null) {
            OutputStream stdout = new OutputStream() {
                @Override
                public void write(int b) {
                    out.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    out.write(b, off, len);
                }

                @Override
                public void close() {
                    out.flush();
                }
            };
            return new BufferedWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), 1 << 16);
        }
        try {
            return Files.newBufferedWriter(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot write the output file '" + output + "': " + e.getMessage(), e);
        }
    }

    static final class IndexName implements ITypeConverter<SquallIndex> {
        @Override
        public SquallIndex convert(String name) {
            return switch (name.toLowerCase(Locale.ROOT)) {
                case "status" -> SquallIndex.STATUS;
                case "content" -> SquallIndex.CONTENT;
                default -> throw new IllegalArgumentException("expects status or content, got '" + name + "'");
            };
        }
    }

    enum Format { JSON, CSV }

    static final class FormatName implements ITypeConverter<Format> {
        @Override
        public Format convert(String format) {
            return switch (format.toLowerCase(Locale.ROOT)) {
                case "csv" -> Format.CSV;
                case "json", "jsonl" -> Format.JSON;
                default -> throw new IllegalArgumentException("expects json or csv, got '" + format + "'");
            };
        }
    }
}
