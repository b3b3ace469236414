/**
 * The one-JVM runtime of a local crawl, and its rules: when it stops (StopPolicy), how deep it goes
 * (DepthLimit), when it recounts the status index, what it does while OpenSearch is away, seeds injected
 * while it runs.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 */
package io.squall.local;
