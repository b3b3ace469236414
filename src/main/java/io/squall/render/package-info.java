/**
 * Rendering pages in Chromium: {@link io.squall.render.RenderingProtocol} sends the pages its
 * {@link io.squall.render.RenderRule} names to a pool of headless browsers, the others to the HTTP client. The
 * browser starts at the first page that needs one.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 */
package io.squall.render;
