package io.squall.config;

import io.squall.api.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Squall's YAML, read and written with SnakeYAML, the parser Storm and Flux read their YAML with: its errors
 * carry the line of the mistake itself (Jackson's YAML reports where its reader stood, often a line before),
 * and it resolves anchors and aliases. Reading a settings file gives a flat map of {@code key: value}; a
 * mistake is a {@link ConfigException} naming the file and line.
 */
public final class YamlFiles {
    private YamlFiles() {
    }

    static Map<String, Object> read(Path file) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parseMap(reader, file.toString());
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + ": configuration file not found");
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read configuration file: " + e.getMessage(), e);
        }
    }

    static Map<String, Object> parseMap(InputStream in, String source) {
        return parseMap(new InputStreamReader(in, StandardCharsets.UTF_8), source);
    }

    /**
     * One YAML document as maps, lists and scalars (null when empty).
     *
     * @param source the file's name for the error, as in {@code source:3: not valid YAML: ...}
     */
    public static Object parse(Reader reader, String source) {
        try {
            return new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? -1 : e.getProblemMark().getLine() + 1;
            throw new ConfigException(source + (line > 0 ? ":" + line : "") + ": not valid YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new ConfigException(source + ": not valid YAML: " + e.getMessage());
        }
    }

    public static Object parse(String text, String source) {
        return parse(new StringReader(text), source);
    }

    /** Writes maps, lists and scalars as block-style YAML. */
    public static void write(Object document, Writer writer) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        new Yaml(new Representer(options), options).dump(document, writer);
    }

    private static Map<String, Object> parseMap(Reader reader, String source) {
        Object parsed = parse(reader, source);
        if (parsed == null) {
            return new LinkedHashMap<>();
        }
        if (!(parsed instanceof Map<?, ?> map)) {
            throw new ConfigException(source + ": expected 'key: value' settings at the top level");
        }
        // Flux files nest the settings under 'config:'; plain settings files are flat.
        Object nested = map.get("config");
        Map<?, ?> settings = nested instanceof Map<?, ?> n && map.size() == 1 ? n : map;
        Map<String, Object> result = new LinkedHashMap<>();
        settings.forEach((k, v) -> result.put(String.valueOf(k), v));
        return result;
    }
}
