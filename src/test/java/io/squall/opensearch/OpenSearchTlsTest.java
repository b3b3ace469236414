package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.testweb.TlsTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch.OpenSearchClient;

/** The OpenSearch client trusts what the configured trust store trusts, and only for the host named. */
class OpenSearchTlsTest {

    @Test
    void aTrustStoreCertificateIsAcceptedForItsHostAndRefusedForAnother(@TempDir Path dir) {
        try (TlsTestServer server = TlsTestServer.start(dir)) {
            Path trustStore = dir.resolve("opensearch-trust.p12");
            server.writeTrustStore(trustStore, "changeit".toCharArray());

            // The named host answers (with a page that is not OpenSearch's JSON): the request got through TLS.
            OpenSearchClient named = client(server.url(""), trustStore);
            try {
                assertThrows(Exception.class, named::info);
            } finally {
                OpenSearchClients.close(named);
            }
            assertEquals(1, server.seen("/").size(), "the named host was reached over TLS");

            // The same certificate presented for an address it does not name: refused before any request.
            CrawlerConfig unnamed = config(server.unnamedUrl(""), trustStore).with(Map.of("opensearch.startup.wait", 1),
                    "test");
            OpenSearchClient client = OpenSearchClients.create(unnamed);
            try {
                OpenSearchUnavailableException e = assertThrows(OpenSearchUnavailableException.class,
                        () -> IndexSetup.awaitReachable(client, unnamed));
                assertTrue(e.getMessage().contains("SSL"), e.getMessage());
            } finally {
                OpenSearchClients.close(client);
            }
            assertEquals(1, server.seen("/").size(), "no request reached the server for the unnamed host");
        }
    }

    @Test
    void theTrustStoresPasswordMayComeFromAFile(@TempDir Path dir) throws Exception {
        try (TlsTestServer server = TlsTestServer.start(dir)) {
            Path trustStore = dir.resolve("opensearch-trust.p12");
            server.writeTrustStore(trustStore, "changeit".toCharArray());
            Path passwordFile = Files.writeString(dir.resolve("trust-password"), "changeit\n");
            CrawlerConfig config = CrawlerConfig.defaults().with(Map.of(
                    "opensearch.addresses", List.of(server.url("")),
                    "opensearch.truststore.path", trustStore.toString(),
                    "opensearch.truststore.password.file", passwordFile.toString()), "test");
            OpenSearchClient client = OpenSearchClients.create(config);
            try {
                assertThrows(Exception.class, client::info); // not OpenSearch's JSON, but through TLS
            } finally {
                OpenSearchClients.close(client);
            }
            assertEquals(1, server.seen("/").size(), "the trust store opened with the file's password");

            Files.writeString(passwordFile, "wrong\n");
            ConfigException e = assertThrows(ConfigException.class, () -> OpenSearchClients.create(config));
            assertTrue(e.getMessage().startsWith("opensearch.truststore.path: cannot load"), e.getMessage());
        }
    }

    private static OpenSearchClient client(String address, Path trustStore) {
        return OpenSearchClients.create(config(address, trustStore));
    }

    private static CrawlerConfig config(String address, Path trustStore) {
        return CrawlerConfig.defaults().with(Map.of(
                "opensearch.addresses", List.of(address),
                "opensearch.truststore.path", trustStore.toString(),
                "opensearch.truststore.password", "changeit"), "test");
    }
}
