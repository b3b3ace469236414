/**
 * A test kit for extensions, in Squall's jar: a parse filter run on a page of your HTML as Squall's parser
 * runs it ({@link TestPage}, {@link ParseResult}), a URL filter on a URL as the chain calls it
 * ({@link TestUrls}), and an extension configured as a crawl's files configure it ({@link TestExtensions}).
 * Part of Squall's API.
 */
package io.squall.api.testing;
