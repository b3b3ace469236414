package io.squall.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/** Reads a YAML file of {@code key: value} settings into a flat map, with errors that name the file. */
final class YamlFiles {
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
        return parseMap(new java.io.InputStreamReader(in, StandardCharsets.UTF_8), source);
    }

    private static Map<String, Object> parseMap(Reader reader, String source) {
        Object parsed;
        try {
            parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? -1 : e.getProblemMark().getLine() + 1;
            throw new ConfigException(source + (line > 0 ? ":" + line : "") + ": not valid YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new ConfigException(source + ": not valid YAML: " + e.getMessage());
        }
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
