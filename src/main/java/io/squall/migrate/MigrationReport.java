package io.squall.migrate;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code squall migrate} did with each part of a StormCrawler project, one line each, naming the file and
 * the key, filter or component: what was mapped to what, what was kept as it is, and what has no equivalent
 * in Squall (and why), so that a user sees at a glance what is left to do by hand.
 */
public final class MigrationReport {
    private final List<String> mapped = new ArrayList<>();
    private final List<String> kept = new ArrayList<>();
    private final List<String> none = new ArrayList<>();

    /** {@code file: what -> to}: a part that Squall has under another name or form. */
    void mapped(String file, String what, String to) {
        mapped.add("mapped: " + file + ": " + what + " -> " + to);
    }

    /** {@code file: what}: a part that Squall reads as it is. */
    void kept(String file, String what) {
        kept.add("kept: " + file + ": " + what);
    }

    /** {@code file: what: why}: a part left out, with why and what to do instead. */
    void none(String file, String what, String why) {
        none.add("no equivalent: " + file + ": " + what + ": " + why);
    }

    /** The lines: mapped, then kept, then those with no equivalent, each group in the order met. */
    public List<String> lines() {
        List<String> all = new ArrayList<>(mapped);
        all.addAll(kept);
        all.addAll(none);
        return all;
    }
}
