package io.squall.frontier;

/**
 * What an injection did: seeds written as new DISCOVERED URLs, seeds the status index knew already,
 * lines rejected (invalid URL, filtered out, bad metadata) and seeds whose write failed.
 */
public record InjectionReport(long added, long alreadyKnown, long rejected, long failed) {

    @Override
    public String toString() {
        return added + " added, " + alreadyKnown + " already known, " + rejected + " rejected"
                + (failed > 0 ? ", " + failed + " failed" : "");
    }
}
