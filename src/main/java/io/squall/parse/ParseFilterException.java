package io.squall.parse;

/** A parse filter failed on a page: the page becomes ERROR with cause {@code parse.filter}. */
final class ParseFilterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ParseFilterException(String filterName, RuntimeException cause) {
        super("filter '" + filterName + "': " + cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
    }
}
