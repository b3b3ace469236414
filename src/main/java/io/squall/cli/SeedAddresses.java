package io.squall.cli;

import io.squall.fetch.SpecialAddresses;
import io.squall.urls.IpLiterals;
import java.net.InetAddress;
import java.net.URI;
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
            String host = URI.create(url).getHost();
            for (InetAddress a : resolve(host)) {
                if (SpecialAddresses.isSpecial(a)) {
                    addresses.add(a.getHostAddress());
                }
            }
        }
        return List.copyOf(addresses);
    }

    private static InetAddress[] resolve(String host) {
        try {
            InetAddress literal = IpLiterals.of(host);
            return literal != null ? new InetAddress[] {literal} : InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return new InetAddress[0]; // the fetch of that seed says so, with its own cause
        }
    }
}
