package io.squall.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The crawler project that {@code squall new} writes: the files under {@code io/squall/template/project} in
 * the jar, listed in its {@code files.txt} (a jar cannot be listed), with their {@code {{placeholders}}}
 * filled and {@code __package__} in a path replaced by the package's directories; beside them, Squall's own
 * {@code squall} script and index definitions, copied as they are, so that the project crawls and is
 * configured the way Squall is.
 */
final class ProjectTemplate {
    private static final String ROOT = "io/squall/template/";
    private static final Pattern PACKAGE = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*");
    private static final Pattern ARTIFACT = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    /** Squall's files that the project gets unchanged: resource in the jar, then path in the project. */
    private static final Map<String, String> COPIED = Map.of(
            ROOT + "squall", "squall",
            "es-conf/status.json", "es-conf/status.json",
            "es-conf/content.json", "es-conf/content.json",
            "es-conf/metrics.json", "es-conf/metrics.json",
            "es-conf/hosts.json", "es-conf/hosts.json",
            "es-conf/opensearch-conf.yaml", "es-conf/opensearch-conf.yaml");

    /** What the user asked for: where, and the Maven coordinates and Java package of the project. */
    record Project(Path dir, String groupId, String artifactId, String packageName) {
        Project {
            if (!PACKAGE.matcher(packageName).matches()) {
                throw new UsageException("'" + packageName + "' is not a Java package name (lower case, dot-separated,"
                        + " e.g. org.example.crawler)");
            }
            if (!PACKAGE.matcher(groupId).matches()) {
                throw new UsageException("'" + groupId + "' is not a Maven group id (e.g. org.example)");
            }
            if (!ARTIFACT.matcher(artifactId).matches()) {
                throw new UsageException("the project's directory name '" + artifactId + "' is its Maven artifact id:"
                        + " use lower-case letters, digits, '.', '-' or '_' (e.g. my-crawler)");
            }
        }
    }

    private final Map<String, String> versions;

    /** @param versions the versions the placeholders {@code squallVersion}, {@code stormVersion}, ... stand for */
    ProjectTemplate(Map<String, String> versions) {
        this.versions = versions;
    }

    /** Writes the project into its directory, which must not exist or be empty; returns the files written. */
    List<Path> write(Project project) {
        Path dir = project.dir();
        try {
            if (Files.exists(dir) && (!Files.isDirectory(dir) || hasEntries(dir))) {
                throw new UsageException(dir + " already exists and is not an empty directory");
            }
            List<Path> written = new ArrayList<>();
            Map<String, String> values = placeholders(project);
            for (String name : listed()) {
                // A dot file would not survive the build's resource copy: the template names it without the dot.
                String path = name.equals("gitignore") ? ".gitignore" : name;
                Path target = dir.resolve(path.replace("__package__", values.get("packagePath")));
                write(target, fill(resource(ROOT + "project/" + name), values, name));
                written.add(target);
            }
            for (Map.Entry<String, String> copied : COPIED.entrySet()) {
                Path target = dir.resolve(copied.getValue());
                write(target, resource(copied.getKey()));
                written.add(target);
            }
            Files.setPosixFilePermissions(dir.resolve("squall"), PosixFilePermissions.fromString("rwxr-xr-x"));
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the project into " + dir, e);
        }
    }

    private Map<String, String> placeholders(Project project) {
        Map<String, String> values = new HashMap<>(versions);
        values.put("groupId", project.groupId());
        values.put("artifactId", project.artifactId());
        values.put("package", project.packageName());
        values.put("packagePath", project.packageName().replace('.', '/'));
        return values;
    }

    /** The template's files, from its index: one path a line, relative to the template's directory. */
    static List<String> listed() throws IOException {
        return new String(resource(ROOT + "files.txt"), StandardCharsets.UTF_8).lines().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    private static byte[] fill(byte[] template, Map<String, String> values, String name) {
        String text = new String(template, StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (int open = text.indexOf("{{"); open >= 0; open = text.indexOf("{{", at)) {
            int close = text.indexOf("}}", open);
            String key = text.substring(open + 2, close);
            String value = values.get(key);
            if (value == null) {
                throw new IllegalStateException("template " + name + " names an unknown placeholder {{" + key + "}}");
            }
            out.append(text, at, open).append(value);
            at = close + 2;
        }
        return out.append(text.substring(at)).toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = ProjectTemplate.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the jar has no " + name + ": Squall was not built by Maven");
            }
            return in.readAllBytes();
        }
    }

    private static void write(Path target, byte[] content) throws IOException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        Files.write(target, content);
    }

    private static boolean hasEntries(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isPresent();
        }
    }
}
