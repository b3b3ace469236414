package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@code squall new} looks for Squall: the local Maven repository as Maven finds it (a home of the test's own). */
class NewCommandTest {
    @TempDir
    Path home;

    private Properties properties(String... keyValues) {
        Properties p = new Properties();
        p.setProperty("user.home", home.toString());
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    @Test
    void theLocalRepositoryIsTheOneMavenUses() throws Exception {
        assertEquals(home.resolve(".m2/repository"), NewCommand.localRepository(properties(), Map.of()),
                "Maven's default");

        Files.createDirectories(home.resolve(".m2"));
        Files.writeString(home.resolve(".m2/settings.xml"), "<settings xmlns=\"http://maven.apache.org/SETTINGS/1.0.0\">\n"
                + "  <localRepository>${user.home}/maven-repo</localRepository>\n</settings>\n");
        assertEquals(home.resolve("maven-repo"), NewCommand.localRepository(properties(), Map.of()),
                "the user settings' <localRepository>");

        assertEquals(Path.of("/srv/m2"), NewCommand.localRepository(properties(),
                Map.of("MAVEN_OPTS", "-Xmx1g -Dmaven.repo.local=/srv/m2 -Dx=y")), "MAVEN_OPTS, over the settings");
        assertEquals(Path.of("/srv/args"), NewCommand.localRepository(properties(),
                Map.of("MAVEN_ARGS", "-B \"-Dmaven.repo.local=/srv/args\"")), "MAVEN_ARGS, quoted");
        assertEquals(Path.of("/opt/repo"), NewCommand.localRepository(properties("maven.repo.local", "/opt/repo"),
                Map.of("MAVEN_OPTS", "-Dmaven.repo.local=/srv/m2")), "-Dmaven.repo.local given to squall wins");

        Files.writeString(home.resolve(".m2/settings.xml"), "<settings><localRepository>");
        assertEquals(home.resolve(".m2/repository"), NewCommand.localRepository(properties(), Map.of()),
                "a settings file Maven would refuse says nothing");
    }
}
