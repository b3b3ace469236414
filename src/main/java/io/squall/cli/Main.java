package io.squall.cli;

import io.squall.config.ConfigException;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.parse.ParseTool;
import io.squall.urls.UrlCheckTool;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code squall} command. Mistakes the user can fix (options, seeds, configuration, an unreachable
 * OpenSearch, a port in use) end in one line on stderr and a non-zero exit; details of anything else go
 * to the log file under the data directory.
 *
 * <p>Exit codes: 0 done, 1 failed, 2 bad command line.
 */
public final class Main {
    static final String HELP = """
            Usage: squall COMMAND [options]

            Commands:
              crawl [URL|FILE ...]   crawl from seeds, or resume the crawl in --data (see squall crawl --help)
              inject URL|FILE...     add seeds to a crawl
              console --opensearch URL  the web console of a crawl on a Storm cluster
              status                 counts by status, top hosts and errors of a crawl
              urls [URL...]          show what the URL filters make of URLs (or of lines "page<TAB>link" on stdin)
              parse URL [FILE]       show what the parser extracts from a page saved in FILE (or stdin)
              serve                  start a finished crawl's OpenSearch again, read-only, for curl and Dashboards
              export                 write the status or content index as JSON lines or CSV
              new DIR                a crawler project of your own, built on Squall (see squall new --help)
              --version              print Squall's version

            Squall's directory (topology.yaml, crawler-conf.yaml, es-conf/) is the one of the squall script.
            """;

    private final Path home;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final StopSignal stop;

    Main(Path home, PrintStream out, PrintStream err, boolean terminal, StopSignal stop) {
        this.home = home;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.stop = stop;
    }

    public static void main(String[] args) {
        Path home = Path.of(System.getProperty("squall.home", "."));
        configureLogging(args);
        boolean terminal = Boolean.parseBoolean(System.getProperty("squall.terminal",
                String.valueOf(System.console() != null)));
        // Commands that stop cleanly on Ctrl-C take the signal; for the others it ends the process as usual.
        boolean stoppable = args.length > 0 && List.of("crawl", "serve", "export").contains(args[0]);
        StopSignal stop = stoppable ? StopSignal.install() : StopSignal.manual();
        int code = new Main(home, System.out, System.err, terminal, stop).run(args);
        System.out.flush();
        if (Boolean.getBoolean("squall.classes.recording")) {
            // The JVM writes the archive the squall script asked for as it exits (see the script).
            System.err.println("squall: saving the classes this crawl loaded, so that the next crawls start faster"
                    + " (once per build, about 15 s)...");
        }
        System.exit(code);
    }

    int run(String[] argv) {
        List<String> args = Arrays.asList(argv);
        if (args.isEmpty() || List.of("help", "--help", "-h").contains(args.get(0))) {
            out.print(HELP);
            return args.isEmpty() ? 2 : 0;
        }
        if (args.get(0).equals("--version") || args.get(0).equals("version")) {
            out.println(Version.line());
            return 0;
        }
        String command = args.get(0);
        List<String> rest = args.subList(1, args.size());
        try {
            if (rest.contains("--help") || rest.contains("-h")) {
                return help(command);
            }
            return switch (command) {
                case "crawl" -> new CrawlCommand(home, out, err, terminal, stop).run(CrawlOptions.parse(rest));
                case "status" -> new ToolCommands(home, out, err).status(rest);
                case "inject" -> new ToolCommands(home, out, err).inject(rest);
                case "console" -> new ConsoleCommand(home, err, stop).run(rest);
                case "urls" -> urls(rest);
                case "parse" -> ParseTool.run(withConf(rest), System.in, stdinIsTerminal(), out, err);
                case "serve" -> new ServeCommand(home, out, err, stop).run(rest);
                case "export" -> new ExportCommand(home, out, err, terminal, stop).run(rest);
                case "new" -> new NewCommand(out).run(rest);
                default -> throw new UsageException("unknown command '" + command + "' (commands: crawl, inject,"
                        + " console, status, urls, parse, serve, export, new)");
            };
        } catch (UsageException e) {
            err.println("squall " + command + ": " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            // Ctrl-C where a command stops early (an export): exit like a process ended by SIGINT.
            err.println("squall " + command + ": " + oneLine(e));
            return 130;
        } catch (ConfigException | OpenSearchUnavailableException e) {
            err.println("squall " + command + ": " + e.getMessage());
            return 1;
        } catch (Exception | LinkageError e) {
            org.slf4j.LoggerFactory.getLogger(Main.class).error("squall {} failed", command, e);
            err.println("squall " + command + ": failed: " + oneLine(e) + " (details in the log)");
            return 1;
        }
    }

    /** The URL check tool, with URLs from the command line or lines from stdin. */
    private int urls(List<String> args) {
        List<String> options = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("--conf") && i + 1 < args.size()) {
                options.add(args.get(i));
                options.add(args.get(++i));
            } else if (args.get(i).startsWith("--")) {
                throw new UsageException("unknown option '" + args.get(i) + "' for 'squall urls' (see squall urls --help)");
            } else {
                urls.add(args.get(i));
            }
        }
        InputStream in = urls.isEmpty() ? System.in
                : new ByteArrayInputStream(String.join("\n", urls).getBytes(StandardCharsets.UTF_8));
        return UrlCheckTool.run(withConf(options), in, out, err);
    }

    /** Whether stdin is a terminal, as the squall script found it (a JVM cannot tell it alone). */
    private static boolean stdinIsTerminal() {
        return Boolean.parseBoolean(System.getProperty("squall.stdin.terminal", "false"));
    }

    /** The tools read Squall's crawler-conf.yaml first, like a crawl. */
    private String[] withConf(List<String> args) {
        List<String> all = new ArrayList<>();
        for (Path file : CrawlSettings.files(home, null)) {
            all.add("--conf");
            all.add(file.toString());
        }
        all.addAll(args);
        return all.toArray(String[]::new);
    }

    private int help(String command) {
        String text = switch (command) {
            case "crawl" -> CrawlOptions.HELP;
            case "status" -> ToolCommands.STATUS_HELP;
            case "inject" -> ToolCommands.INJECT_HELP;
            case "serve" -> ServeCommand.HELP;
            case "export" -> ExportCommand.HELP;
            case "console" -> ConsoleCommand.HELP;
            case "new" -> NewCommand.HELP;
            case "urls" -> """
                    Usage: squall urls [--conf FILE] [URL...]

                    Prints each URL as Squall would store it, or REJECTED <filter>: <reason>. Without URLs, reads
                    lines from stdin: a URL (a seed), or "page-URL<TAB>link" (a link as found on a page).
                    """;
            case "parse" -> """
                    Usage: squall parse [--conf FILE] [--content-type TYPE] URL [FILE|-]

                    Parses the page saved in FILE (or piped on stdin) as if fetched from URL, and prints its
                    charset, title, description, language, the start of its text, robots directives, digest and
                    outlinks after the URL filters.
                    """;
            default -> throw new UsageException("unknown command '" + command + "'");
        };
        out.print(text);
        return 0;
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    /**
     * Local mode logs to a file under the data directory and shows only warnings on the terminal. Set
     * before any logger exists; a logging configuration given with -Dlog4j2.configurationFile wins.
     */
    private static void configureLogging(String[] args) {
        Path data = Path.of("data");
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--data")) {
                data = Path.of(args[i + 1]);
            }
        }
        for (String arg : args) {
            if (arg.startsWith("--data=")) {
                data = Path.of(arg.substring("--data=".length()));
            }
        }
        System.setProperty("squall.log.file", CrawlDataDir.logFile(data).toString());
        if (System.getProperty("log4j2.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", "squall-local-log4j2.xml");
        }
    }
}
