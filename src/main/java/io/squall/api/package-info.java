/**
 * Squall's API: what a parse filter, a URL filter or a scheduler implements, and the values they see.
 * Stable across releases: a change is recorded, with its reason, in docs/api-changes.md. See
 * docs/extending.md for the lifecycle they share and how to name them in a crawl's files.
 */
package io.squall.api;
