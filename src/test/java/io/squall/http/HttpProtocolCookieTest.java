package io.squall.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testweb.GuardedSites;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A site that serves its pages only with the session cookie its first page sets, fetched over real HTTP. */
class HttpProtocolCookieTest {
    private static final String COOKIE = "session=s3ss10n";
    private static TestWeb web;
    private static Site session;
    private static Site other;

    @BeforeAll
    static void start() {
        web = TestWeb.start(2);
        session = web.site(0).handle(GuardedSites.sessionCookie(COOKIE, 10));
        other = web.site(1).page("/");
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    private static Metadata keyed(String key) {
        return new Metadata().set(MetadataKeys.PARTITION_KEY, key);
    }

    @Test
    void withCookiesTheSessionHoldsAndTheRequestRecordShowsTheCookieSent() throws Exception {
        try (HttpProtocol http = new HttpProtocol(FetchTestConfig.with("http.use.cookies", true))) {
            assertEquals(200, http.fetch(session.url("/"), keyed(session.host())).statusCode());
            FetchResponse page = http.fetch(session.url("/page/1"), keyed(session.host()));
            assertEquals(200, page.statusCode());
            String sent = new String(page.wire().requestHead(), StandardCharsets.ISO_8859_1);
            assertTrue(sent.contains("\r\nCookie: " + COOKIE + "\r\n"), sent);

            // Another host, even in the same jar (a key per IP or domain could put them together), gets nothing.
            assertEquals(200, http.fetch(other.url("/"), keyed(session.host())).statusCode());
            assertEquals(200, http.fetch(other.url("/"), keyed(other.host())).statusCode());
            web.log().forHost(other.host()).forEach(q -> assertNull(q.header("Cookie"), q.toString()));
        }
    }

    @Test
    void withoutCookiesTheSiteRefusesAllButItsFirstPage() throws Exception {
        try (HttpProtocol http = new HttpProtocol(FetchTestConfig.with())) {
            assertEquals(200, http.fetch(session.url("/"), keyed(session.host())).statusCode());
            assertEquals(403, http.fetch(session.url("/page/1"), keyed(session.host())).statusCode());
        }
    }
}
