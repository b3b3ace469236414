package io.squall.http;

import io.squall.core.CrawlClock;
import io.squall.urls.WebUrl;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The form logins of {@link SiteCredentials}, done once per host before its first page is fetched, in that
 * page's turn (so the login counts as a request to the host): the form is posted and its answer's cookies
 * go to the page's jar. A login that worked is done again when the cookie it is told by has gone (expired,
 * or its jar dropped); one that failed is not tried again for {@link #RETRY_AFTER}, and its host's pages fail
 * meanwhile with cause {@code login.failed}. The state is one entry per form of the file, so bounded by it.
 */
final class FormLogins {
    private static final Logger LOG = LoggerFactory.getLogger(FormLogins.class);
    static final Duration RETRY_AFTER = Duration.ofMinutes(5);

    /** Posts a form to a URL, its answer's cookies stored in the jar of {@code jarKey}. */
    interface Poster {
        FetchResponse post(WebUrl url, String form, String jarKey) throws FetchException;
    }

    /** A host's login: whether it worked, and when it last failed. */
    private static final class State {
        boolean done;
        boolean failed;
        long failedAtMillis;
    }

    private final SiteCredentials credentials;
    private final CookieJars cookies;
    private final CrawlClock clock;
    private final Map<String, State> states = new ConcurrentHashMap<>();

    FormLogins(SiteCredentials credentials, CookieJars cookies, CrawlClock clock) {
        this.credentials = credentials;
        this.cookies = cookies;
        this.clock = clock;
    }

    /**
     * Logs in to the URL's host unless it has no form login or is logged in already.
     *
     * @throws FetchException with cause {@code login.failed} when the login does not succeed (or failed lately),
     *     or the cause of a login request that got no answer
     */
    void before(WebUrl target, String jarKey, Poster poster) throws FetchException {
        SiteCredentials.FormCredential form = credentials.formFor(target.hostName());
        if (form == null) {
            return;
        }
        State state = states.computeIfAbsent(form.host(), h -> new State());
        synchronized (state) { // one login per host, whatever the number of threads fetching it
            if (state.done && (form.successCookie() == null
                    || cookies.holds(jarKey, form.loginUrl(), form.successCookie()))) {
                return;
            }
            long now = clock.millis();
            if (state.failed && now - state.failedAtMillis < RETRY_AFTER.toMillis()) {
                throw new FetchException(FetchException.Cause.LOGIN, "the " + form + " failed lately; tried again "
                        + RETRY_AFTER.toMinutes() + " min after it failed", null);
            }
            state.done = false;
            FetchResponse answer;
            try {
                answer = poster.post(form.loginUrl(), encode(form.fields()), jarKey);
            } catch (FetchException e) {
                state.failed = true;
                state.failedAtMillis = now;
                throw e;
            }
            String failure = failure(form, answer, jarKey);
            if (failure != null) {
                state.failed = true;
                state.failedAtMillis = now;
                LOG.warn("The {} failed: {}", form, failure);
                throw new FetchException(FetchException.Cause.LOGIN, "the " + form + " failed: " + failure, null);
            }
            state.done = true;
            state.failed = false;
            LOG.info("Logged in: {}", form);
        }
    }

    /** Why the answer does not tell a login that worked, or null when it does. */
    private String failure(SiteCredentials.FormCredential form, FetchResponse answer, String jarKey) {
        if (answer.statusCode() >= 400) {
            return "it answered HTTP " + answer.statusCode();
        }
        if (form.successCookie() != null && !cookies.holds(jarKey, form.loginUrl(), form.successCookie())) {
            return "it set no cookie " + form.successCookie() + " (success.cookie)";
        }
        if (form.successText() != null
                && !new String(answer.content(), StandardCharsets.UTF_8).contains(form.successText())) {
            return "its answer (HTTP " + answer.statusCode() + ") does not hold '" + form.successText()
                    + "' (success.text)";
        }
        return null;
    }

    /** application/x-www-form-urlencoded, in the fields' order. */
    static String encode(Map<String, String> fields) {
        StringBuilder body = new StringBuilder();
        fields.forEach((name, value) -> body.append(body.length() == 0 ? "" : "&")
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return body.toString();
    }
}
