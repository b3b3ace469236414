package io.squall.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The options of the commands that work on a crawl's status index without crawling
 * ({@code status}, {@code inject}): which OpenSearch, through the data directory or an address.
 */
record ToolOptions(List<String> args, Path confFile, String openSearch, Path dataDir, boolean json) {
    static final Set<String> VALUED = Set.of("conf", "opensearch", "data");

    static ToolOptions parse(String command, List<String> args, Set<String> flags) {
        ArgList a = ArgList.parse(command, args, VALUED, flags);
        return new ToolOptions(List.copyOf(a.positional()), a.value("conf", Path::of), a.string("opensearch", null),
                Path.of(a.string("data", "data")), a.flag("json"));
    }
}
