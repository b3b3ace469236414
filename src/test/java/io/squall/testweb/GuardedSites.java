package io.squall.testweb;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Handlers ({@link Site#handle}) of sites that serve their pages only to a visitor who is let in: with the
 * session cookie their first page sets, with HTTP Basic or Digest credentials, or after a form login. The
 * pages they serve link to {@code /page/<i+1>} up to {@code pages}, so a crawl that gets in finds them all.
 */
public final class GuardedSites {
    private static final String REALM = "Staff";

    private GuardedSites() {
    }

    /** "/" sets {@code cookie} ("name=value"); every other page needs it and is a 403 without it. */
    public static Function<Request, Response> sessionCookie(String cookie, int pages, String... linksOfHome) {
        return request -> {
            if (request.path().equals("/")) {
                String[] links = new String[linksOfHome.length + 1];
                links[0] = "/page/1";
                System.arraycopy(linksOfHome, 0, links, 1, linksOfHome.length);
                return Response.page("/", links).header("Set-Cookie", cookie + "; Path=/; HttpOnly");
            }
            if (!carries(request, cookie)) {
                return Response.status(403).contentType("text/html").body("<p>no session</p>");
            }
            return page(request, pages);
        };
    }

    /** Every page, "/" too, needs Basic credentials of realm "Staff" (robots.txt is a 401 as well). */
    public static Function<Request, Response> basic(String user, String password, int pages) {
        String expected = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
        return request -> expected.equals(request.header("Authorization")) ? page(request, pages)
                : Response.status(401).header("WWW-Authenticate", "Basic realm=\"" + REALM + "\"");
    }

    /**
     * Every page needs Digest credentials (RFC 7616, MD5, qop=auth), checked against the password and the request
     * the server received: the response is recomputed over the request's own method and target (not over the
     * {@code uri} the client says it used, which must be that target too: a 400 otherwise, as RFC 7616 3.4.6
     * says).
     */
    public static Function<Request, Response> digest(String user, String password, int pages) {
        String nonce = "dcd98b7102dd2f0e8b11d0f600bfb0c093";
        Response challenge = Response.status(401).header("WWW-Authenticate", "Digest realm=\"" + REALM
                + "\", qop=\"auth\", nonce=\"" + nonce + "\", algorithm=MD5");
        return request -> {
            String header = request.header("Authorization");
            if (header == null || !header.startsWith("Digest ")) {
                return challenge;
            }
            Map<String, String> p = new LinkedHashMap<>();
            Matcher m = Pattern.compile("(\\w+)=(?:\"([^\"]*)\"|([^,\\s]*))").matcher(header.substring(7));
            while (m.find()) {
                p.put(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
            }
            if (!request.path().equals(p.get("uri"))) {
                return Response.status(400).contentType("text/plain").body("uri " + p.get("uri") + " is not "
                        + request.path());
            }
            String ha1 = md5(user + ":" + REALM + ":" + password);
            String ha2 = md5(request.method() + ":" + request.path());
            String expected = md5(ha1 + ":" + nonce + ":" + p.get("nc") + ":" + p.get("cnonce") + ":" + p.get("qop")
                    + ":" + ha2);
            return user.equals(p.get("username")) && expected.equals(p.get("response")) ? page(request, pages)
                    : challenge;
        };
    }

    /**
     * POST /login with the fields username, password and remember=yes sets the cookie "sid=f0rm-s3ss10n"
     * and redirects to "/"; every page needs the cookie and redirects to /login without it.
     */
    public static Function<Request, Response> formLogin(String user, String password, int pages) {
        return request -> {
            if (request.path().equals("/login")) {
                boolean right = request.method().equals("POST") && request.body().contains("remember=yes")
                        && request.body().contains("username=" + user)
                        && request.body().contains("password=" + password);
                return right ? Response.redirect(302, "/").header("Set-Cookie", "sid=f0rm-s3ss10n; Path=/; HttpOnly")
                        : Response.html("<form>wrong user or password</form>");
            }
            if (!carries(request, "sid=f0rm-s3ss10n")) {
                return Response.redirect(302, "/login");
            }
            return page(request, pages);
        };
    }

    /** The realm of the Basic and Digest sites. */
    public static String realm() {
        return REALM;
    }

    private static boolean carries(Request request, String cookie) {
        String header = request.header("Cookie");
        return header != null && ("; " + header + ";").contains("; " + cookie + ";");
    }

    /**
     * "/" and /page/i (i below pages, with any query) link to the next page; robots.txt and other paths are left
     * to the site.
     */
    private static Response page(Request request, int pages) {
        String target = request.path();
        String path = target.indexOf('?') < 0 ? target : target.substring(0, target.indexOf('?'));
        if (path.equals("/")) {
            return Response.page(path, "/page/1");
        }
        if (path.startsWith("/page/")) {
            try {
                int i = Integer.parseInt(path.substring("/page/".length()));
                if (i >= 1 && i < pages) {
                    return i + 1 < pages ? Response.page(path, "/page/" + (i + 1)) : Response.page(path);
                }
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static String md5(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no MD5 in this JVM", e);
        }
    }
}
