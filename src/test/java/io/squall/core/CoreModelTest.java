package io.squall.core;

import io.squall.api.Metadata;
import io.squall.storm.MetadataSerializer;
import io.squall.urls.PartitionKeys;
import io.squall.urls.PartitionMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CoreModelTest {
    @Test
    void urlIdIsSha256HexOfTheUrl() {
        // sha256("http://example.com/") computed independently with sha256sum
        assertEquals("2a1b402420ef46577471cdc7409b0fa2c6a204db316e59ade2d805435489a067",
                UrlId.of("http://example.com/"));
        assertNotEquals(UrlId.of("http://example.com/a"), UrlId.of("http://example.com/b"));
    }

    @Test
    void partitionKeysByHostAndByDomain() {
        assertEquals("www.bbc.co.uk", new PartitionKeys(PartitionMode.BY_HOST).keyOf("https://WWW.bbc.co.uk/news"));
        assertEquals("bbc.co.uk", new PartitionKeys(PartitionMode.BY_DOMAIN).keyOf("https://www.bbc.co.uk/news"));
        assertEquals("127.0.0.2", new PartitionKeys(PartitionMode.BY_DOMAIN).keyOf("http://127.0.0.2:8080/"));
        assertEquals("127.0.0.1", new PartitionKeys(PartitionMode.BY_IP).keyOf("http://localhost:8080/"));
        assertEquals(PartitionMode.BY_DOMAIN, PartitionMode.parse("bydomain"));
    }

    @Test
    void hostsTheNormalizerAcceptsHaveAKeyThoughJavaNetUriSeesNoHost() {
        PartitionKeys byHost = new PartitionKeys(PartitionMode.BY_HOST);
        assertEquals("a_b.example", byHost.keyOf("http://a_b.example:8105/x"));
        assertEquals("example.com", new PartitionKeys(PartitionMode.BY_DOMAIN).keyOf("http://my_host.example.com/"));
        assertEquals("127.0.0.1", byHost.keyOf("http://0x7f.1/"), "read as the browser reads it");
        assertEquals("[::1]", byHost.keyOf("http://[0:0::1]:8080/"));
    }

    @Test
    void metadataSurvivesKryoAndCopiesAreDeep() {
        Metadata md = new Metadata().add("a", "1").add("a", "2").set("depth", "3");
        Kryo kryo = new Kryo();
        kryo.register(Metadata.class, new MetadataSerializer());
        Output out = new Output(256, -1);
        kryo.writeObject(out, md);
        Metadata back = kryo.readObject(new Input(out.toBytes()), Metadata.class);
        assertEquals(md, back);
        assertEquals(List.of("1", "2"), back.getValues("a"));

        Metadata copy = md.copy();
        copy.add("a", "3");
        assertEquals(List.of("1", "2"), md.getValues("a"));
        assertEquals(3, md.getInt("depth", 0));
        assertEquals(Metadata.fromMap(Map.of("a", List.of("1", "2"), "depth", "3")), md);
    }
}
