package io.squall.cli;

/** A mistake on the command line (unknown option, bad value, unreadable seeds file): one line for the user. */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
