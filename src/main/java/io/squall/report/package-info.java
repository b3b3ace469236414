/**
 * A crawl's figures as the commands print them and the console shows them: a local crawl's progress samples and
 * its progress toward its limits, the summary a crawl leaves and {@code squall status} writes (counts by status,
 * top hosts and errors, freshness), in text and JSON.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 */
package io.squall.report;
