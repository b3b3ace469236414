package io.squall.storm;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import java.util.Collections;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers with Storm's Kryo every class of Squall's that travels in a tuple between workers, and the
 * JDK's empty collections that Storm's own metrics data points carry (their dimensions default to
 * {@code Collections.emptyMap()}, which Storm does not register). Storm refuses to serialize an
 * unregistered class ({@code topology.fall.back.on.java.serialization: false}), so a class missing here
 * breaks a cluster's workers on the first tuple that crosses them; local mode serializes every tuple
 * ({@code topology.testing.always.try.serialize}) to find that out in a test instead.
 *
 * <p>Named in {@code topology.kryo.decorators} by {@code crawler-default.yaml}; {@code io.squall.topology.TopologyChecks}
 * refuses a configuration that drops it.
 */
public final class TupleKryo implements IKryoDecorator {

    @Override
    public void decorate(Kryo kryo) {
        kryo.register(Metadata.class, new MetadataSerializer());
        kryo.register(Discovered.class, new DiscoveredSerializer());
        // Every registration names its serializer: Storm gives one registered without a serializer (at this
        // stage) Java serialization, with a warning each time a worker creates a Kryo.
        kryo.register(Status.class, new DefaultSerializers.EnumSerializer(Status.class));
        kryo.register(Collections.emptyMap().getClass(), new DefaultSerializers.CollectionsEmptyMapSerializer());
        kryo.register(Collections.emptyList().getClass(), new DefaultSerializers.CollectionsEmptyListSerializer());
        kryo.register(Collections.emptySet().getClass(), new DefaultSerializers.CollectionsEmptySetSerializer());
    }
}
