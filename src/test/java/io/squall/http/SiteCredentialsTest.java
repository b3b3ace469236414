package io.squall.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.squall.api.ConfigException;
import io.squall.testsupport.FetchTestConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The credentials file read, and its mistakes said in one line naming the file and the entry. */
class SiteCredentialsTest {
    @TempDir
    Path dir;

    private SiteCredentials read(String yaml, Object... more) throws Exception {
        Path file = dir.resolve("credentials.yaml");
        Files.writeString(file, yaml);
        Object[] settings = new Object[more.length + 4];
        settings[0] = "http.credentials.file";
        settings[1] = file.toString();
        settings[2] = "http.use.cookies";
        settings[3] = true;
        System.arraycopy(more, 0, settings, 4, more.length);
        return SiteCredentials.fromConfig(FetchTestConfig.with(settings), Map.of("INTRANET_PASS", "from-env")::get);
    }

    private String error(String yaml, Object... more) {
        return assertThrows(ConfigException.class, () -> read(yaml, more)).getMessage();
    }

    @Test
    void entriesAreReadWithTheirPasswordsFromTheEntryAFileOrTheEnvironment() throws Exception {
        Files.writeString(dir.resolve("pass"), "from-file\nignored\n");
        SiteCredentials c = read("- {host: 'a.example:8443', scheme: basic, realm: Staff, user: u, password: inline}\n"
                + "- {host: b.example, scheme: Digest, user: u, password.file: " + dir.resolve("pass") + "}\n"
                + "- {host: c.example, scheme: form, login.url: 'https://c.example/login', user: u,"
                + " password.env: INTRANET_PASS, password.field: pw, success.text: Welcome}\n");
        assertEquals(new SiteCredentials.HttpCredential("basic", "a.example", 8443, "Staff", "u", "inline"), c.http().get(0));
        assertEquals("from-file", c.http().get(1).password());
        assertEquals(-1, c.http().get(1).port());
        assertEquals("from-env", c.formFor("C.example").fields().get("pw"));
        assertNull(c.formFor("a.example"));
        assertFalse(c.toString().contains("inline") || c.toString().contains("from-"), c.toString());
        assertNull(SiteCredentials.fromConfig(FetchTestConfig.with()));
    }

    @Test
    void mistakesAreOneLineNamingTheFileAndTheEntry() {
        Path file = dir.resolve("credentials.yaml");
        assertEquals("http.credentials.file: cannot read '" + dir.resolve("missing.yaml") + "' (NoSuchFileException);"
                + " it must exist where the crawl starts and on every worker",
                assertThrows(ConfigException.class, () -> SiteCredentials.fromConfig(FetchTestConfig.with(
                        "http.credentials.file", dir.resolve("missing.yaml").toString()))).getMessage());
        assertEquals(file + ": credentials entry 2: scheme 'ntlm' is not basic, digest or form",
                error("- {host: a, scheme: basic, user: u, password: p}\n- {host: b, scheme: ntlm}\n"));
        assertEquals(file + ": credentials entry 1: give the password once: password, password.file or password.env",
                error("- {host: a, scheme: basic, user: u, password: p, password.env: X}\n"));
        assertEquals(file + ": credentials entry 1: password.env: the environment variable NOPE is not set",
                error("- {host: a, scheme: basic, user: u, password.env: NOPE}\n"));
        assertEquals(file + ": credentials entry 1: host 'a:99999': the port must be 1 to 65535",
                error("- {host: 'a:99999', scheme: basic, user: u, password: p}\n"));
        assertEquals(file + ": credentials entry 1: say how a login that worked is told: success.cookie (a cookie it"
                + " sets) or success.text (a text its answer holds)",
                error("- {host: a.example, scheme: form, login.url: 'http://a.example/l', user: u, password: p}\n"));
        assertEquals(file + ": credentials entry 1: a form login keeps its session in a cookie: set http.use.cookies: true",
                error("- {host: a.example, scheme: form, login.url: 'http://a.example/l', user: u, password: p,"
                        + " success.cookie: s}\n", "http.use.cookies", false));
        assertEquals(file + ": credentials entry 1: unknown key 'pasword' (known: [host, password, password.env,"
                + " password.file, realm, scheme, user])", error("- {host: a, scheme: basic, user: u, pasword: p}\n"));
        assertEquals("http.credentials.file is refused with http.trust.everything: credentials are never sent over"
                + " connections whose certificates are not verified",
                error("- {host: a, scheme: basic, user: u, password: p}\n", "http.trust.everything", true));
    }
}
