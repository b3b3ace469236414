package io.squall.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testweb.GuardedSites;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sites behind Basic, Digest and a form login, fetched with the credentials of a file, over real HTTP. */
class HttpProtocolCredentialsTest {
    static final String USER = "crawler";
    static final String PASSWORD = "cr3d-s3cret";
    @TempDir
    static Path dir;
    private static TestWeb web;
    private static Site basic;
    private static Site digest;
    private static Site form;

    @BeforeAll
    static void start() throws Exception {
        web = TestWeb.start(3);
        basic = web.site(0).handle(GuardedSites.basic(USER, PASSWORD, 10));
        digest = web.site(1).handle(GuardedSites.digest(USER, PASSWORD, 10));
        form = web.site(2).handle(GuardedSites.formLogin(USER, PASSWORD, 10));
        Files.writeString(dir.resolve("password"), PASSWORD + "\n");
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    /** A credentials file for the three sites; the form's password as given. */
    static Path credentials(Path in, Site basicSite, Site digestSite, Site formSite, String formPassword)
            throws Exception {
        Path password = in.resolve("password");
        Files.writeString(password, PASSWORD + "\n");
        Path file = in.resolve("credentials.yaml");
        Files.writeString(file, "- host: " + basicSite.host() + ":" + basicSite.port() + "\n  scheme: basic\n  realm: "
                + GuardedSites.realm() + "\n  user: " + USER + "\n  password.file: " + password + "\n"
                + "- host: " + digestSite.host() + "\n  scheme: digest\n  user: " + USER + "\n  password.file: "
                + password + "\n"
                + "- host: " + formSite.host() + "\n  scheme: form\n  login.url: " + formSite.url("/login")
                + "\n  fields: {remember: \"yes\"}\n  user: " + USER + "\n  password: \"" + formPassword + "\"\n"
                + "  success.cookie: sid\n");
        return file;
    }

    private static HttpProtocol protocol(String formPassword) throws Exception {
        Path own = Files.createTempDirectory(dir, "creds");
        return new HttpProtocol(FetchTestConfig.with("http.use.cookies", true, "http.credentials.file",
                credentials(own, basic, digest, form, formPassword).toString()));
    }

    private static Metadata keyed(Site site) {
        return new Metadata().set(MetadataKeys.PARTITION_KEY, site.host());
    }

    private static void assertNoSecret(FetchResponse r) {
        String head = new String(r.wire().requestHead(), StandardCharsets.ISO_8859_1);
        assertFalse(head.contains(PASSWORD), head);
        assertFalse(head.contains(Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes())), head);
    }

    @Test
    void basicCredentialsAreAnsweredOnceThenSentWithEveryPageAndWithheldFromTheArchive() throws Exception {
        try (HttpProtocol http = protocol(PASSWORD)) {
            for (int i = 0; i < 3; i++) {
                FetchResponse r = http.fetch(basic.url("/page/" + (i + 1)), keyed(basic));
                assertEquals(200, r.statusCode());
                assertNoSecret(r);
                String head = new String(r.wire().requestHead(), StandardCharsets.ISO_8859_1);
                assertTrue(head.contains("\r\nAuthorization: Basic " + WireHeads.WITHHELD + "\r\n"), head);
            }
            assertEquals(1, web.log().forHost(basic.host()).stream().filter(q -> q.status() == 401).count(),
                    "one challenge, then the credentials go with each request");
        }
    }

    @Test
    void digestCredentialsAreAnsweredOnceThenSentWithEveryPageAndWithheldFromTheArchive() throws Exception {
        long challengesBefore = challenges(digest);
        try (HttpProtocol http = protocol(PASSWORD)) {
            for (int i = 0; i < 3; i++) {
                // A query too: the response is computed over the whole request target.
                FetchResponse r = http.fetch(digest.url("/page/" + (i + 1) + "?v=" + i), keyed(digest));
                assertEquals(200, r.statusCode(), "page " + (i + 1));
                assertNoSecret(r);
                String head = new String(r.wire().requestHead(), StandardCharsets.ISO_8859_1);
                assertTrue(head.contains("\r\nAuthorization: Digest " + WireHeads.WITHHELD + "\r\n"), head);
            }
            assertEquals(challengesBefore + 1, challenges(digest),
                    "one challenge, then the credentials go with each request");
            List<String> counts = web.log().forHost(digest.host()).stream().filter(q -> q.status() == 200)
                    .map(q -> nonceCount(q.headers())).toList();
            assertEquals(List.of("00000001", "00000002", "00000003"), counts.subList(counts.size() - 3, counts.size()),
                    "each answer counts up, as a server that refuses replays wants");
        }
        Path wrong = Files.createTempDirectory(dir, "wrong-digest");
        Files.writeString(wrong.resolve("password"), "not-" + PASSWORD + "\n");
        Path file = wrong.resolve("credentials.yaml");
        Files.writeString(file, "- host: " + digest.host() + "\n  scheme: digest\n  user: " + USER
                + "\n  password.file: " + wrong.resolve("password") + "\n");
        try (HttpProtocol refused = new HttpProtocol(FetchTestConfig.with("http.credentials.file", file.toString()))) {
            assertEquals(401, refused.fetch(digest.url("/page/1"), keyed(digest)).statusCode(),
                    "the site checks the password: a wrong one is not let in");
        }
    }

    /** The nc of a request's Digest Authorization header. */
    private static String nonceCount(String headers) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?mi)^Authorization: Digest .*\\bnc=([0-9a-f]+)")
                .matcher(headers);
        return m.find() ? m.group(1) : null;
    }

    private static long challenges(Site site) {
        return web.log().forHost(site.host()).stream().filter(q -> q.status() == 401).count();
    }

    @Test
    void aFormLoginIsPostedOnceBeforeTheHostsPagesAndItsFailureIsOneCause() throws Exception {
        long postsBefore = web.log().count(form.host(), "/login");
        try (HttpProtocol http = protocol(PASSWORD)) {
            for (int i = 0; i < 3; i++) {
                FetchResponse r = http.fetch(form.url("/page/" + (i + 1)), keyed(form));
                assertEquals(200, r.statusCode());
                assertNoSecret(r);
            }
            assertEquals(postsBefore + 1, web.log().count(form.host(), "/login"), "one login for the host");
        }
        try (HttpProtocol http = protocol("wrong")) {
            for (int i = 0; i < 2; i++) {
                String page = form.url("/page/" + (i + 1));
                FetchException e = assertThrows(FetchException.class, () -> http.fetch(page, keyed(form)));
                assertEquals(FetchException.Cause.LOGIN, e.cause(), e.getMessage());
                assertFalse(e.getMessage().contains("wrong"), e.getMessage());
            }
            assertEquals(postsBefore + 2, web.log().count(form.host(), "/login"), "a failed login is not repeated");
        }
    }
}
