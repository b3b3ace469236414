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
import java.util.Set;

/**
 * {@code squall export}: writes every document of the status or the content index of a crawl as JSON lines
 * (each document's source as stored) or CSV, streaming page by page, to stdout or a file.
 */
final class ExportCommand {
    static final String HELP = """
            Usage: squall export [--data DIR | --opensearch URL] [--index status|content] [--format json|csv]
                                 [--output FILE] [--conf FILE]

            Writes every document of the crawl's status index (one per URL: url, status, nextFetchDate,
            metadata) or content index (one per fetched page: url, title, description, text, language, ...)
            to stdout or FILE, the crawl in --data (default ./data) running or not, or the index at --opensearch.

            Options:
              --index status|content  which index (default: status)
              --format json|csv       json: one JSON object a line, each document as stored (default);
                                      csv: RFC 4180, a column per field of the index's mapping (url first),
                                      a list of several values as JSON
              --output FILE           write to FILE instead of stdout
            A progress line on stderr shows documents done and docs/s for a large index.
            """;
    static final Set<String> VALUED = Set.of("conf", "opensearch", "data", "index", "format", "output");
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
        ArgList a = ArgList.parse("export", args, VALUED, Set.of());
        if (!a.positional().isEmpty()) {
            throw new UsageException("'squall export' takes no arguments, got '" + a.positional().get(0) + "'");
        }
        SquallIndex which = a.value("index", ExportCommand::index);
        boolean csv = Boolean.TRUE.equals(a.value("format", ExportCommand::isCsv));
        Path output = a.value("output", Path::of);
        ToolOptions options = new ToolOptions(List.of(), a.value("conf", Path::of), a.string("opensearch", null),
                Path.of(a.string("data", "data")), false);
        ToolCommands.requireCrawl(options);
        SquallIndex index = which == null ? SquallIndex.STATUS : which;
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

    private static SquallIndex index(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "status" -> SquallIndex.STATUS;
            case "content" -> SquallIndex.CONTENT;
            default -> throw new IllegalArgumentException("expects status or content, got '" + name + "'");
        };
    }

    private static Boolean isCsv(String format) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "csv" -> true;
            case "json", "jsonl" -> false;
            default -> throw new IllegalArgumentException("expects json or csv, got '" + format + "'");
        };
    }
}
