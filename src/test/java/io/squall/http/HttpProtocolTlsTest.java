package io.squall.http;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.MetadataKeys;
import io.squall.fetch.FetchItem;
import io.squall.fetch.FetchOutcome;
import io.squall.fetch.FetchOutcomes;
import io.squall.testsupport.FetchTestConfig;
import io.squall.metrics.Counters;
import io.squall.testweb.TlsTestServer;
import io.squall.urls.UrlFilters;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


/** HTTPS against a self-signed loopback server: verified by default, trusted only on request, HTTP/2 by ALPN. */
class HttpProtocolTlsTest {
    @TempDir
    static Path keys;
    private static TlsTestServer server;

    @BeforeAll
    static void start() {
        server = TlsTestServer.start(keys);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aSelfSignedServerIsRefusedByDefaultAsATlsFetchError() {
        CrawlerConfig config = FetchTestConfig.with();
        try (HttpProtocol verified = new HttpProtocol(config)) {
            String url = server.url("/refused");
            FetchException e = assertThrows(FetchException.class, () -> verified.fetch(url, new Metadata()));
            assertEquals(FetchException.Cause.TLS, e.cause(), e.getMessage());
            assertTrue(server.seen("/refused").isEmpty(), "no request went over the unverified connection");

            FetchOutcome outcome = new FetchOutcomes(config, UrlFilters.fromConfig(config, Counters.NONE),
                    CrawlClock.system())
                    .of(item(url), e, 0);
            assertEquals(Status.FETCH_ERROR, outcome.status());
            assertEquals("tls", outcome.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
            assertEquals("-1", outcome.metadata().getFirst(MetadataKeys.FETCH_STATUS_CODE));
        }
    }

    @Test
    void aTrustedCertificateIsFetchedOverHttp2() throws Exception {
        try (HttpProtocol verified = new HttpProtocol(FetchTestConfig.with(), server.trustingClientContext())) {
            FetchResponse r = verified.fetch(server.url("/trusted"), new Metadata());
            assertEquals(200, r.statusCode());
            assertEquals(TlsTestServer.BODY, new String(r.content(), StandardCharsets.UTF_8));
            assertEquals(List.of("HTTP/2.0"), protocols("/trusted"), "HTTP/2 negotiated by ALPN");
        }
    }

    @Test
    void aTrustedCertificateForAnotherHostIsRefused() {
        try (HttpProtocol verified = new HttpProtocol(FetchTestConfig.with(), server.trustingClientContext())) {
            FetchException e = assertThrows(FetchException.class,
                    () -> verified.fetch(server.unnamedUrl("/wrong-host"), new Metadata()));
            assertEquals(FetchException.Cause.TLS, e.cause(), e.getMessage());
            assertTrue(server.seen("/wrong-host").isEmpty(), "no request went to a host the certificate does not name");
        }
    }

    @Test
    void trustingEverythingFetchesASelfSignedServerOverHttp2() throws Exception {
        CrawlerConfig config = FetchTestConfig.with("http.trust.everything", true);
        try (HttpProtocol trusting = new HttpProtocol(config)) {
            String url = server.url("/h2");
            FetchResponse r = trusting.fetch(url, new Metadata());
            assertEquals(200, r.statusCode());
            assertEquals(TlsTestServer.BODY, new String(r.content(), StandardCharsets.UTF_8));
            assertEquals("127.0.0.1", r.ip());
            assertEquals(List.of("HTTP/2.0"), protocols("/h2"), "HTTP/2 negotiated by ALPN");

            FetchOutcome outcome = new FetchOutcomes(config, UrlFilters.fromConfig(config, Counters.NONE),
                    CrawlClock.system())
                    .of(item(url), r);
            assertTrue(outcome.isContent());
            assertEquals("200", outcome.metadata().getFirst(MetadataKeys.FETCH_STATUS_CODE));
        }
    }

    @Test
    void withHttp2OffTlsFetchesStayOnHttp11() throws Exception {
        try (HttpProtocol trusting = new HttpProtocol(FetchTestConfig.with("http.trust.everything", true,
                "http.http2", false))) {
            FetchResponse r = trusting.fetch(server.url("/h1"), new Metadata());
            assertEquals(200, r.statusCode());
            assertEquals(TlsTestServer.BODY, new String(r.content(), StandardCharsets.UTF_8));
            assertEquals(List.of("HTTP/1.1"), protocols("/h1"));
        }
    }

    @Test
    void trustingEverythingAlsoAcceptsAHostTheCertificateDoesNotName() throws Exception {
        try (HttpProtocol trusting = new HttpProtocol(FetchTestConfig.with("http.trust.everything", true))) {
            FetchResponse r = trusting.fetch(server.unnamedUrl("/unnamed"), new Metadata());
            assertEquals(200, r.statusCode());
            assertEquals(1, server.seen("/unnamed").size());
        }
    }

    @Test
    void noCredentialOrCookieGoesOverAnUnverifiedConnection() throws Exception {
        try (HttpProtocol trusting = new HttpProtocol(FetchTestConfig.with("http.trust.everything", true))) {
            trusting.fetch(server.url("/set-cookie"), new Metadata());
            trusting.fetch(server.url("/set-cookie"), new Metadata());
            String withUserInfo = "https://user:secret@127.0.0.1:" + server.port() + "/userinfo";
            try {
                trusting.fetch(withUserInfo, new Metadata());
            } catch (FetchException refused) {
                // HttpClient refuses a URL with user info: as good as not sending it
                assertEquals(FetchException.Cause.PROTOCOL, refused.cause(), refused.getMessage());
            }
            List<TlsTestServer.Seen> cookies = server.seen("/set-cookie");
            assertEquals(2, cookies.size());
            for (TlsTestServer.Seen s : cookies) {
                assertNull(s.headers().get("cookie"), "the cookie set by the first answer was not sent back");
            }
            assertTrue(server.seen("/userinfo").stream().noneMatch(s -> s.headers().containsKey("authorization")),
                    "the URL's user info was not sent as credentials");
        }
    }

    private static List<String> protocols(String path) {
        return server.seen(path).stream().map(TlsTestServer.Seen::protocol).toList();
    }

    private static FetchItem<String> item(String url) {
        return new FetchItem<>(url, "127.0.0.1", new Metadata(), url, System.nanoTime());
    }
}
