package io.squall.cli;

import io.squall.http.SpecialAddresses;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.IpLiterals;
import io.squall.urls.WebUrl;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The addresses of the seeds a user gave to {@code squall crawl} that the address guard would refuse
 * (127.0.0.1 for {@code http://localhost:8080/}): local mode allows them, and nothing else implicitly, so
 * that crawling one's own loopback or intranet site needs no setting while its links and redirects to
 * other special addresses stay refused.
 */
final class SeedAddresses {
    private SeedAddresses() {
    }

    static List<String> special(List<String> seedUrls) {
        Set<String> addresses = new LinkedHashSet<>();
        for (String url : seedUrls) {
            for (InetAddress a : resolve(hostOf(url))) {
                if (SpecialAddresses.isSpecial(a)) {
                    addresses.add(IpLiterals.text(a));
                }
            }
        }
        return List.copyOf(addresses);
    }

    /** The host as the injector will store it (0x7f.1 as 127.0.0.1), or null for a seed it will refuse. */
    private static String hostOf(String url) {
        try {
            return WebUrl.parse(url).host();
        } catch (InvalidUrlException e) {
            return null;
        }
    }

    private static InetAddress[] resolve(String host) {
        if (host == null) {
            return new InetAddress[0];
        }
        try {
            InetAddress literal = IpLiterals.of(host);
            return literal != null ? new InetAddress[] {literal} : InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return new InetAddress[0]; // the fetch of that seed says so, with its own cause
        }
    }
}
