package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.opensearch.SquallIndex;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as picocli reads it: every command's options, its generated help, its one-line errors. */
class CommandLinesTest {
    /** Squall's directory and the crawl's: the test's own, not the working directory's crawler-conf.yaml or data/. */
    @TempDir
    Path home;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int main(String... args) {
        out.reset();
        err.reset();
        return new Main(home, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, StopSignal.manual()).run(args);
    }

    @Test
    void theTopHelpListsEveryCommandWithItsLine() {
        assertEquals(0, main("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.startsWith("Usage: squall COMMAND [options]"), help);
        for (String command : List.of("crawl", "inject", "console", "status", "urls", "parse", "serve", "export")) {
            assertTrue(help.contains("\n  " + command + " "), command + " in " + help);
        }
        assertTrue(help.contains("crawl from seeds, or resume the crawl in --data"), help);
        assertEquals(2, main(), "no command: the help, and a failure");
        assertEquals(help, out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyCommandHasItsHelpWithItsOptions() {
        for (String command : List.of("crawl", "inject", "console", "status", "urls", "parse", "serve", "export")) {
            assertEquals(0, main(command, "--help"), command);
            String help = out.toString(StandardCharsets.UTF_8);
            assertTrue(help.startsWith("Usage: squall " + command + " "), help);
            assertTrue(help.contains("--help"), help);
            assertEquals("", err.toString(StandardCharsets.UTF_8));
        }
        assertEquals(0, main("crawl", "https://example.com/", "-h"));
        String crawl = out.toString(StandardCharsets.UTF_8);
        for (String option : List.of("--agent", "--conf", "--data", "--opensearch", "--port", "--console-port",
                "--max-pages", "--max-depth", "--duration", "--threads", "--delay", "--allow", "--json")) {
            assertTrue(crawl.contains(option), option + " in " + crawl);
        }
    }

    @Test
    void exportsValuedOptionsTakeTheirValueEitherWay() {
        ExportCommand.Spec spec = CommandLines.parse(new ExportCommand.Spec(), "export",
                List.of("--format", "csv", "--index=content", "--data", "d", "--output", "o.csv"));
        assertEquals(ExportCommand.Format.CSV, spec.format);
        assertEquals(SquallIndex.CONTENT, spec.index);
        assertEquals(Path.of("d"), spec.options(false).dataDir());
        assertEquals(Path.of("o.csv"), spec.output);
        assertTrue(spec.args.isEmpty());
        assertEquals(ExportCommand.Format.JSON,
                CommandLines.parse(new ExportCommand.Spec(), "export", List.of("--format=json")).format);
    }

    @Test
    void mistakesAreOneLineNamingTheOptionAndTheCommand() {
        assertEquals(2, main("export", "--format", "xml", "--data", home.resolve("data").toString()));
        assertEquals("squall export: option --format of 'squall export' expects json or csv, got 'xml'",
                err.toString(StandardCharsets.UTF_8).strip());
        assertEquals(2, main("status", "--json=yes", "--data", home.resolve("data").toString()));
        assertEquals("squall status: option --json of 'squall status' takes no value",
                err.toString(StandardCharsets.UTF_8).strip());
        assertEquals(2, main("urls", "--conf"));
        assertEquals("squall urls: option --conf of 'squall urls' needs a value",
                err.toString(StandardCharsets.UTF_8).strip());
        assertEquals(2, main("inject", "--data", home.resolve("data").toString(), "--dta", "e"));
        assertEquals("squall inject: unknown option '--dta' for 'squall inject' (see squall inject --help)",
                err.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void anAtSignIsASeedFilesNameAndTheLastValueOfAnOptionWins() {
        CrawlOptions o = CrawlOptions.parse(List.of("@seeds.txt", "--data", "a", "--data", "b", "-"));
        assertEquals(List.of("@seeds.txt", "-"), o.seeds());
        assertEquals(Path.of("b"), o.dataDir());
    }
}
