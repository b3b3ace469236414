package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.serialization.SerializableSerializer;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** Tuples' values cross workers through Storm's own Kryo set-up, configured as Squall's defaults say. */
class TupleKryoTest {

    private static Map<String, Object> stormConf(Map<String, Object> squall) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.putAll(squall);
        return conf;
    }

    @Test
    void squallsTupleValuesAndStormsEmptyMetricDimensionsSurviveTheTrip() {
        Map<String, Object> conf = stormConf(CrawlerConfig.defaults().asMap());
        Metadata metadata = new Metadata();
        metadata.add("depth", "2");
        metadata.add("url.path", "http://a.example/");
        metadata.add("url.path", "http://a.example/b");
        Discovered link = new Discovered("http://a.example/d", metadata);
        List<Object> values = new ArrayList<>(List.of("http://a.example/c", metadata, Status.FETCH_ERROR,
                new byte[] {1, 2, 3}, Collections.emptyMap(), new ArrayList<>(List.of(link))));

        byte[] bytes = new KryoValuesSerializer(conf).serialize(values);
        List<Object> back = new KryoValuesDeserializer(conf).deserialize(bytes);

        assertEquals("http://a.example/c", back.get(0));
        assertEquals(metadata.asMap(), ((Metadata) back.get(1)).asMap());
        assertEquals(Status.FETCH_ERROR, back.get(2));
        assertEquals(List.of((byte) 1, (byte) 2, (byte) 3), List.of(((byte[]) back.get(3))[0], ((byte[]) back.get(3))[1],
                ((byte[]) back.get(3))[2]));
        assertEquals(Map.of(), back.get(4));
        Discovered linkBack = (Discovered) ((List<?>) back.get(5)).get(0);
        assertEquals("http://a.example/d", linkBack.url());
        assertEquals(metadata.asMap(), linkBack.metadata().asMap());
    }

    @Test
    void noRegistrationFallsBackOnJavaSerialization() {
        Kryo kryo = SerializationFactory.getKryo(stormConf(CrawlerConfig.defaults().asMap()));
        for (Class<?> type : List.of(Metadata.class, Discovered.class, Status.class, Collections.emptyMap().getClass(),
                Collections.emptyList().getClass(), Collections.emptySet().getClass())) {
            Serializer<?> serializer = kryo.getRegistration(type).getSerializer();
            assertFalse(serializer instanceof SerializableSerializer, type + " is written by " + serializer);
        }
    }

    @Test
    void withoutTheDecoratorStormRefusesSquallsClasses() {
        Map<String, Object> conf = stormConf(CrawlerConfig.defaults().asMap());
        conf.put("topology.kryo.decorators", List.of());
        KryoValuesSerializer serializer = new KryoValuesSerializer(conf);
        assertThrows(RuntimeException.class, () -> serializer.serialize(new ArrayList<>(List.of(Status.FETCHED))));
        assertThrows(RuntimeException.class, () -> serializer.serialize(new ArrayList<>(List.of(Collections.emptyMap()))));
    }
}
