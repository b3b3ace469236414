package io.squall.storm;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.squall.api.Discovered;
import io.squall.api.Metadata;

/** Kryo serializer for {@link Discovered} between Storm workers: the URL, then its metadata. */
public final class DiscoveredSerializer extends Serializer<Discovered> {
    private final MetadataSerializer metadata = new MetadataSerializer();

    @Override
    public void write(Kryo kryo, Output output, Discovered discovered) {
        output.writeString(discovered.url());
        metadata.write(kryo, output, discovered.metadata());
    }

    @Override
    public Discovered read(Kryo kryo, Input input, Class<? extends Discovered> type) {
        String url = input.readString();
        return new Discovered(url, metadata.read(kryo, input, Metadata.class));
    }
}
