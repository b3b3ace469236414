package io.squall.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Squall's API, kept on purpose: every public and protected signature of {@code io.squall.api} and its
 * subpackages, and the classes that Flux files name (API by their names), as recorded in
 * {@value #RECORD}. A change fails here with the difference until it is recorded ({@code -Dsquall.regenerate})
 * together with its decision in docs/api-changes.md.
 */
class ApiSurfaceTest {
    static final String RECORD = "src/test/resources/api/squall-api.txt";
    private static final Path API_SOURCES = Path.of("src/main/java/io/squall/api");
    /** The Flux files users start from: Squall's own and the one of a project from {@code squall new}. */
    private static final List<Path> FLUX_FILES = List.of(Path.of("topology.yaml"),
            Path.of("src/main/resources/io/squall/template/project/topology.yaml"));
    private static final Pattern SQUALL_CLASS = Pattern.compile("\\bio\\.squall\\.[a-z.]+\\.[A-Z]\\w*");

    @Test
    void theApiIsAsRecorded() throws IOException {
        List<String> surface = surface();
        Path record = Path.of(RECORD);
        if (regenerate()) {
            Files.writeString(record, String.join("\n", surface) + "\n", StandardCharsets.UTF_8);
        }
        List<String> recorded = Files.exists(record) ? Files.readAllLines(record, StandardCharsets.UTF_8) : List.of();
        if (!surface.equals(recorded)) {
            fail("Squall's API changed (" + API_SOURCES + ", and the classes Flux files name):\n"
                    + difference(recorded, surface)
                    + "If the change is meant, record it with `mvn -o -Dtest=ApiSurfaceTest -Dsquall.regenerate test`"
                    + " and write the decision (what changed, why, what a user does about it) in docs/api-changes.md.");
        }
    }

    /** What users build on names nothing of Squall's inside, which could change in any release. */
    @Test
    void theApiNamesOnlyApiTypes() throws IOException {
        List<String> leaks = new ArrayList<>();
        for (String line : surface()) {
            if (line.startsWith("component ")) {
                continue;
            }
            Matcher m = SQUALL_CLASS.matcher(line);
            while (m.find()) {
                if (!m.group().startsWith("io.squall.api.")) {
                    leaks.add(m.group() + " in: " + line);
                }
            }
        }
        assertEquals(List.of(), leaks);
    }

    /** The record, so that a signature that changes without it is seen: each type, then its members, sorted. */
    static List<String> surface() throws IOException {
        List<String> lines = new ArrayList<>();
        for (Class<?> type : apiTypes()) {
            lines.add(describe(type));
            List<String> members = new ArrayList<>();
            for (Constructor<?> c : type.getDeclaredConstructors()) {
                if (visible(c)) {
                    members.add("  " + c.toGenericString());
                }
            }
            for (Method m : type.getDeclaredMethods()) {
                if (visible(m) && !m.isBridge()) {
                    members.add("  " + m.toGenericString());
                }
            }
            for (Field f : type.getDeclaredFields()) {
                if (visible(f)) {
                    members.add("  " + f.toGenericString());
                }
            }
            members.sort(null);
            lines.addAll(members);
        }
        for (String component : fluxComponents()) {
            lines.add("component " + component);
        }
        return lines;
    }

    @Test
    void everyFluxComponentIsLoadable() throws IOException {
        Set<String> components = fluxComponents();
        assertTrue(components.contains("io.squall.frontier.StatusUpdaterBolt"), components.toString());
        for (String name : components) {
            try {
                Class.forName(name);
            } catch (ClassNotFoundException e) {
                fail("a Flux file names " + name + ", which is not a class");
            }
        }
    }

    private static Set<Class<?>> apiTypes() throws IOException {
        Set<Class<?>> types = new TreeSet<>((a, b) -> a.getName().compareTo(b.getName()));
        try (Stream<Path> files = Files.walk(API_SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = Path.of("src/main/java").relativize(file).toString()
                        .replace(file.getFileSystem().getSeparator(), ".").replaceFirst("\\.java$", "");
                if (!name.endsWith("package-info")) {
                    addVisible(load(name), types);
                }
            }
        }
        return types;
    }

    private static void addVisible(Class<?> type, Set<Class<?>> types) {
        if (!Modifier.isPublic(type.getModifiers()) && !Modifier.isProtected(type.getModifiers())) {
            return;
        }
        types.add(type);
        for (Class<?> nested : type.getDeclaredClasses()) {
            addVisible(nested, types);
        }
    }

    private static String describe(Class<?> type) {
        StringBuilder s = new StringBuilder(type.toGenericString());
        if (type.getGenericSuperclass() != null && type.getSuperclass() != Object.class && !type.isEnum()
                && !type.isRecord()) {
            s.append(" extends ").append(type.getGenericSuperclass().getTypeName());
        }
        if (type.getGenericInterfaces().length > 0) {
            s.append(type.isInterface() ? " extends " : " implements ").append(Arrays.stream(type.getGenericInterfaces())
                    .map(java.lang.reflect.Type::getTypeName).collect(Collectors.joining(", ")));
        }
        return s.toString();
    }

    private static boolean visible(Member member) {
        int modifiers = member.getModifiers();
        return !member.isSynthetic() && (Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers));
    }

    /** The Squall classes the Flux files name: spout, bolts, task hooks, metrics consumers, the submitting class. */
    private static Set<String> fluxComponents() throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path file : FLUX_FILES) {
            Matcher m = SQUALL_CLASS.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                names.add(m.group());
            }
        }
        return names;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the API source " + name + " has no class", e);
        }
    }

    private static boolean regenerate() {
        String value = System.getProperty("squall.regenerate");
        return value != null && !"false".equals(value);
    }

    /** The lines only one side has, marked - (recorded) and + (now). */
    private static String difference(List<String> recorded, List<String> now) {
        StringBuilder s = new StringBuilder();
        recorded.stream().filter(line -> !now.contains(line)).forEach(line -> s.append("- ").append(line).append('\n'));
        now.stream().filter(line -> !recorded.contains(line)).forEach(line -> s.append("+ ").append(line).append('\n'));
        return s.length() == 0 ? "(the same lines, in another order)\n" : s.toString();
    }
}
