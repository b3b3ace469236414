package io.squall.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.squall.config.CrawlerConfig;
import io.squall.urls.IpLiterals;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * The HTTP client's DNS resolver. It checks every resolved address before a connection is opened, so a
 * public-looking name that resolves to 127.0.0.1 or 10.x is refused like the literal address would be
 * (when the guard is on), unless {@code http.address.allow} lets the host or the address through. Literal
 * hosts are read as browsers read them ({@link IpLiterals}: 2130706433 and 0x7f.1 are 127.0.0.1), never
 * looked up. It also remembers the last address of each host, reported as {@code fetch.ip}.
 */
final class AddressGuard implements DnsResolver {
    private final boolean guard;
    private final AddressAllowList allowed;
    private final String proxyHost;
    private final Cache<String, String> lastAddress = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofHours(1))
            .build();

    /** The resolution was refused because the address is special, and no allow-list entry lets it through. */
    static final class BlockedAddressException extends UnknownHostException {
        private static final long serialVersionUID = 1L;

        BlockedAddressException(String message) {
            super(message);
        }
    }

    AddressGuard(boolean guard, AddressAllowList allowed) {
        this(guard, allowed, null);
    }

    /** @param proxyHost the proxy's host or null: the user named it, so it is let through whatever its address */
    AddressGuard(boolean guard, AddressAllowList allowed, String proxyHost) {
        this.guard = guard;
        this.allowed = allowed;
        this.proxyHost = proxyHost;
    }

    static AddressGuard fromConfig(CrawlerConfig config, ProxySettings proxy) {
        return new AddressGuard(config.getBoolean("http.address.guard"), AddressAllowList.fromConfig(config),
                proxy == null || proxy.isSocks() ? null : proxy.host());
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress literal = IpLiterals.of(host);
        InetAddress[] addresses = literal != null ? new InetAddress[] {literal}
                : SystemDefaultDnsResolver.INSTANCE.resolve(host);
        if (guard && !allowed.allowsHost(host) && !host.equals(proxyHost)) {
            for (InetAddress a : addresses) {
                check(host, a);
            }
        }
        if (addresses.length > 0) {
            lastAddress.put(host, addresses[0].getHostAddress());
        }
        return addresses;
    }

    /**
     * Checks a host that an HTTP proxy will resolve, as far as it can be checked here: a literal address is
     * refused as it would be on a direct connection; a name is the proxy's to resolve, unseen by the guard.
     */
    void checkUnresolved(String host) throws BlockedAddressException {
        InetAddress literal;
        try {
            literal = IpLiterals.of(host);
        } catch (UnknownHostException e) {
            throw new BlockedAddressException(host + " is no address: " + e.getMessage());
        }
        if (guard && literal != null && !allowed.allowsHost(host)) {
            check(host, literal);
        }
    }

    private void check(String host, InetAddress a) throws BlockedAddressException {
        if (SpecialAddresses.isSpecial(a) && !allowed.allowsAddress(a)) {
            throw new BlockedAddressException(host + " is " + IpLiterals.text(a) + ", a loopback, private"
                    + " or special address: nothing is requested from it unless " + AddressAllowList.KEY
                    + " (or --allow) lists it (http.address.guard)");
        }
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
    }

    /** The address the host last resolved to, or null. */
    String lastAddressOf(String host) {
        return lastAddress.getIfPresent(host);
    }
}
