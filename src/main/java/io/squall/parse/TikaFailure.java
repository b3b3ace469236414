package io.squall.parse;

import io.squall.core.ErrorCauses;

/** A document Tika did not parse, with the {@code error.cause} it ends with. */
final class TikaFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** Tika threw: the document is damaged, encrypted or not what it claims. */
    static final String PARSE = "parse";
    static final String TIMEOUT = ErrorCauses.PARSE_TIMEOUT;
    static final String TOO_LARGE = ErrorCauses.PARSE_TOO_LARGE;
    static final String MEMORY = ErrorCauses.PARSE_MEMORY;
    static final String CRASH = ErrorCauses.PARSE_CRASH;

    private final String cause;

    TikaFailure(String cause, String message) {
        super(message);
        this.cause = cause;
    }

    /** The {@code error.cause} value. */
    String errorCause() {
        return cause;
    }
}
