package io.squall.testweb;

/** A request as a site's {@link Site#handle handler} sees it: its body is read up to 64 KiB. */
public record Request(String method, String path, String headers, String body) {

    /** The value of a request header (case-insensitive name), or null. */
    public String header(String name) {
        return LoggedRequest.header(headers, name);
    }
}
