package io.squall.opensearch;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.config.Secrets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.hc.client5.http.auth.AuthScope;
import org.apache.hc.client5.http.auth.UsernamePasswordCredentials;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.auth.BasicCredentialsProvider;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.HttpsSupport;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.util.Timeout;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Builds the OpenSearch client from the {@code opensearch.*} settings: several addresses, http or https,
 * basic auth (sent only to the configured hosts, and over plain http only when explicitly allowed), a
 * trust store, connect and socket timeouts.
 */
public final class OpenSearchClients {
    private OpenSearchClients() {
    }

    /** A new client; close it with {@link #close(OpenSearchClient)}. */
    public static OpenSearchClient create(CrawlerConfig config) {
        List<HttpHost> hosts = OpenSearchAddresses.parse(config.getStringList("opensearch.addresses"));
        BasicCredentialsProvider credentials = credentials(config, hosts);
        SSLContext sslContext = sslContext(config);
        Timeout connectTimeout = Timeout.ofMilliseconds(config.getDuration("opensearch.connect.timeout").toMillis());
        Timeout socketTimeout = Timeout.ofMilliseconds(config.getDuration("opensearch.socket.timeout").toMillis());

        PoolingAsyncClientConnectionManager connections = PoolingAsyncClientConnectionManagerBuilder.create()
                // Host names are checked by HttpClient itself: left to the JDK, the async client's check
                // comes too late to apply (see HttpProtocol), and a stolen certificate would be accepted.
                .setTlsStrategy(ClientTlsStrategyBuilder.create().setSslContext(sslContext)
                        .setHostnameVerifier(HttpsSupport.getDefaultHostnameVerifier())
                        .setHostVerificationPolicy(HostnameVerificationPolicy.BOTH)
                        .buildAsync())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(connectTimeout)
                        .setSocketTimeout(socketTimeout)
                        .build())
                .setMaxConnPerRoute(16)
                .setMaxConnTotal(64)
                .build();

        OpenSearchTransport transport = ApacheHttpClient5TransportBuilder.builder(hosts.toArray(HttpHost[]::new))
                .setMapper(new JacksonJsonpMapper())
                .setHttpClientConfigCallback(http -> {
                    http.setConnectionManager(connections);
                    if (credentials != null) {
                        http.setDefaultCredentialsProvider(credentials);
                    }
                    return http;
                })
                .setRequestConfigCallback(request -> RequestConfig.copy(request.build())
                        .setResponseTimeout(socketTimeout)
                        .setConnectionRequestTimeout(socketTimeout))
                .build();
        return new OpenSearchClient(transport);
    }

    /** Closes the client's connections; safe to call with null. */
    public static void close(OpenSearchClient client) {
        if (client == null) {
            return;
        }
        try {
            client._transport().close();
        } catch (IOException e) {
            // Nothing is lost: every write was confirmed or failed before closing.
        }
    }

    /** The configured addresses, for messages. */
    public static String addresses(CrawlerConfig config) {
        return OpenSearchAddresses.describe(OpenSearchAddresses.parse(config.getStringList("opensearch.addresses")));
    }

    private static BasicCredentialsProvider credentials(CrawlerConfig config, List<HttpHost> hosts) {
        if (!config.isSet("opensearch.user")) {
            return null;
        }
        boolean plainHttp = hosts.stream().anyMatch(h -> h.getSchemeName().equals("http"));
        if (plainHttp && !config.getBoolean("opensearch.allow.insecure.auth")) {
            throw new ConfigException("opensearch.user is set but opensearch.addresses use plain http: use https,"
                    + " or set opensearch.allow.insecure.auth: true to send the password unencrypted");
        }
        BasicCredentialsProvider provider = new BasicCredentialsProvider();
        UsernamePasswordCredentials creds = new UsernamePasswordCredentials(config.getString("opensearch.user"),
                Secrets.value(config, "opensearch.password").toCharArray());
        // Scoped to each configured host, so a redirect elsewhere never receives the password.
        for (HttpHost host : hosts) {
            provider.setCredentials(new AuthScope(host), creds);
        }
        return provider;
    }

    private static SSLContext sslContext(CrawlerConfig config) {
        try {
            if (!config.isSet("opensearch.truststore.path")) {
                return SSLContext.getDefault();
            }
            Path path = Path.of(config.getString("opensearch.truststore.path"));
            char[] password = Secrets.value(config, "opensearch.truststore.password").toCharArray();
            KeyStore store = KeyStore.getInstance(path.toString().endsWith(".jks") ? "JKS" : "PKCS12");
            try (InputStream in = Files.newInputStream(path)) {
                store.load(in, password);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new ConfigException("opensearch.truststore.path: cannot load '"
                    + config.getString("opensearch.truststore.path") + "': " + e.getMessage(), e);
        }
    }
}
