/**
 * The HTTP client: {@link io.squall.http.HttpProtocol} and the {@link io.squall.http.Protocol} it implements, with
 * what a request needs on its way (cookies, site credentials and form logins, proxies, header and body limits,
 * content decoding) and the address guard that keeps it off addresses the crawl does not allow. It knows nothing
 * of politeness: the fetcher ({@code io.squall.fetch}) decides when a request may go.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 */
package io.squall.http;
