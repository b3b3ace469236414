package io.squall.http;

import java.security.Principal;
import org.apache.hc.client5.http.auth.AuthChallenge;
import org.apache.hc.client5.http.auth.AuthScheme;
import org.apache.hc.client5.http.auth.AuthStateCacheable;
import org.apache.hc.client5.http.auth.AuthenticationException;
import org.apache.hc.client5.http.auth.CredentialsProvider;
import org.apache.hc.client5.http.auth.MalformedChallengeException;
import org.apache.hc.client5.http.impl.StateHolder;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * HttpClient's Digest scheme, kept in the auth cache once a host accepted it, as HttpClient keeps Basic: a host's
 * later requests carry their Digest answer (over the nonce the host gave, the nonce count going up with each
 * request, as a server that refuses replays wants) instead of being challenged again each time, which
 * HttpClient's own Digest scheme, not cacheable, costs (a 401 and a second request a page). A host that refuses
 * the kept answer (its nonce expired) challenges again and is answered anew.
 *
 * <p>The cache keeps the state a scheme {@linkplain #store stores} and gives each request a new scheme restored from
 * it: here that state is the one Digest scheme of the host's accepted challenge, shared by its requests (one at a
 * time: each call holds its lock), so that each answer counts on from the last one. Public with a public
 * constructor only because HttpClient's auth cache makes it by reflection.
 */
@AuthStateCacheable
@SuppressWarnings("deprecation") // HttpClient deprecates Digest as weak; the sites that ask for it remain
public final class KeptDigestScheme implements AuthScheme, StateHolder<KeptDigestScheme.Shared> {
    /** The Digest scheme of one accepted challenge, shared by the requests that answer it. */
    public static final class Shared {
        private final org.apache.hc.client5.http.impl.auth.DigestScheme digest =
                new org.apache.hc.client5.http.impl.auth.DigestScheme();
    }

    private Shared shared = new Shared();

    @Override
    public Shared store() {
        return shared;
    }

    @Override
    public void restore(Shared state) {
        shared = state;
    }

    @Override
    public String getName() {
        synchronized (shared) {
            return shared.digest.getName();
        }
    }

    @Override
    public boolean isConnectionBased() {
        synchronized (shared) {
            return shared.digest.isConnectionBased();
        }
    }

    @Override
    public void processChallenge(AuthChallenge challenge, HttpContext context) throws MalformedChallengeException {
        synchronized (shared) {
            shared.digest.processChallenge(challenge, context);
        }
    }

    @Override
    public boolean isChallengeExpected() {
        synchronized (shared) {
            return shared.digest.isChallengeExpected();
        }
    }

    @Override
    public void processChallenge(HttpHost host, boolean challenged, AuthChallenge challenge, HttpContext context)
            throws MalformedChallengeException, AuthenticationException {
        synchronized (shared) {
            shared.digest.processChallenge(host, challenged, challenge, context);
        }
    }

    @Override
    public boolean isChallengeComplete() {
        synchronized (shared) {
            return shared.digest.isChallengeComplete();
        }
    }

    @Override
    public String getRealm() {
        synchronized (shared) {
            return shared.digest.getRealm();
        }
    }

    @Override
    public boolean isResponseReady(HttpHost host, CredentialsProvider credentials, HttpContext context)
            throws AuthenticationException {
        synchronized (shared) {
            return shared.digest.isResponseReady(host, credentials, context);
        }
    }

    @Override
    public Principal getPrincipal() {
        synchronized (shared) {
            return shared.digest.getPrincipal();
        }
    }

    @Override
    public String generateAuthResponse(HttpHost host, HttpRequest request, HttpContext context)
            throws AuthenticationException {
        synchronized (shared) {
            return shared.digest.generateAuthResponse(host, request, context);
        }
    }

    @Override
    public String toString() {
        synchronized (shared) {
            return shared.digest.toString();
        }
    }
}
