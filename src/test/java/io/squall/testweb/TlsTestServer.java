package io.squall.testweb;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.Message;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.impl.bootstrap.HttpAsyncServer;
import org.apache.hc.core5.http.nio.AsyncRequestConsumer;
import org.apache.hc.core5.http.nio.AsyncServerRequestHandler;
import org.apache.hc.core5.http.nio.entity.AsyncEntityProducers;
import org.apache.hc.core5.http.nio.entity.DiscardingEntityConsumer;
import org.apache.hc.core5.http.nio.support.AsyncResponseBuilder;
import org.apache.hc.core5.http.nio.support.BasicRequestConsumer;
import org.apache.hc.core5.http.nio.support.BasicServerExchangeHandler;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.impl.nio.bootstrap.H2ServerBootstrap;
import org.apache.hc.core5.http2.ssl.H2ServerTlsStrategy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.ListenerEndpoint;

/**
 * An HTTPS server for tests, on loopback only, with a self-signed certificate made at start-up by the JDK's
 * keytool and naming only {@code 127.0.0.1}. It negotiates HTTP/2 or HTTP/1.1 by ALPN, as the client offers,
 * and logs every request with the protocol version it came in. Every path answers 200 with a small HTML page;
 * {@code /set-cookie} also sets a cookie. It listens on 127.0.0.1 (the name in the certificate) and on
 * 127.0.0.2 (a name the certificate does not carry).
 */
public final class TlsTestServer implements AutoCloseable {
    /** The page every path answers with. */
    public static final String BODY = "<html><body>served over TLS</body></html>";
    private static final String ALIAS = "server";
    private static final char[] PASSWORD = "squall-test".toCharArray();

    /** One request as the server saw it; header names are lower case. */
    public record Seen(String path, String protocol, Map<String, String> headers) {
    }

    private final HttpAsyncServer server;
    private final X509Certificate certificate;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final int namedPort;
    private final int unnamedPort;

    private TlsTestServer(KeyStore keys) throws IOException, GeneralSecurityException {
        certificate = (X509Certificate) keys.getCertificate(ALIAS);
        server = H2ServerBootstrap.bootstrap()
                .setTlsStrategy(new H2ServerTlsStrategy(sslContext(keys)))
                .setVersionPolicy(HttpVersionPolicy.NEGOTIATE)
                // one handler for every authority: the default router answers 421 to hosts it was not told of
                .setRequestRouter((request, context) -> () -> new BasicServerExchangeHandler<>(new RecordingHandler()))
                .create();
        server.start();
        namedPort = listen(127, 0, 0, 1);
        unnamedPort = listen(127, 0, 0, 2);
    }

    /** Makes a key pair and self-signed certificate in {@code dir} and starts serving with it. */
    public static TlsTestServer start(Path dir) {
        try {
            return new TlsTestServer(selfSignedKeyStore(dir));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("TLS test server could not start: " + e, e);
        }
    }

    private int listen(int... address) throws IOException {
        byte[] bytes = new byte[address.length];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) address[i];
        }
        try {
            ListenerEndpoint endpoint = server.listen(new InetSocketAddress(InetAddress.getByAddress(bytes), 0),
                    URIScheme.HTTPS).get(10, TimeUnit.SECONDS);
            return ((InetSocketAddress) endpoint.getAddress()).getPort();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while listening", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot listen on " + InetAddress.getByAddress(bytes) + ": " + e, e);
        }
    }

    private static KeyStore selfSignedKeyStore(Path dir) throws IOException, GeneralSecurityException {
        Path store = dir.resolve("tls-test-server.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process process = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", ALIAS,
                "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException("keytool failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool ran", e);
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD);
        }
        return keys;
    }

    private static SSLContext sslContext(KeyStore keys) throws GeneralSecurityException {
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(keys, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(factory.getKeyManagers(), null, null);
        return context;
    }

    /** A client TLS context that trusts this server's certificate (and nothing else), as a trust store would. */
    public SSLContext trustingClientContext() {
        try {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry(ALIAS, certificate);
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot build a client context trusting the test certificate: " + e, e);
        }
    }

    /** Writes a PKCS12 trust store holding this server's certificate, as a user would give one to Squall. */
    public void writeTrustStore(Path file, char[] password) {
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry(ALIAS, certificate);
            trusted.store(out, password);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot write the test trust store: " + e, e);
        }
    }

    /** https URL of {@code path} on 127.0.0.1, the address the certificate names. */
    public String url(String path) {
        return "https://127.0.0.1:" + namedPort + path;
    }

    /** https URL of {@code path} on 127.0.0.2, an address the certificate does not name. */
    public String unnamedUrl(String path) {
        return "https://127.0.0.2:" + unnamedPort + path;
    }

    /** The port on 127.0.0.1. */
    public int port() {
        return namedPort;
    }

    /** The requests seen so far for {@code path}, in order. */
    public List<Seen> seen(String path) {
        List<Seen> matching = new ArrayList<>();
        for (Seen s : seen) {
            if (s.path().equals(path)) {
                matching.add(s);
            }
        }
        return matching;
    }

    @Override
    public void close() {
        server.close(CloseMode.IMMEDIATE);
    }

    private final class RecordingHandler implements AsyncServerRequestHandler<Message<HttpRequest, Void>> {
        @Override
        public AsyncRequestConsumer<Message<HttpRequest, Void>> prepare(HttpRequest request,
                EntityDetails entityDetails, HttpContext context) {
            return new BasicRequestConsumer<>(new DiscardingEntityConsumer<>());
        }

        @Override
        public void handle(Message<HttpRequest, Void> message, ResponseTrigger trigger, HttpContext context)
                throws org.apache.hc.core5.http.HttpException, IOException {
            HttpRequest request = message.getHead();
            Map<String, String> headers = new HashMap<>();
            for (Header h : request.getHeaders()) {
                headers.merge(h.getName().toLowerCase(Locale.ROOT), h.getValue(), (a, b) -> a + "; " + b);
            }
            seen.add(new Seen(request.getPath(), HttpCoreContext.cast(context).getProtocolVersion().format(),
                    headers));
            AsyncResponseBuilder response = AsyncResponseBuilder.create(200)
                    .setEntity(AsyncEntityProducers.create(BODY, ContentType.TEXT_HTML));
            if (request.getPath().equals("/set-cookie")) {
                response.addHeader("Set-Cookie", "session=s3cret; Path=/");
            }
            trigger.submitResponse(response.build(), context);
        }
    }
}
