/**
 * Small shared pieces under every stage: the clock, metadata keys, error causes.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 */
package io.squall.core;
