package io.squall.http;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.MetadataKeys;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.WebUrl;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.apache.hc.client5.http.auth.AuthScope;
import org.apache.hc.client5.http.auth.UsernamePasswordCredentials;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.auth.BasicAuthCache;
import org.apache.hc.client5.http.impl.auth.BasicCredentialsProvider;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.HttpsSupport;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.Method;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.entity.AsyncEntityProducers;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP and HTTPS on Apache HttpClient 5's asynchronous client (HTTP/1.1, and HTTP/2 where TLS negotiates
 * it). The calling thread waits for each fetch with the total deadline {@code http.deadline}, so a server
 * dripping bytes cannot hold it; connect and read timeouts are {@code http.timeout}. Redirects are not
 * followed, cookies are kept only with {@code http.use.cookies} ({@link CookieJars}), bodies are kept raw up
 * to the content limit and decoded here. Every fetch goes through the proxy of {@link ProxySettings} when one
 * is set and the host is not excluded from it; the hosts of {@link SiteCredentials} get their credentials
 * (Basic and Digest answered by HttpClient, forms posted by {@link FormLogins}).
 */
public final class HttpProtocol implements Protocol {
    private static final Logger LOG = LoggerFactory.getLogger(HttpProtocol.class);
    /** Request headers a user may not set through http.custom.headers when certificates are not verified. */
    private static final List<String> CREDENTIAL_HEADERS = List.of("authorization", "cookie", "proxy-authorization");
    /** The state of every pooled connection: {@link #exchange} explains. */
    static final Object POOLED = "squall-pooled";

    private final CloseableHttpAsyncClient client;
    /** The client that connects through the SOCKS proxy, or null. */
    private final CloseableHttpAsyncClient socksClient;
    private final ProxySettings proxy;
    /** The cookies kept per politeness key, or null when http.use.cookies is off. */
    private final CookieJars cookies;
    /** The schemes of the hosts (and HTTP proxy) whose credentials were accepted, or null when none has any. */
    private final BasicAuthCache authCache;
    /** The form logins of the site credentials, or null. */
    private final FormLogins logins;
    private final PoolingAsyncClientConnectionManager connections;
    private final AddressGuard resolver;
    private final List<Header> fixedHeaders = new ArrayList<>();
    private final int contentLimit;
    private final long deadlineMillis;
    private final boolean conditional;
    private final HeaderLimits headerLimits;

    public HttpProtocol(CrawlerConfig config) {
        this(config, null);
    }

    /**
     * With {@code verifiedTrust} non-null, verified connections trust it instead of the system trust store:
     * lets tests check verification against a certificate of their own without touching JVM-wide state.
     */
    HttpProtocol(CrawlerConfig config, SSLContext verifiedTrust) {
        UserAgent agent = UserAgent.fromConfig(config);
        long limit = config.getLong("http.content.limit");
        this.contentLimit = limit < 0 || limit > Integer.MAX_VALUE - 16 ? Integer.MAX_VALUE - 16 : (int) limit;
        this.deadlineMillis = config.getDuration("http.deadline").toMillis();
        this.conditional = config.getBoolean("http.conditional");
        this.headerLimits = HeaderLimits.fromConfig(config);
        Timeout timeout = Timeout.ofMilliseconds(config.getDuration("http.timeout").toMillis());
        boolean trustEverything = config.getBoolean("http.trust.everything");

        fixedHeaders.add(header("User-Agent", agent.header()));
        fixedHeaders.add(header("Accept", config.getString("http.accept")));
        fixedHeaders.add(header("Accept-Language", config.getString("http.accept.language")));
        fixedHeaders.add(header("Accept-Encoding", ContentDecoder.ACCEPTED));
        if (config.isSet("http.from")) {
            fixedHeaders.add(header("From", config.getString("http.from")));
        }
        config.getMap("http.custom.headers").forEach((name, value) -> {
            if (trustEverything && CREDENTIAL_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                throw new ConfigException("http.custom.headers: '" + name + "' is refused with"
                        + " http.trust.everything, credentials are never sent over unverified connections");
            }
            fixedHeaders.add(header(name, String.valueOf(value)));
        });

        this.proxy = ProxySettings.fromConfig(config);
        this.cookies = CookieJars.fromConfig(config, CrawlClock.system());
        this.resolver = AddressGuard.fromConfig(config, proxy);
        int threads = config.getInt("fetcher.threads.number");
        this.connections = PoolingAsyncClientConnectionManagerBuilder.create()
                .setDnsResolver(resolver)
                .setTlsStrategy(tlsStrategy(trustEverything, verifiedTrust))
                .setMaxConnTotal(Math.max(16, threads * 2))
                .setMaxConnPerRoute(Math.max(2, config.getInt("fetcher.threads.per.queue") + 1))
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(timeout)
                        .setSocketTimeout(timeout)
                        .setTimeToLive(TimeValue.ofMinutes(5))
                        .build())
                .setDefaultTlsConfig(TlsConfig.custom()
                        .setHandshakeTimeout(timeout)
                        .setVersionPolicy(config.getBoolean("http.http2")
                                ? HttpVersionPolicy.NEGOTIATE : HttpVersionPolicy.FORCE_HTTP_1)
                        .build())
                .build();
        BasicCredentialsProvider credentials = new BasicCredentialsProvider();
        if (proxy != null) {
            proxy.addCredentials(credentials);
        }
        SiteCredentials sites = SiteCredentials.fromConfig(config);
        if (sites != null) {
            for (SiteCredentials.HttpCredential c : sites.http()) {
                credentials.setCredentials(new AuthScope(null, c.host(), c.port(), c.realm(), c.scheme()),
                        new UsernamePasswordCredentials(c.user(), c.password().toCharArray()));
            }
        }
        // Kept once accepted, the credentials go with the next requests without a new challenge each time.
        this.authCache = sites == null && (proxy == null || !proxy.hasHttpUser()) ? null : new BasicAuthCache();
        this.logins = sites == null ? null : new FormLogins(sites, cookies, CrawlClock.system());
        IOReactorConfig.Builder io = IOReactorConfig.custom().setSoTimeout(timeout).setTcpNoDelay(true);
        this.client = client(io.build(), timeout, false, credentials, proxy == null || proxy.isSocks() ? null : proxy);
        // SOCKS is a setting of the I/O reactor, so it needs a client of its own; the excluded hosts are fetched
        // by the direct one. Both share the pool: a host is always fetched by the same one, its connections too.
        this.socksClient = proxy != null && proxy.isSocks()
                ? client(proxy.throughSocks(io).build(), timeout, true, credentials, null) : null;
        client.start();
        if (socksClient != null) {
            socksClient.start();
        }
        LOG.info("HTTP protocol: agent '{}', content limit {} bytes, timeout {}, deadline {} ms, {}, cookies {},"
                + " site credentials {}", agent.header(), contentLimit, timeout, deadlineMillis,
                proxy == null ? "no proxy" : proxy, cookies == null ? "off" : "on", sites == null ? "none" : sites);
    }

    /**
     * @param sharedConnections whether another client owns the pool (and closes it)
     * @param httpProxy the HTTP proxy that routes go through, or null
     */
    private CloseableHttpAsyncClient client(IOReactorConfig io, Timeout timeout, boolean sharedConnections,
            BasicCredentialsProvider credentials, ProxySettings httpProxy) {
        HttpAsyncClientBuilder builder = HttpAsyncClients.custom()
                .setConnectionManager(connections)
                .setConnectionManagerShared(sharedConnections)
                .setIOReactorConfig(io)
                .setHttp1Config(headerLimits.http1Config())
                .setH2Config(headerLimits.h2Config())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(timeout)
                        .setResponseTimeout(timeout)
                        .setRedirectsEnabled(false)
                        .build())
                .setDefaultCredentialsProvider(credentials)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .evictIdleConnections(TimeValue.ofSeconds(30));
        if (authCache == null) {
            builder.disableAuthCaching();
        } else {
            builder.setDefaultAuthSchemeRegistry(org.apache.hc.core5.http.config.RegistryBuilder
                    .<org.apache.hc.client5.http.auth.AuthSchemeFactory>create()
                    .register(org.apache.hc.client5.http.auth.StandardAuthScheme.BASIC,
                            org.apache.hc.client5.http.impl.auth.BasicSchemeFactory.INSTANCE)
                    .register(org.apache.hc.client5.http.auth.StandardAuthScheme.DIGEST, context -> new KeptDigestScheme())
                    .register(org.apache.hc.client5.http.auth.StandardAuthScheme.BEARER,
                            org.apache.hc.client5.http.impl.auth.BearerSchemeFactory.INSTANCE)
                    .build());
        }
        if (httpProxy != null) {
            builder.setRoutePlanner(httpProxy.routePlanner());
        }
        return builder.build();
    }

    private static Header header(String name, String value) {
        return new org.apache.hc.core5.http.message.BasicHeader(name, value);
    }

    private static org.apache.hc.core5.http.nio.ssl.TlsStrategy tlsStrategy(boolean trustEverything,
            SSLContext verifiedTrust) {
        if (!trustEverything) {
            // The host name is checked by HttpClient after the handshake as well as by the JDK during it: with
            // the JDK's check alone (HttpClient's default when no verifier is given), httpclient5 5.5's async
            // client sets the endpoint identification after it has applied the engine's parameters, so no
            // host name is checked at all (HttpProtocolTlsTest shows it).
            ClientTlsStrategyBuilder builder = ClientTlsStrategyBuilder.create().useSystemProperties()
                    .setHostnameVerifier(HttpsSupport.getDefaultHostnameVerifier())
                    .setHostVerificationPolicy(HostnameVerificationPolicy.BOTH);
            if (verifiedTrust != null) {
                builder.setSslContext(verifiedTrust);
            }
            return builder.buildAsync();
        }
        LOG.warn("!!! http.trust.everything is ON: TLS certificates and host names are NOT verified. Use it only"
                + " for an intranet crawl; no credentials or cookies are sent. !!!");
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new TrustAll()}, null);
            // CLIENT: only HttpClient's (no-op) host name check. Under BOTH, the JDK would check the host name
            // too, even with TrustAll (it wraps a plain X509TrustManager in one that does), as soon as HttpClient
            // applies the endpoint identification in time (a later httpclient5 release).
            return ClientTlsStrategyBuilder.create().setSslContext(context)
                    .setHostnameVerifier(NoopHostnameVerifier.INSTANCE)
                    .setHostVerificationPolicy(HostnameVerificationPolicy.CLIENT).buildAsync();
        } catch (NoSuchAlgorithmException | KeyManagementException e) {
            throw new IllegalStateException("cannot build a TLS context: " + e, e);
        }
    }

    /** Accepts every certificate: only built when the user asked for it with http.trust.everything. */
    private static final class TrustAll implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            // trusting everything is the point of this option
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // trusting everything is the point of this option
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    @Override
    public FetchResponse fetch(String url, Metadata metadata) throws FetchException {
        WebUrl target;
        try {
            target = WebUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new FetchException(FetchException.Cause.PROTOCOL, "not a valid URL: " + e.getMessage(), e);
        }
        String jar = jarKey(target, metadata);
        if (logins != null && metadata != null) { // not before robots.txt, which decides whether pages are fetched
            logins.before(target, jar, (login, form, key) -> send(login, login.href(), null, key, form));
        }
        return send(target, url, metadata, jar, null);
    }

    /** @param form a form to post (application/x-www-form-urlencoded), or null to GET */
    private FetchResponse send(WebUrl target, String url, Metadata metadata, String jar, String form)
            throws FetchException {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(deadlineMillis);
        String cookie = cookies == null ? null : cookies.header(jar, target);
        Exchange first = exchange(target, metadata, deadline, POOLED, cookie, form);
        Exchange done = first;
        if (form == null && first.failure != null && first.droppedOnReusedConnection()) {
            // The server closed an idle keep-alive connection as the request went out on it: the request
            // never got an answer and GET is idempotent (RFC 9110 section 9.2.2), so it is sent once more.
            // A connection state no pooled connection has makes the pool open a fresh one: another idle
            // connection to the host may have been closed by the server just the same. Once its answer
            // begins, the connection takes the ordinary state (BoundedBodyConsumer), to be reused as any.
            LOG.debug("{}: request dropped on a reused connection, retrying on a fresh one", url);
            done = exchange(target, metadata, deadline, new Object(), cookie, null);
        }
        if (done.failure != null) {
            throw done.failure;
        }
        long loadingTime = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        BoundedBodyConsumer consumer = done.consumer;
        HttpResponse response = consumer.response();
        Map<String, List<String>> headers = headersOf(response);
        if (cookies != null) {
            cookies.store(jar, target, headers.getOrDefault("set-cookie", List.of()));
        }
        String encoding = response.getFirstHeader("Content-Encoding") == null ? null
                : response.getFirstHeader("Content-Encoding").getValue();
        byte[] raw = consumer.body();
        ContentDecoder.Decoded decoded = ContentDecoder.decode(raw, consumer.reachedLimit(), encoding, contentLimit);
        String ip = ipOf(done.context, target);
        String authority = target.host() + (target.port() >= 0 ? ":" + target.port() : "");
        byte[] requestHead = WireHeads.request(done.sent(), authority);
        HttpExchange wire = new HttpExchange(done.started, ip, requestHead, WireHeads.response(response), raw,
                consumer.reachedLimit());
        return new FetchResponse(url, response.getCode(), headers, decoded.bytes(), ip, loadingTime,
                decoded.trimmedReason(), wire);
    }

    /** The jar of the URL's politeness key; robots.txt, fetched without metadata, uses its host's. */
    private static String jarKey(WebUrl target, Metadata metadata) {
        String key = metadata == null ? null : metadata.getFirst(MetadataKeys.PARTITION_KEY);
        return key == null || key.isEmpty() ? target.hostName() : key;
    }

    /**
     * One request and what came of it: a response in {@code consumer}, or a {@code failure}.
     *
     * @param request the request as built here; HttpClient adds headers to a copy of it on its way out
     */
    private record Exchange(Instant started, BasicHttpRequest request, HttpClientContext context,
            BoundedBodyConsumer consumer, FetchException failure) {
        /** The request with the headers HttpClient added (Host...), as far as the context tells. */
        HttpRequest sent() {
            HttpRequest processed = context.getRequest();
            return processed != null ? processed : request;
        }

        /**
         * No answer began, and the connection had carried an earlier exchange or was found closed before this
         * request could go out on it (no endpoint yet): the idle-close race. A new connection that fails
         * after taking the request is not it.
         */
        boolean droppedOnReusedConnection() {
            EndpointDetails endpoint = context.getEndpointDetails();
            return failure.cause() == FetchException.Cause.CONNECTION_RESET && consumer.response() == null
                    && (endpoint == null || endpoint.getRequestCount() > 1);
        }
    }

    /**
     * @param connectionState the pool hands out only idle connections left with the same state ({@link #POOLED}
     *     for every ordinary exchange)
     */
    private Exchange exchange(WebUrl target, Metadata metadata, long deadlineNanos, Object connectionState,
            String cookie, String form) {
        // Built from Squall's parse, not from a java.net.URI, which refuses hosts browsers accept (my_host.example)
        BasicHttpRequest request = new BasicHttpRequest(form == null ? Method.GET : Method.POST,
                new HttpHost(target.scheme(), target.hostName(), target.effectivePort()), target.pathAndQuery());
        fixedHeaders.forEach(request::addHeader);
        if (cookie != null) {
            request.addHeader("Cookie", cookie);
        }
        if (conditional && metadata != null) {
            String lastModified = metadata.getFirst(MetadataKeys.LAST_MODIFIED);
            String etag = metadata.getFirst(MetadataKeys.ETAG);
            if (lastModified != null) {
                request.addHeader("If-Modified-Since", lastModified);
            }
            if (etag != null) {
                request.addHeader("If-None-Match", etag);
            }
        }
        HttpClientContext context = HttpClientContext.create();
        context.setUserToken(connectionState);
        if (authCache != null) {
            context.setAuthCache(authCache); // shared, so a host's credentials go with its requests once accepted
        }
        Instant started = Instant.now();
        BoundedBodyConsumer consumer = new BoundedBodyConsumer(contentLimit, headerLimits);
        boolean proxied = proxy != null && proxy.carries(target.hostName());
        if (proxied && !proxy.isSocks()) {
            try {
                resolver.checkUnresolved(target.hostName());
            } catch (AddressGuard.BlockedAddressException e) {
                return new Exchange(started, request, context, consumer,
                        new FetchException(FetchException.Cause.ADDRESS_GUARD, e.getMessage(), e));
            }
        }
        AsyncEntityProducer body = form == null ? null
                : AsyncEntityProducers.create(form, ContentType.APPLICATION_FORM_URLENCODED);
        Future<BoundedBodyConsumer> future = (proxied && socksClient != null ? socksClient : client).execute(
                new BasicRequestProducer(request, body), consumer, null, context, null);
        FetchException failure = null;
        try {
            future.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abandon(future, consumer);
            failure = new FetchException(FetchException.Cause.DEADLINE,
                    "no complete answer within http.deadline (" + deadlineMillis + " ms)", e);
        } catch (InterruptedException e) {
            abandon(future, consumer);
            Thread.currentThread().interrupt();
            failure = new FetchException(FetchException.Cause.IO, "interrupted", e);
        } catch (ExecutionException e) {
            // Unless the body passed its raw limit: then the exchange was aborted on purpose, and the content
            // is what was kept.
            if (!consumer.reachedLimit() || consumer.response() == null) {
                failure = classify(e.getCause() == null ? e : e.getCause(), target.host());
            }
        }
        return new Exchange(started, request, context, consumer, failure);
    }

    /**
     * Gives up an exchange that is still running. Cancelling alone leaves a connection whose answer is still
     * arriving open until the server ends it, so the consumer also closes it on its next bytes.
     */
    private static void abandon(Future<BoundedBodyConsumer> future, BoundedBodyConsumer consumer) {
        consumer.abandon();
        future.cancel(true);
    }

    private static Map<String, List<String>> headersOf(HttpResponse response) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (Header h : response.getHeaders()) {
            headers.computeIfAbsent(h.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>(1)).add(h.getValue());
        }
        return headers;
    }

    private String ipOf(HttpClientContext context, WebUrl target) {
        EndpointDetails endpoint = context.getEndpointDetails();
        if (endpoint != null) {
            SocketAddress remote = endpoint.getRemoteAddress();
            if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
                return inet.getAddress().getHostAddress();
            }
        }
        return resolver.lastAddressOf(target.hostName());
    }

    /**
     * Connections in use. A fetch returns as soon as its answer is read, a moment before its connection is
     * back in the pool: tests that need a connection reused wait for this to be 0.
     */
    int leasedConnections() {
        return connections.getTotalStats().getLeased();
    }

    /** Names the cause of a fetch that got no answer, looking through the exception's causes. */
    static FetchException classify(Throwable t, String host) {
        Map<Class<?>, Boolean> seen = new HashMap<>();
        for (Throwable c = t; c != null && seen.put(c.getClass(), Boolean.TRUE) == null; c = c.getCause()) {
            String message = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
            if (c instanceof FetchException f) {
                return f;
            }
            if (c instanceof org.apache.hc.core5.http.MessageConstraintException
                    || c instanceof org.apache.hc.core5.http2.hpack.HeaderListConstraintException) {
                return new FetchException(FetchException.Cause.HEADERS_TOO_LARGE, HeaderLimits.explain(message), t);
            }
            if (c instanceof AddressGuard.BlockedAddressException) {
                return new FetchException(FetchException.Cause.ADDRESS_GUARD, message, t);
            }
            if (c instanceof UnknownHostException) {
                return new FetchException(FetchException.Cause.DNS, "unknown host " + host, t);
            }
            if (c instanceof SocketTimeoutException || c instanceof org.apache.hc.core5.util.DeadlineTimeoutException) {
                return new FetchException(FetchException.Cause.TIMEOUT, message, t);
            }
            if (c instanceof ConnectException || c instanceof NoRouteToHostException) {
                return new FetchException(FetchException.Cause.CONNECTION_REFUSED, message, t);
            }
            if (c instanceof SSLException) {
                return new FetchException(FetchException.Cause.TLS, message, t);
            }
            if (c instanceof org.apache.hc.core5.http.ConnectionClosedException || c instanceof SocketException) {
                return new FetchException(FetchException.Cause.CONNECTION_RESET, message, t);
            }
            if (c instanceof HttpException) {
                return new FetchException(FetchException.Cause.PROTOCOL, message, t);
            }
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        boolean interrupted = t instanceof InterruptedIOException;
        return new FetchException(interrupted ? FetchException.Cause.TIMEOUT : FetchException.Cause.IO, message,
                t instanceof IOException ? t : null);
    }

    @Override
    public void close() {
        if (socksClient != null) {
            socksClient.close(CloseMode.GRACEFUL); // first: the direct client closes the pool they share
        }
        client.close(CloseMode.GRACEFUL);
    }
}
