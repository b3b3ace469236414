package io.squall.http;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.urls.IpLiterals;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What the address guard lets through although it is special ({@code http.address.allow}): addresses
 * ({@code 127.0.0.2}, {@code ::1}), CIDR ranges ({@code 10.0.0.0/8}, {@code fd00::/8}) and host names, matched
 * against the URL's host exactly ({@code intranet.example}) or, with a leading dot, as the name and
 * every name under it ({@code .intranet.example}). An allowed host name may resolve to any address.
 */
public final class AddressAllowList {
    public static final String KEY = "http.address.allow";
    private static final Pattern HOST_NAME = Pattern.compile("[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?"
            + "(\\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\\.?");

    private record Range(byte[] network, int prefix) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            int mask = (0xff << (8 - rest)) & 0xff;
            return rest == 0 || (address[full] & mask) == (network[full] & mask);
        }
    }

    private final String key;
    private final List<String> entries;
    private final List<Range> ranges = new ArrayList<>();
    private final List<String> hosts = new ArrayList<>();
    private final List<String> domains = new ArrayList<>();

    public AddressAllowList(List<String> entries) {
        this(KEY, entries);
    }

    /** A list written the same way under another key ({@code http.proxy.exclude}), which its errors name. */
    public AddressAllowList(String key, List<String> entries) {
        this.key = key;
        this.entries = List.copyOf(entries);
        for (String entry : entries) {
            String e = entry.strip().toLowerCase(Locale.ROOT);
            Range range = range(e, entry, key);
            if (range != null) {
                ranges.add(range);
            } else if (e.startsWith(".") && HOST_NAME.matcher(e.substring(1)).matches()) {
                domains.add(withoutTrailingDot(e.substring(1)));
            } else if (HOST_NAME.matcher(e).matches()) {
                hosts.add(withoutTrailingDot(e));
            } else {
                throw invalid(key, entry, "write an address, a CIDR range or a host name");
            }
        }
    }

    public static AddressAllowList fromConfig(CrawlerConfig config) {
        return new AddressAllowList(config.getStringList(KEY));
    }

    /** The entries as configured, for the crawl's header. */
    public List<String> entries() {
        return entries;
    }

    /** Whether the URL host is allowed by name, whatever it resolves to. */
    boolean allowsHost(String host) {
        String h = withoutTrailingDot(host.toLowerCase(Locale.ROOT));
        if (hosts.contains(h)) {
            return true;
        }
        for (String domain : domains) {
            if (h.equals(domain) || h.endsWith("." + domain)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the URL host is listed: by name, or as a literal address within a listed range. */
    public boolean matches(String host) {
        if (allowsHost(host)) {
            return true;
        }
        try {
            InetAddress literal = IpLiterals.of(host);
            return literal != null && allowsAddress(literal);
        } catch (UnknownHostException e) {
            return false; // no address: a name, which the names above did not list
        }
    }

    boolean allowsAddress(InetAddress address) {
        byte[] bytes = address.getAddress();
        return ranges.stream().anyMatch(r -> r.contains(bytes));
    }

    /** The entry as an address range (a single address is a full-length one), or null if it is a name. */
    private static Range range(String e, String entry, String key) {
        int slash = e.indexOf('/');
        String address = slash < 0 ? e : e.substring(0, slash);
        if (!isAddressSyntax(address)) {
            if (slash >= 0) {
                throw invalid(key, entry, "a CIDR range is an address, '/' and a prefix length");
            }
            return null;
        }
        InetAddress parsed;
        try {
            parsed = IpLiterals.of(address);
        } catch (UnknownHostException ex) {
            throw invalid(key, entry, "not an IP address");
        }
        if (parsed == null) {
            throw invalid(key, entry, "not an IP address");
        }
        byte[] bytes = parsed.getAddress();
        int prefix = bytes.length * 8;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(e.substring(slash + 1));
            } catch (NumberFormatException ex) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bytes.length * 8) {
                throw invalid(key, entry, "the prefix length must be 0 to " + bytes.length * 8);
            }
        }
        return new Range(bytes, prefix);
    }

    /** Dotted digits or IPv6: what a user writes for an address (names ending in a number are refused too). */
    private static boolean isAddressSyntax(String s) {
        return s.indexOf(':') >= 0 || s.startsWith("[") || (!s.isEmpty() && s.chars().allMatch(
                c -> (c >= '0' && c <= '9') || c == '.'));
    }

    private static String withoutTrailingDot(String host) {
        return host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    }

    private static ConfigException invalid(String key, String entry, String why) {
        return new ConfigException(key + ": '" + entry + "' is not valid: " + why);
    }
}
