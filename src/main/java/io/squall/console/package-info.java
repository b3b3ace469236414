/**
 * The web console, of a local crawl ({@link io.squall.console.LocalConsole}) or of one on a Storm cluster
 * ({@link io.squall.console.ClusterConsole}), and its reads of the status index.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 */
package io.squall.console;
