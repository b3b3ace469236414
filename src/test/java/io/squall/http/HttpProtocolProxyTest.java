package io.squall.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.testsupport.FetchTestConfig;
import io.squall.fetch.RobotsCache;
import io.squall.testsupport.ProxyProcess;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import io.squall.testweb.TlsTestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fetches through real proxy processes on loopback (tinyproxy for HTTP and CONNECT, microsocks for SOCKS5),
 * judged from the proxies' logs and the test web's request log.
 */
class HttpProtocolProxyTest {
    private static final String USER = "crawler";
    private static final String PASSWORD = "pr0xy-s3cret";
    @TempDir
    static Path dir;
    private static TestWeb web;
    private static Site site;
    private static Path passwordFile;

    @BeforeAll
    static void start() throws IOException {
        web = TestWeb.start(2);
        site = web.site(0);
        passwordFile = dir.resolve("proxy.pass");
        Files.writeString(passwordFile, PASSWORD + "\n", StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    private static HttpProtocol through(ProxyProcess proxy, String type, Object... more) {
        Object[] settings = new Object[] {"http.proxy.host", "127.0.0.1", "http.proxy.port", proxy.port(),
                "http.proxy.type", type, "http.proxy.user", USER, "http.proxy.pass.file", passwordFile.toString()};
        Object[] all = new Object[settings.length + more.length];
        System.arraycopy(settings, 0, all, 0, settings.length);
        System.arraycopy(more, 0, all, settings.length, more.length);
        return new HttpProtocol(FetchTestConfig.with(all));
    }

    private static LoggedRequest seen(Site on, String path) {
        return web.log().forHost(on.host()).stream().filter(q -> q.path().equals(path)).findFirst().orElseThrow();
    }

    @Test
    void anHttpProxyWithAUserCarriesPagesAndRobotsTxtAndRefusesWithoutCredentials() throws Exception {
        site.page("/via-http", "/a").robots("User-agent: *\nDisallow: /private\n");
        try (ProxyProcess proxy = ProxyProcess.tinyproxy(dir, USER, PASSWORD);
                HttpProtocol http = through(proxy, "HTTP")) {
            FetchResponse page = http.fetch(site.url("/via-http"), new Metadata());
            assertEquals(200, page.statusCode());
            assertTrue(proxy.log().contains("GET " + site.url("/via-http")), proxy.log());
            assertTrue(seen(site, "/via-http").header("Via").contains("tinyproxy"), "the site was asked by the proxy");
            site.page("/again");
            assertEquals(200, http.fetch(site.url("/again"), new Metadata()).statusCode());
            assertEquals(200, http.fetch(site.url("/again"), new Metadata()).statusCode());
            assertEquals(2, proxy.log().split(java.util.regex.Pattern.quote("GET " + site.url("/again"))).length - 1,
                    "once accepted, the proxy's credentials go with each request, without a new 407: " + proxy.log());

            RobotsCache.Robots robots = new RobotsCache(http, FetchTestConfig.with()).fetch(site.url("/private/x"));
            assertFalse(robots.isAllowed(site.url("/private/x")));
            assertTrue(proxy.log().contains("GET " + site.url("/robots.txt")), "robots.txt went through the proxy");

            try (HttpProtocol anonymous = new HttpProtocol(FetchTestConfig.with("http.proxy.host", "127.0.0.1",
                    "http.proxy.port", proxy.port()))) {
                site.page("/anonymous");
                assertEquals(407, anonymous.fetch(site.url("/anonymous"), new Metadata()).statusCode());
                assertEquals(0, web.log().count(site.host(), "/anonymous"), "the proxy passed nothing on");
            }
            assertFalse(proxy.log().contains(PASSWORD));
        }
    }

    @Test
    void httpsGoesThroughAConnectTunnel(@TempDir Path keys) throws Exception {
        try (TlsTestServer tls = TlsTestServer.start(keys);
                ProxyProcess proxy = ProxyProcess.tinyproxy(dir, USER, PASSWORD);
                HttpProtocol http = new HttpProtocol(FetchTestConfig.with("http.proxy.host", "127.0.0.1",
                        "http.proxy.port", proxy.port(), "http.proxy.user", USER,
                        "http.proxy.pass.file", passwordFile.toString()), tls.trustingClientContext())) {
            FetchResponse r = http.fetch(tls.url("/tunnelled"), new Metadata());
            assertEquals(200, r.statusCode());
            assertEquals(TlsTestServer.BODY, new String(r.content(), StandardCharsets.UTF_8));
            assertTrue(proxy.log().contains("CONNECT 127.0.0.1:" + tls.port()), proxy.log());
            assertEquals(1, tls.seen("/tunnelled").size());
        }
    }

    @Test
    void excludedHostsAreFetchedDirectly() throws Exception {
        Site other = web.site(1).page("/direct");
        site.page("/proxied");
        try (ProxyProcess proxy = ProxyProcess.tinyproxy(dir, null, null);
                HttpProtocol http = new HttpProtocol(FetchTestConfig.with("http.proxy.host", "127.0.0.1",
                        "http.proxy.port", proxy.port(), "http.proxy.exclude", List.of(other.host())))) {
            assertEquals(200, http.fetch(other.url("/direct"), new Metadata()).statusCode());
            assertEquals(200, http.fetch(site.url("/proxied"), new Metadata()).statusCode());
            assertNull(seen(other, "/direct").header("Via"));
            assertFalse(proxy.log().contains(other.url("/direct")), proxy.log());
            assertTrue(seen(site, "/proxied").header("Via").contains("tinyproxy"));
        }
    }

    @Test
    void theGuardStillRefusesLiteralSpecialAddressesButLetsTheProxyThrough() throws Exception {
        site.page("/guarded");
        try (ProxyProcess proxy = ProxyProcess.tinyproxy(dir, null, null);
                HttpProtocol http = new HttpProtocol(FetchTestConfig.with("http.address.allow", List.of(),
                        "http.proxy.host", "127.0.0.1", "http.proxy.port", proxy.port()))) {
            FetchException e = assertThrows(FetchException.class, () -> http.fetch(site.url("/guarded"), null));
            assertEquals(FetchException.Cause.ADDRESS_GUARD, e.cause(), e.getMessage());
            assertEquals(0, web.log().count(site.host(), "/guarded"));
            assertFalse(proxy.log().contains("/guarded"), "nothing was asked of the proxy");
        }
    }

    @Test
    void socks5WithAUserCarriesPagesAndRefusesWithoutCredentials() throws Exception {
        site.page("/via-socks");
        try (ProxyProcess proxy = ProxyProcess.microsocks(dir, USER, PASSWORD);
                HttpProtocol http = through(proxy, "SOCKS")) {
            assertEquals(200, http.fetch(site.url("/via-socks"), new Metadata()).statusCode());
            assertTrue(proxy.log().contains("connected to " + site.host() + ":" + site.port()), proxy.log());

            site.page("/socks-anonymous");
            try (HttpProtocol anonymous = new HttpProtocol(FetchTestConfig.with("http.proxy.host", "127.0.0.1",
                    "http.proxy.port", proxy.port(), "http.proxy.type", "SOCKS"))) {
                FetchException e = assertThrows(FetchException.class,
                        () -> anonymous.fetch(site.url("/socks-anonymous"), null));
                assertEquals(FetchException.Cause.IO, e.cause(), e.getMessage());
            }
            assertEquals(0, web.log().count(site.host(), "/socks-anonymous"), "the proxy passed nothing on");
        }
    }

    @Test
    void throughSocksTheGuardChecksTheResolvedAddress() throws Exception {
        site.page("/socks-guarded");
        try (ProxyProcess proxy = ProxyProcess.microsocks(dir, null, null);
                HttpProtocol http = new HttpProtocol(FetchTestConfig.with("http.address.allow", List.of(),
                        "http.proxy.host", "127.0.0.1", "http.proxy.port", proxy.port(), "http.proxy.type", "SOCKS"))) {
            String byName = "http://localhost:" + site.port() + "/socks-guarded";
            FetchException e = assertThrows(FetchException.class, () -> http.fetch(byName, null));
            assertEquals(FetchException.Cause.ADDRESS_GUARD, e.cause(), e.getMessage());
            assertFalse(proxy.log().contains("connected"), proxy.log());
        }
    }
}
