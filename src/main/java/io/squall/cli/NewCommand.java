package io.squall.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * {@code squall new DIR}: a crawler of the user's own, as a Maven project that depends on Squall, with a
 * parse filter, a URL filter and a bolt of its own wired into its files, and the same two commands as Squall
 * ({@code ./squall crawl ...} and {@code mvn verify}). The project resolves Squall from the local Maven
 * repository, where Squall's build ({@code ./squall}'s first run, or {@code mvn install}) put it.
 */
final class NewCommand {
    static final String HELP = """
            Usage: squall new DIR [--package NAME] [--group-id ID]

            Creates a crawler project of your own in DIR (which must not exist, or be empty): a pom.xml that
            depends on Squall, a parse filter, a URL filter and a bolt of your own with their tests, and the
            files they are wired in (topology.yaml, crawler-conf.yaml, parsefilters.yaml, urlfilters.yaml,
            es-conf/). DIR's name is the project's artifact id. Then, in DIR:
              ./squall crawl --agent NAME URL   crawls locally with your parts
              mvn verify                        runs your tests

            Options:
              --package NAME     the Java package of your classes (default: org.example.crawler)
              --group-id ID      the project's Maven group id (default: the package without its last part)
            """;

    private final PrintStream out;

    NewCommand(PrintStream out) {
        this.out = out;
    }

    int run(List<String> args) {
        ArgList a = ArgList.parse("new", args, Set.of("package", "group-id"), Set.of());
        if (a.positional().size() != 1) {
            throw new UsageException("give the new project's directory, e.g. squall new my-crawler");
        }
        Path dir = Path.of(a.positional().get(0)).toAbsolutePath().normalize();
        String packageName = a.string("package", "org.example.crawler");
        String groupId = a.string("group-id", packageName.contains(".")
                ? packageName.substring(0, packageName.lastIndexOf('.')) : packageName);
        ProjectTemplate.Project project = new ProjectTemplate.Project(dir, groupId,
                dir.getFileName().toString(), packageName);
        Map<String, String> versions = versions();
        new ProjectTemplate(versions).write(project);
        out.println("Created " + dir + " (" + groupId + ":" + project.artifactId() + ", package " + packageName
                + ") on Squall " + versions.get("squallVersion") + ".");
        Path installed = localRepository().resolve("io/squall/squall/" + versions.get("squallVersion"));
        if (!Files.isDirectory(installed)) {
            out.println("Squall is not in your local Maven repository yet: run `mvn install -DskipTests` in Squall's"
                    + " directory (./squall's first run does it), then the project builds without the network.");
        }
        out.println("Next: cd " + dir + " && ./squall crawl --agent NAME URL (a local crawl with your parts),"
                + " mvn verify (your tests); README.md there says more.");
        return 0;
    }

    /** The versions the project is written for: Squall's own and those it was built with. */
    private static Map<String, String> versions() {
        Properties built = Version.built();
        return Map.of("squallVersion", Version.squall(),
                "stormVersion", built.getProperty("storm.version", ""),
                "opensearchRunnerVersion", built.getProperty("opensearch.runner.version", ""),
                "junitVersion", built.getProperty("junit.version", ""));
    }

    private static Path localRepository() {
        String configured = System.getProperty("maven.repo.local");
        return configured != null ? Path.of(configured) : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }
}
