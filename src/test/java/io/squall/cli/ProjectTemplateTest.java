package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectTemplateTest {
    private static final Path TEMPLATE = Path.of("src/main/resources/io/squall/template/project");
    private static final Map<String, String> VERSIONS = Map.of("squallVersion", "9.9.9", "stormVersion", "2.8.3",
            "opensearchRunnerVersion", "2.19.1.0", "junitVersion", "5.11.4");

    @Test
    void writesEveryTemplateFileWithItsPlaceholdersFilledAndTheScriptExecutable(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("my-crawler");
        List<Path> written = new ProjectTemplate(VERSIONS)
                .write(new ProjectTemplate.Project(dir, "org.example", "my-crawler", "org.example.crawler"));

        assertTrue(written.contains(dir.resolve("src/main/java/org/example/crawler/SkipPathFilter.java")), written.toString());
        assertTrue(written.contains(dir.resolve(".gitignore")), written.toString());
        for (Path file : written) {
            String text = Files.readString(file);
            assertFalse(text.contains("{{"), file + " keeps a placeholder");
        }
        String pom = Files.readString(dir.resolve("pom.xml"));
        assertTrue(pom.contains("<artifactId>my-crawler</artifactId>"), pom);
        assertTrue(pom.contains("<squall.version>9.9.9</squall.version>"), pom);
        assertTrue(pom.replaceAll("\\s+", "").contains("<dependencyManagement><dependencies><dependency>"
                + "<groupId>io.squall</groupId><artifactId>squall</artifactId><version>${squall.version}</version>"
                + "<type>pom</type><scope>import</scope>"), "Squall's pins travel, imported from its POM: " + pom);
        assertTrue(Files.readString(dir.resolve("src/main/java/org/example/crawler/SkipPathFilter.java"))
                .startsWith("package org.example.crawler;"));
        assertTrue(Files.isExecutable(dir.resolve("squall")));
        assertEquals(Files.readString(Path.of("squall")), Files.readString(dir.resolve("squall")));
        assertEquals(Files.readString(Path.of("es-conf/status.json")), Files.readString(dir.resolve("es-conf/status.json")));
    }

    @Test
    void theIndexListsEveryFileOfTheTemplate() throws Exception {
        TreeSet<String> present = new TreeSet<>();
        try (Stream<Path> files = Files.walk(TEMPLATE)) {
            files.filter(Files::isRegularFile).forEach(f -> present.add(TEMPLATE.relativize(f).toString()));
        }
        assertEquals(present, new TreeSet<>(ProjectTemplate.listed()));
    }

    @Test
    void refusesANonEmptyDirectoryAndNamesThatAreNotJavaOrMaven(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("keep.txt"), "mine");
        ProjectTemplate template = new ProjectTemplate(VERSIONS);
        UsageException taken = assertThrows(UsageException.class,
                () -> template.write(new ProjectTemplate.Project(tmp, "org.example", "crawler", "org.example.crawler")));
        assertTrue(taken.getMessage().contains("already exists and is not an empty directory"), taken.getMessage());
        assertEquals("mine", Files.readString(tmp.resolve("keep.txt")));
        assertThrows(UsageException.class,
                () -> new ProjectTemplate.Project(tmp.resolve("x"), "org.example", "x", "org.Example.2crawler"));
        assertThrows(UsageException.class,
                () -> new ProjectTemplate.Project(tmp.resolve("X Y"), "org.example", "X Y", "org.example"));
    }
}
