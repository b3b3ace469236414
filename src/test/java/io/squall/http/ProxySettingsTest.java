package io.squall.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.testsupport.FetchTestConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The proxy settings read from the configuration, and the one-line errors of wrong ones. */
class ProxySettingsTest {

    @Test
    void noHostMeansNoProxy() {
        assertNull(ProxySettings.fromConfig(FetchTestConfig.with()));
    }

    @Test
    void excludedHostsAreMatchedAsTheAllowListIs() {
        ProxySettings proxy = ProxySettings.fromConfig(FetchTestConfig.with("http.proxy.host", "proxy.corp.example",
                "http.proxy.exclude", List.of(".intranet.example", "10.0.0.0/8", "localhost")));
        assertFalse(proxy.carries("wiki.intranet.example"));
        assertFalse(proxy.carries("intranet.example"));
        assertFalse(proxy.carries("10.1.2.3"));
        assertFalse(proxy.carries("0x0a.1.2.3"), "an address in any spelling");
        assertFalse(proxy.carries("localhost"));
        assertTrue(proxy.carries("example.org"));
        assertTrue(proxy.carries("notintranet.example"));
        assertTrue(proxy.carries("11.1.2.3"));
    }

    @Test
    void wrongSettingsAreOneLineNamingTheKey() {
        assertEquals("http.proxy.type: 'SOCKS4' is not a proxy type: write HTTP (https goes through it with CONNECT)"
                + " or SOCKS (SOCKS5)", error("http.proxy.type", "SOCKS4"));
        assertEquals("http.proxy.port: 70000 is not a port (1 to 65535)", error("http.proxy.port", 70000));
        assertEquals("http.proxy.port: 0 is not a port (1 to 65535)", error("http.proxy.port", 0));
        assertTrue(error("http.proxy.exclude", List.of("10.0.0.0/33")).startsWith("http.proxy.exclude: '10.0.0.0/33'"));
        assertTrue(error("http.proxy.user", "crawler").startsWith("http.proxy.user is set but no password"));
        String missing = error("http.proxy.pass.file", Path.of("/nonexistent/proxy.pass").toString());
        assertTrue(missing.startsWith("http.proxy.pass.file: cannot read '/nonexistent/proxy.pass'"), missing);
    }

    @Test
    void thePasswordIsNeverInWhatIsLogged() {
        ProxySettings proxy = ProxySettings.fromConfig(FetchTestConfig.with("http.proxy.host", "127.0.0.1",
                "http.proxy.user", "crawler", "http.proxy.pass", "pr0xy-s3cret"));
        assertEquals("HTTP proxy 127.0.0.1:8080 as crawler", proxy.toString());
    }

    private static String error(String key, Object value) {
        return assertThrows(ConfigException.class, () -> ProxySettings.fromConfig(FetchTestConfig.with(
                "http.proxy.host", "127.0.0.1", key, value))).getMessage();
    }
}
