package io.squall.config;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes {@code docs/configuration.md}, the configuration reference, from
 * {@code src/main/resources/crawler-default.yaml}: every key with its default and the comment above it,
 * grouped by the file's sections ({@code # ---- Title} lines). The comments are the documentation, so the
 * file is read line by line; Jackson's YAML reader checks that the lines read hold the same keys as the
 * YAML itself.
 *
 * <p>Run from the project's directory: {@code java ... io.squall.config.ConfigurationReference [project
 * directory]}, or through Maven with {@link #REGENERATE}. {@code ConfigurationReferenceTest} fails when the
 * committed reference differs from what this writes.
 */
public final class ConfigurationReference {
    static final Path DEFAULTS = Path.of("src", "main", "resources", "crawler-default.yaml");
    static final Path REFERENCE = Path.of("docs", "configuration.md");
    /** The system property that makes {@code ConfigurationReferenceTest} rewrite the reference. */
    static final String REGENERATE_PROPERTY = "squall.regenerate";
    static final String REGENERATE = "mvn -q -Dtest=ConfigurationReferenceTest -D" + REGENERATE_PROPERTY + " test";

    private static final Pattern SECTION = Pattern.compile("^\\s*#\\s*-{5,}\\s*(.+?)\\s*$");
    private static final Pattern COMMENT = Pattern.compile("^\\s*#\\s?(.*?)\\s*$");
    private static final Pattern KEY = Pattern.compile("^  ([A-Za-z0-9_.\\-]+):\\s*(.*?)\\s*$");
    private static final Pattern CONTINUATION = Pattern.compile("^ {3,}\\S.*$");

    private ConfigurationReference() {
    }

    /** Rewrites the reference of the project in {@code args[0]} (default: the working directory). */
    public static void main(String[] args) throws IOException {
        Path project = Path.of(args.length > 0 ? args[0] : ".");
        Path reference = write(project);
        System.out.println("wrote " + reference);
    }

    /** Rewrites the project's reference from its defaults file; returns the reference's path. */
    static Path write(Path project) throws IOException {
        Path reference = project.resolve(REFERENCE);
        Files.createDirectories(reference.getParent());
        Files.writeString(reference, generate(Files.readString(project.resolve(DEFAULTS), StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
        return reference;
    }

    /** One key and its default as written in the file (a value over several lines joined into one). */
    record Key(String name, String value) {
    }

    /** A comment's paragraphs and the keys that follow it without a blank line (the first is the one it documents). */
    record Group(List<String> paragraphs, List<Key> keys) {
    }

    /** A part of the file, from one {@code # ---- Title} line to the next. */
    record Section(String title, List<Group> groups) {
    }

    /** The reference's text for the defaults file's text. */
    static String generate(String yaml) {
        List<String> lines = yaml.lines().toList();
        List<String> preamble = new ArrayList<>();
        int i = 0;
        for (; i < lines.size() && !lines.get(i).startsWith("config:"); i++) {
            Matcher comment = COMMENT.matcher(lines.get(i));
            if (comment.matches()) {
                preamble.add(comment.group(1));
            }
        }
        if (i == lines.size()) {
            throw new IllegalArgumentException("no 'config:' line in " + DEFAULTS);
        }
        List<Section> sections = parse(lines.subList(i + 1, lines.size()));
        checkKeys(yaml, sections);
        return render(paragraphs(preamble), sections);
    }

    private static List<Section> parse(List<String> lines) {
        List<Section> sections = new ArrayList<>();
        Section section = new Section("General", new ArrayList<>());
        List<String> comment = new ArrayList<>();
        Group group = null; // the group keys are being added to, until a comment or a blank line
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher title = SECTION.matcher(line);
            Matcher note = COMMENT.matcher(line);
            Matcher key = KEY.matcher(line);
            if (title.matches()) {
                addSection(sections, section);
                section = new Section(title.group(1), new ArrayList<>());
                comment.clear();
                group = null;
            } else if (note.matches()) {
                comment.add(note.group(1));
                group = null;
            } else if (line.isBlank()) {
                if (!comment.isEmpty()) {
                    // A comment followed by a blank line speaks of what follows in general.
                    section.groups().add(new Group(paragraphs(comment), new ArrayList<>()));
                    comment.clear();
                }
                group = null;
            } else if (key.matches()) {
                StringBuilder value = new StringBuilder(key.group(2));
                while (i + 1 < lines.size() && CONTINUATION.matcher(lines.get(i + 1)).matches()) {
                    value.append(' ').append(lines.get(++i).strip());
                }
                if (group == null) {
                    group = new Group(paragraphs(comment), new ArrayList<>());
                    section.groups().add(group);
                    comment.clear();
                }
                group.keys().add(new Key(key.group(1), value.toString()));
            } else {
                throw new IllegalArgumentException("cannot read this line of " + DEFAULTS + ": " + line);
            }
        }
        addSection(sections, section);
        return sections;
    }

    private static void addSection(List<Section> sections, Section section) {
        if (!section.groups().isEmpty()) {
            sections.add(section);
        }
    }

    /** Comment lines as paragraphs: an empty comment line ends one. */
    private static List<String> paragraphs(List<String> comment) {
        List<String> paragraphs = new ArrayList<>();
        StringBuilder paragraph = new StringBuilder();
        for (String line : comment) {
            if (line.isEmpty()) {
                if (paragraph.length() > 0) {
                    paragraphs.add(paragraph.toString());
                    paragraph.setLength(0);
                }
            } else {
                paragraph.append(paragraph.length() > 0 ? " " : "").append(line);
            }
        }
        if (paragraph.length() > 0) {
            paragraphs.add(paragraph.toString());
        }
        return paragraphs;
    }

    /** The keys read line by line must be the keys of the YAML: a construct the reader missed fails here. */
    private static void checkKeys(String yaml, List<Section> sections) {
        Set<String> read = new LinkedHashSet<>();
        for (Section section : sections) {
            for (Group group : section.groups()) {
                for (Key key : group.keys()) {
                    if (!read.add(key.name())) {
                        throw new IllegalArgumentException(DEFAULTS + " sets " + key.name() + " twice");
                    }
                }
            }
        }
        Set<String> parsed = new LinkedHashSet<>(YamlFiles.parseMap(
                new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), DEFAULTS.toString()).keySet());
        if (!read.equals(parsed)) {
            Set<String> missed = new LinkedHashSet<>(parsed);
            missed.removeAll(read);
            Set<String> extra = new LinkedHashSet<>(read);
            extra.removeAll(parsed);
            throw new IllegalArgumentException("the lines of " + DEFAULTS + " and its YAML disagree: keys not read "
                    + missed + ", keys read that the YAML does not have " + extra);
        }
    }

    private static String render(List<String> preamble, List<Section> sections) {
        StringBuilder out = new StringBuilder();
        out.append("# Configuration reference\n\n");
        out.append("<!-- Generated from ").append(slashes(DEFAULTS)).append(" by io.squall.config.ConfigurationReference"
                + " (src/test/java): do not edit this file. Edit the comments of crawler-default.yaml, then run: ")
                .append(REGENERATE).append(" -->\n\n");
        out.append("Generated from `").append(slashes(DEFAULTS)).append("`: after a change to that file, run `")
                .append(REGENERATE).append("` (a test fails while this page is out of date).\n\n");
        for (String paragraph : preamble) {
            out.append(text(paragraph)).append("\n\n");
        }
        out.append("Settings are read in this order, later ones winning: these defaults (inside the jar), "
                + "`crawler-conf.yaml`, `es-conf/opensearch-conf.yaml`, then, in local mode, `squall crawl --conf FILE` "
                + "and the command line's options. Each file holds `key: value` lines, under `config:` as in "
                + "Flux's files or at the top level.\n\n");
        for (Section section : sections) {
            out.append("- [").append(section.title()).append("](#").append(anchor(section.title())).append(")\n");
        }
        for (Section section : sections) {
            out.append("\n## ").append(section.title()).append("\n\n");
            boolean table = false;
            for (Group group : section.groups()) {
                if (group.keys().isEmpty()) {
                    out.append(table ? "\n" : "");
                    table = false;
                    for (String paragraph : group.paragraphs()) {
                        out.append(text(paragraph)).append("\n\n");
                    }
                    continue;
                }
                if (!table) {
                    out.append("| key | default | description |\n|---|---|---|\n");
                    table = true;
                }
                // The comment stands above the group's first key; the keys after it have none of their own.
                List<String> description = new ArrayList<>();
                for (String paragraph : group.paragraphs()) {
                    description.add(text(paragraph));
                }
                for (Key key : group.keys()) {
                    out.append("| ").append(code(key.name())).append(" | ").append(code(key.value())).append(" | ")
                            .append(String.join("<br><br>", description)).append(" |\n");
                    description.clear();
                }
            }
        }
        return out.toString();
    }

    private static String slashes(Path path) {
        return path.toString().replace('\\', '/');
    }

    /** A code span in a table cell: only the cell's delimiter is escaped. */
    private static String code(String value) {
        return "`" + value.replace("|", "\\|") + "`";
    }

    /**
     * Comment text as Markdown: what the comment writes between backticks stays code; elsewhere the
     * characters Markdown would read as emphasis or HTML are escaped, and a table cell's delimiter everywhere.
     */
    static String text(String comment) {
        String[] parts = comment.split("`", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            boolean code = i % 2 == 1 && i < parts.length - 1;
            String part = parts[i];
            if (!code) {
                part = part.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_").replace("[", "\\[")
                        .replace("]", "\\]").replace("<", "&lt;").replace(">", "&gt;");
            }
            part = part.replace("|", "\\|");
            out.append(i > 0 ? "`" : "").append(part);
        }
        return out.toString();
    }

    /** The anchor GitHub gives a heading. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
