package io.squall.testsupport;

import io.squall.opensearch.EmbeddedOpenSearch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests a real OpenSearch: one embedded node per test JVM (started on first use, stopped when the
 * JVM's tests are done), and a fresh set of index names per test method, so tests never see each
 * other's documents. Declare a {@link TestOpenSearch} parameter to get it.
 */
public final class OpenSearchExtension implements ParameterResolver, AfterEachCallback {
    private static final AtomicInteger PREFIXES = new AtomicInteger();
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(OpenSearchExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TestOpenSearch.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        SharedNode node = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SharedNode.class, k -> SharedNode.start(), SharedNode.class);
        TestOpenSearch os = new TestOpenSearch(node.embedded, "t" + PREFIXES.incrementAndGet() + "-");
        context.getStore(NAMESPACE).put(TestOpenSearch.class, os);
        return os;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        TestOpenSearch os = context.getStore(NAMESPACE).remove(TestOpenSearch.class, TestOpenSearch.class);
        if (os != null) {
            os.close();
        }
    }

    /** The node shared by the whole test JVM; JUnit closes it after the last test. */
    static final class SharedNode implements ExtensionContext.Store.CloseableResource {
        final EmbeddedOpenSearch embedded;

        private SharedNode(EmbeddedOpenSearch embedded) {
            this.embedded = embedded;
        }

        static SharedNode start() {
            try {
                Path dir = Files.createTempDirectory("squall-test-opensearch");
                return new SharedNode(EmbeddedOpenSearch.start(dir, 0));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the embedded OpenSearch for tests", e);
            }
        }

        @Override
        public void close() throws IOException {
            embedded.close();
        }
    }
}
