package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.GuardedSites;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real crawl (the squall command, local mode) of sites that let in only a visitor with their session
 * cookie, with Basic or Digest credentials or after a form login: every page is fetched, the credentials are
 * answered to the first challenges and then go with the pages, the session cookie goes to its site alone, and
 * no password is in the WARC files or the log.
 */
@ExtendWith(OpenSearchExtension.class)
class SiteAccessIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(4);
    private static final String USER = "crawler";
    private static final String PASSWORD = "e2e-cr3d-s3cret";
    private static final String COOKIE = "session=s3ss10n";
    private static final int PAGES = 6;

    @TempDir
    Path dir;

    @Test
    void sitesThatNeedASessionCookieBasicOrDigestCredentialsOrAFormLoginAreCrawledWholeAndNoSecretIsKept(
            TestOpenSearch os)
            throws Exception {
        try (TestWeb web = TestWeb.start(5)) {
            Site other = web.site(1).page("/");
            Site session = web.site(0).handle(GuardedSites.sessionCookie(COOKIE, PAGES, other.url("/")));
            Site basic = web.site(2).handle(GuardedSites.basic(USER, PASSWORD, PAGES));
            Site form = web.site(3).handle(GuardedSites.formLogin(USER, PASSWORD, PAGES));
            Site digest = web.site(4).handle(GuardedSites.digest(USER, PASSWORD, PAGES));
            Path password = dir.resolve("password");
            Files.writeString(password, PASSWORD + "\n");
            Path credentials = dir.resolve("credentials.yaml");
            Files.writeString(credentials, "- {host: " + basic.host() + ", scheme: basic, user: " + USER
                    + ", password.file: " + SquallProcess.path(password) + "}\n"
                    + "- {host: " + digest.host() + ", scheme: digest, user: " + USER
                    + ", password.file: " + SquallProcess.path(password) + "}\n"
                    + "- {host: " + form.host() + ", scheme: form, login.url: '" + form.url("/login") + "', user: "
                    + USER + ", password.file: " + SquallProcess.path(password) + ", fields: {remember: 'yes'},"
                    + " success.cookie: sid}\n");
            Path conf = ScopedCrawlConf.write(dir, os,
                    web.sites().stream().map(Site::host).toList(), "http.use.cookies: true",
                    "http.credentials.file: \"" + SquallProcess.path(credentials) + "\"");
            Path data = dir.resolve("data");
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", session.url("/"),
                    basic.url("/"), form.url("/"), digest.url("/"), "--allow", other.host(), "--opensearch", os.address(), "--conf",
                    conf.toString(), "--data", SquallProcess.path(data), "--agent", "squall-test", "--delay", "0",
                    "--json");
            assertEquals(0, run.exitCode(), run.stderr());

            for (Site site : List.of(session, basic, form, digest)) {
                for (int i = 1; i < PAGES; i++) {
                    String path = "/page/" + i;
                    assertTrue(web.log().forHost(site.host()).stream()
                            .anyMatch(q -> q.path().equals(path) && q.status() == 200),
                            site.host() + path + " was served: " + web.log().forHost(site.host()));
                }
            }
            for (Site site : List.of(basic, digest)) {
                // HttpClient keeps accepted credentials per path prefix: robots.txt is challenged for "/", which "/"
                // then carries, and /page/1 for "/page/", which the next pages carry.
                long challenged = web.log().forHost(site.host()).stream().filter(q -> q.status() == 401).count();
                assertEquals(2, challenged, site.host() + ": challenged " + challenged + " times for " + PAGES
                        + " pages and robots.txt: " + web.log().forHost(site.host()));
            }
            assertEquals(1, web.log().forHost(form.host()).stream()
                    .filter(q -> q.method().equals("POST") && q.path().equals("/login")).count(), "one login");
            assertEquals(1, web.log().count(other.host(), "/"), "the other host was crawled");
            for (LoggedRequest q : web.log().forHost(other.host())) {
                assertNull(q.header("Cookie"), "no cookie for another host: " + q);
            }

            String basicValue = Base64.getEncoder().encodeToString((USER + ":" + PASSWORD)
                    .getBytes(StandardCharsets.UTF_8));
            String warc = warcText(data.resolve("warc"));
            assertTrue(warc.contains("\r\nCookie: " + COOKIE + "\r\n"), "the cookie as it was sent");
            assertTrue(warc.contains("\r\nAuthorization: Basic [withheld by the crawler]\r\n"));
            assertTrue(warc.contains("\r\nAuthorization: Digest [withheld by the crawler]\r\n"));
            assertFalse(warc.contains("Digest username="), "no Digest answer in the WARC files");
            assertFalse(warc.contains(PASSWORD), "no password in the WARC files");
            assertFalse(warc.contains(basicValue), "no Basic credentials in the WARC files");
            String log = Files.readString(data.resolve("logs").resolve("squall.log"), StandardCharsets.UTF_8)
                    + run.stdout() + run.stderr();
            assertTrue(log.contains("Logged in: form login for " + form.host()), "the log says who logged in");
            assertFalse(log.contains(PASSWORD), "no password in the log");
            assertFalse(log.contains(basicValue), "no Basic credentials in the log");
        }
    }

    /** Every WARC file's records, decompressed (a .warc.gz is a series of gzip members), as text. */
    private static String warcText(Path warcDir) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(warcDir)) {
            for (Path file : files.sorted().toList()) {
                try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                    all.append(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
                }
            }
        }
        assertFalse(all.isEmpty(), "WARC files in " + warcDir);
        return all.toString();
    }
}
