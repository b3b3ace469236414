package io.squall.urls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlPartsTest {
    private static final List<String> HOSTS = List.of("e.com", "www.e.com", "e.com.evil", "[::1]", "1.2.3.4", "",
            "e.co");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "http://e.com/a/b.html?x=1      | e.com      | /a/b.html",
        "https://u:p@www.e.com:8443/    | www.e.com  | /",
        "http://e.com                   | e.com      | /",
        "http://e.com?q                 | e.com      | /",
        "http://[::1]:8080/x?y          | [::1]      | /x",
        "http://1.2.3.4/a/              | 1.2.3.4    | /a/",
        "http://e.com.evil/x            | e.com.evil | /x",
        "mailto:x@e.com                 | ''         | /",
    })
    void hostAndPath(String url, String host, String path) {
        assertEquals(host, UrlParts.host(url));
        assertEquals(path, UrlParts.path(url));
        for (String other : HOSTS) {
            assertEquals(UrlParts.host(url).equals(other), UrlParts.hasHost(url, other), url + " has host " + other);
        }
    }
}
