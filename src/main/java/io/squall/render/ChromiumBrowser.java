package io.squall.render;

import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.PageLoadStrategy;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.devtools.DevTools;
import org.openqa.selenium.devtools.v156.fetch.Fetch;
import org.openqa.selenium.devtools.v156.fetch.model.HeaderEntry;
import org.openqa.selenium.devtools.v156.fetch.model.RequestPattern;
import org.openqa.selenium.devtools.v156.fetch.model.RequestPaused;
import org.openqa.selenium.devtools.v156.fetch.model.RequestStage;
import org.openqa.selenium.devtools.v156.network.model.ErrorReason;
import org.openqa.selenium.devtools.v156.network.model.ResourceType;
import org.openqa.selenium.remote.HttpCommandExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One headless Chromium, driven through its chromedriver, that renders one page at a time. The browser
 * never reaches the network itself: every request it makes is paused through the DevTools protocol and
 * either refused ({@link RenderRule}) or fetched by Squall's own HTTP client (address guard, limits, WARC)
 * and handed to the browser as the answer; the page itself is the answer already fetched. Whatever the
 * browser might send without pausing it there meets a proxy that does not exist. The page's sub-requests
 * are fetched one at a time, as the host's politeness asks.
 */
final class ChromiumBrowser implements RenderingProtocol.Browser {
    private static final Logger LOG = LoggerFactory.getLogger(ChromiumBrowser.class);
    /** Headers that describe the bytes on the wire, not the decoded content handed to the browser. */
    private static final Set<String> WIRE_HEADERS = Set.of("content-encoding", "content-length", "transfer-encoding",
            "set-cookie", "connection", "keep-alive");
    // How often the wait for a quiet page looks at its requests.
    private static final long QUIET_POLL_MILLIS = 25;
    private static final String SERIALIZE = "return (document.doctype ? new XMLSerializer()"
            + ".serializeToString(document.doctype) : '') + document.documentElement.outerHTML;";

    /** Fetches what the browser asks for, as the crawler fetches a page. */
    interface Fetcher {
        FetchResponse fetch(String url) throws FetchException;
    }

    /** What one render needs, and what it counts. */
    static final class Render {
        final String pageUrl;
        final FetchResponse page;
        final RenderRule rule;
        final Fetcher fetcher;
        final int maxRequests;
        final AtomicInteger requests = new AtomicInteger();
        final AtomicInteger refused = new AtomicInteger();
        private final AtomicInteger inFlight = new AtomicInteger();
        private volatile long lastActivityNanos = System.nanoTime();
        private volatile boolean pageServed;

        Render(String pageUrl, FetchResponse page, RenderRule rule, Fetcher fetcher, int maxRequests) {
            this.pageUrl = pageUrl;
            this.page = page;
            this.rule = rule;
            this.fetcher = fetcher;
            this.maxRequests = maxRequests;
        }
    }

    private final ChromeDriver driver;
    private final DevTools devTools;
    private final ProcessHandle driverProcess;
    private final Path profile;
    private final ExecutorService subRequests;
    private volatile Render current;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private ChromiumBrowser(ChromeDriver driver, ProcessHandle driverProcess, Path profile) {
        this.driver = driver;
        this.driverProcess = driverProcess;
        this.profile = profile;
        this.subRequests = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "squall-render-requests");
            t.setDaemon(true);
            return t;
        });
        this.devTools = driver.getDevTools();
        devTools.createSession();
        devTools.addListener(Fetch.requestPaused(), paused -> subRequests.execute(() -> answer(paused)));
        devTools.send(Fetch.enable(Optional.of(List.of(new RequestPattern(Optional.of("*"), Optional.empty(),
                Optional.of(RequestStage.REQUEST)))), Optional.of(false)));
    }

    /**
     * Starts Chromium with a fresh profile.
     *
     * @throws IllegalStateException when it does not start, saying why in one line
     */
    static ChromiumBrowser start(Path chromium, Path chromedriver) {
        for (Path p : List.of(chromium, chromedriver)) {
            if (!Files.isExecutable(p)) {
                throw new IllegalStateException(p + " is not an executable file (apt-get install chromium"
                        + " chromium-driver, or set fetcher.render.chromium and fetcher.render.chromedriver)");
            }
        }
        Path profile = null;
        ChromeDriverService service = null;
        ProcessHandle process = null;
        try {
            profile = Files.createTempDirectory("squall-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(chromium.toFile());
            options.setPageLoadStrategy(PageLoadStrategy.NORMAL);
            // Without the background-networking flags Chromium calls Google's services on its own; the proxy
            // that does not exist catches whatever the DevTools protocol would not pause.
            options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--disable-extensions", "--mute-audio", "--no-default-browser-check",
                    "--proxy-server=http://127.0.0.1:1", "--proxy-bypass-list=<-loopback>",
                    "--window-size=1280,1024", "--user-data-dir=" + profile.toAbsolutePath());
            service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
                    .usingAnyFreePort().build();
            service.start();
            process = driverProcess(service.getUrl().getPort());
            ChromeDriver driver = new ChromeDriver(service, options);
            return new ChromiumBrowser(driver, process, profile);
        } catch (IOException | RuntimeException e) {
            if (process != null) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
            }
            if (service != null) {
                service.stop();
            }
            deleteQuietly(profile);
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            throw new IllegalStateException("Chromium (" + chromium + ", " + chromedriver + ") does not start: "
                    + reason, e);
        }
    }

    /** The chromedriver this JVM started on that port: its processes are killed with it when a render hangs. */
    private static ProcessHandle driverProcess(int port) {
        return ProcessHandle.current().children()
                .filter(p -> p.info().commandLine().orElse("").contains("--port=" + port))
                .findFirst().orElse(null);
    }

    /**
     * Loads the page (its answer already fetched) and returns its DOM once it has loaded and made no
     * request for {@code quietMillis}.
     *
     * @throws FetchException {@code render.timeout} when the page did not load or quieten by the deadline,
     *     {@code render.crashed} when the browser failed
     */
    @Override
    public String render(Render render, long deadlineNanos, long quietMillis) throws FetchException {
        current = render;
        try {
            long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
            driver.manage().timeouts().pageLoadTimeout(Duration.ofMillis(left));
            driver.manage().timeouts().scriptTimeout(Duration.ofMillis(left));
            driver.get(render.pageUrl);
            while (render.inFlight.get() > 0
                    || System.nanoTime() - render.lastActivityNanos < TimeUnit.MILLISECONDS.toNanos(quietMillis)) {
                if (System.nanoTime() > deadlineNanos) {
                    throw new FetchException(FetchException.Cause.RENDER_TIMEOUT, "the page still made requests"
                            + " when fetcher.render.timeout ran out", null);
                }
                Thread.sleep(QUIET_POLL_MILLIS);
            }
            Object html = ((JavascriptExecutor) driver).executeScript(SERIALIZE);
            return html == null ? "" : html.toString();
        } catch (TimeoutException e) {
            throw new FetchException(FetchException.Cause.RENDER_TIMEOUT,
                    "the page did not load within fetcher.render.timeout", e);
        } catch (WebDriverException e) {
            throw new FetchException(FetchException.Cause.RENDER_CRASHED, "the browser failed: "
                    + e.getMessage().lines().findFirst().orElse(""), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FetchException(FetchException.Cause.IO, "interrupted while rendering", e);
        } finally {
            current = null;
        }
    }

    /** Leaves the page, so that nothing of it runs on while the browser waits for the next one. */
    @Override
    public void blank() {
        driver.get("about:blank");
    }

    /** Answers one paused request: the page itself, a refusal, or what Squall's HTTP client fetched. */
    private void answer(RequestPaused paused) {
        Render render = current;
        try {
            if (render == null) {
                refuse(paused, ErrorReason.ABORTED);
                return;
            }
            render.inFlight.incrementAndGet();
            try {
                answer(render, paused);
            } finally {
                render.lastActivityNanos = System.nanoTime();
                render.inFlight.decrementAndGet();
            }
        } catch (RuntimeException e) {
            // the browser went away while its request was answered: the render reports it
            LOG.debug("answering {} failed", paused.getRequest().getUrl(), e);
        }
    }

    private void answer(Render render, RequestPaused paused) {
        String url = paused.getRequest().getUrl();
        if (!render.pageServed && paused.getResourceType() == ResourceType.DOCUMENT) {
            render.pageServed = true;
            fulfil(paused, render.page);
            return;
        }
        RenderRule.Verdict verdict = render.rule.request(render.pageUrl, paused.getRequest().getMethod(), url,
                paused.getResourceType().toString());
        if (verdict != RenderRule.Verdict.ALLOWED || render.requests.incrementAndGet() > render.maxRequests) {
            render.refused.incrementAndGet();
            LOG.debug("{}: refused {} ({})", render.pageUrl, url,
                    verdict == RenderRule.Verdict.ALLOWED ? "fetcher.render.max.requests" : verdict.reason);
            refuse(paused, ErrorReason.BLOCKEDBYCLIENT);
            return;
        }
        FetchResponse response;
        try {
            response = render.fetcher.fetch(url);
        } catch (FetchException e) {
            LOG.debug("{}: {} failed: {}", render.pageUrl, url, e.getMessage());
            refuse(paused, e.cause() == FetchException.Cause.ADDRESS_GUARD ? ErrorReason.BLOCKEDBYCLIENT
                    : ErrorReason.FAILED);
            return;
        }
        fulfil(paused, response);
    }

    private void fulfil(RequestPaused paused, FetchResponse response) {
        List<HeaderEntry> headers = new ArrayList<>();
        for (Map.Entry<String, List<String>> h : response.headers().entrySet()) {
            if (!WIRE_HEADERS.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                h.getValue().forEach(v -> headers.add(new HeaderEntry(h.getKey(), v)));
            }
        }
        devTools.send(Fetch.fulfillRequest(paused.getRequestId(), response.statusCode(), Optional.of(headers),
                Optional.empty(), Optional.of(Base64.getEncoder().encodeToString(response.content())),
                Optional.empty()));
    }

    private void refuse(RequestPaused paused, ErrorReason reason) {
        devTools.send(Fetch.failRequest(paused.getRequestId(), reason));
    }

    /** Stops the browser at once, whatever it is doing: its processes are killed, not asked to quit. */
    @Override
    public void kill() {
        if (stopped.getAndSet(true)) {
            return;
        }
        subRequests.shutdownNow();
        processes().forEach(ProcessHandle::destroyForcibly);
        // Only the driver's client side is closed: asking the dead driver to quit, or detaching from the dead
        // browser's DevTools session, would wait for their timeouts. The DevTools socket breaks with the browser.
        if (driver.getCommandExecutor() instanceof HttpCommandExecutor executor) {
            executor.close();
        }
        deleteQuietly(profile);
    }

    /** Quits the browser, and kills what of it is left. */
    @Override
    public void close() {
        if (stopped.getAndSet(true)) {
            return;
        }
        subRequests.shutdownNow();
        // Taken before quitting: Chromium's helpers that outlive the driver are no longer its descendants.
        List<ProcessHandle> processes = processes();
        try {
            driver.quit();
        } catch (RuntimeException e) {
            LOG.debug("quitting the browser failed", e);
        }
        processes.forEach(ProcessHandle::destroyForcibly);
        deleteQuietly(profile);
    }

    /** chromedriver and every process under it. */
    private List<ProcessHandle> processes() {
        if (driverProcess == null) {
            return List.of();
        }
        List<ProcessHandle> all = new ArrayList<>(driverProcess.descendants().toList());
        all.add(driverProcess);
        return all;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.debug("deleting {} failed", dir, e);
        }
    }
}
