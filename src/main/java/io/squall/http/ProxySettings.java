package io.squall.http;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.config.Secrets;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import org.apache.hc.client5.http.auth.AuthScope;
import org.apache.hc.client5.http.auth.UsernamePasswordCredentials;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.auth.BasicCredentialsProvider;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.client5.http.routing.HttpRoutePlanner;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.reactor.IOReactorConfig;

/**
 * The proxy the fetches go through ({@code http.proxy.*}): an HTTP proxy (https through a CONNECT tunnel) or a
 * SOCKS5 one, with an optional user whose password is read as OpenSearch's is ({@link Secrets}: a file or an
 * environment variable on a cluster), and the hosts fetched directly ({@code http.proxy.exclude}, written as
 * {@code http.address.allow} is). Every fetch of the protocol goes the same way, robots.txt and sitemaps too.
 */
public final class ProxySettings {
    static final String PASSWORD_KEY = "http.proxy.pass";

    /** How the proxy is spoken to. */
    enum Type { HTTP, SOCKS }

    private final Type type;
    private final String host;
    private final int port;
    private final String user;
    private final String password;
    private final AddressAllowList excluded;

    private ProxySettings(Type type, String host, int port, String user, String password, AddressAllowList excluded) {
        this.type = type;
        this.host = host;
        this.port = port;
        this.user = user;
        this.password = password;
        this.excluded = excluded;
    }

    /**
     * The proxy the configuration names, or null when {@code http.proxy.host} is empty.
     *
     * @throws ConfigException naming the key of an unknown type, a port out of range, a user without a password
     */
    public static ProxySettings fromConfig(CrawlerConfig config) {
        if (!config.isSet("http.proxy.host")) {
            return null;
        }
        String host = config.getString("http.proxy.host").strip();
        String typeName = config.getString("http.proxy.type").strip().toUpperCase(Locale.ROOT);
        Type type = switch (typeName) {
            case "HTTP" -> Type.HTTP;
            case "SOCKS", "SOCKS5" -> Type.SOCKS;
            default -> throw new ConfigException("http.proxy.type: '" + config.getString("http.proxy.type")
                    + "' is not a proxy type: write HTTP (https goes through it with CONNECT) or SOCKS (SOCKS5)");
        };
        int port = config.getInt("http.proxy.port");
        if (port < 1 || port > 65_535) {
            throw new ConfigException("http.proxy.port: " + port + " is not a port (1 to 65535)");
        }
        new AddressAllowList("http.proxy.host", List.of(host)); // refuses what is no address nor host name
        String user = config.getString("http.proxy.user");
        String password = Secrets.value(config, PASSWORD_KEY);
        if (user.isEmpty() != password.isEmpty()) {
            throw new ConfigException(user.isEmpty()
                    ? PASSWORD_KEY + " is set but http.proxy.user is not: set both or neither"
                    : "http.proxy.user is set but no password: set " + PASSWORD_KEY + ".file (or .env)");
        }
        return new ProxySettings(type, host, port, user, password,
                new AddressAllowList("http.proxy.exclude", config.getStringList("http.proxy.exclude")));
    }

    /** The proxy's host, which the address guard lets through: the user chose it. */
    String host() {
        return host;
    }

    /** Whether an HTTP proxy asks for a user: its credentials are then worth keeping for later requests. */
    boolean hasHttpUser() {
        return type == Type.HTTP && !user.isEmpty();
    }

    boolean isSocks() {
        return type == Type.SOCKS;
    }

    /** Whether a URL of this host goes through the proxy (it is not in {@code http.proxy.exclude}). */
    boolean carries(String targetHost) {
        return !excluded.matches(targetHost);
    }

    /** The routes of an HTTP proxy: through it unless the target is excluded. */
    HttpRoutePlanner routePlanner() {
        HttpHost proxy = new HttpHost("http", host, port);
        return new DefaultRoutePlanner(DefaultSchemePortResolver.INSTANCE) {
            @Override
            protected HttpHost determineProxy(HttpHost target, HttpContext context) {
                return carries(target.getHostName()) ? proxy : null;
            }
        };
    }

    /** An I/O configuration that connects through the SOCKS proxy, with its user when it has one. */
    IOReactorConfig.Builder throughSocks(IOReactorConfig.Builder builder) {
        // Resolved once, here: the reactor connects to an address. The targets' names are resolved by Squall's
        // resolver before the proxy is asked to connect to their address, so the address guard checks them all.
        builder.setSocksProxyAddress(new InetSocketAddress(host, port));
        if (!user.isEmpty()) {
            builder.setSocksProxyUsername(user).setSocksProxyPassword(password);
        }
        return builder;
    }

    /** Gives the HTTP proxy's user and password to the client, answered to the proxy's 407 challenges only. */
    void addCredentials(BasicCredentialsProvider credentials) {
        if (hasHttpUser()) {
            credentials.setCredentials(new AuthScope(host, port),
                    new UsernamePasswordCredentials(user, password.toCharArray()));
        }
    }

    /** For the start-up log: where fetches go, never the password. */
    @Override
    public String toString() {
        return type + " proxy " + host + ":" + port + (user.isEmpty() ? "" : " as " + user)
                + (excluded.entries().isEmpty() ? "" : ", except " + excluded.entries());
    }
}
