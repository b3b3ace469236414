package io.squall.opensearch;

import io.squall.api.ConfigException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hc.core5.http.HttpHost;

/** Parses {@code opensearch.addresses}: {@code http(s)://host:port} or {@code host:port} (http assumed). */
final class OpenSearchAddresses {
    private OpenSearchAddresses() {
    }

    static List<HttpHost> parse(List<String> addresses) {
        if (addresses.isEmpty()) {
            throw new ConfigException("opensearch.addresses is empty: give at least one address such as"
                    + " http://localhost:9200");
        }
        List<HttpHost> hosts = new ArrayList<>(addresses.size());
        for (String address : addresses) {
            hosts.add(parse(address.trim()));
        }
        return hosts;
    }

    private static HttpHost parse(String address) {
        String withScheme = address.contains("://") ? address : "http://" + address;
        try {
            URI uri = new URI(withScheme);
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new ConfigException("opensearch.addresses: '" + address + "' must use http or https");
            }
            if (uri.getHost() == null) {
                throw new ConfigException("opensearch.addresses: '" + address + "' has no host");
            }
            int port = uri.getPort() > 0 ? uri.getPort() : 9200;
            return new HttpHost(scheme, uri.getHost(), port);
        } catch (URISyntaxException e) {
            throw new ConfigException("opensearch.addresses: '" + address + "' is not a valid address: "
                    + e.getReason());
        }
    }

    static String describe(List<HttpHost> hosts) {
        return String.join(", ", hosts.stream().map(HttpHost::toURI).toList());
    }
}
