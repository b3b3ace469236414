package io.squall.storm;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.squall.api.Metadata;
import java.util.List;
import java.util.Map;

/**
 * Kryo serializer for {@link Metadata} between Storm workers: key, value count, values, with no class
 * names in the stream. Registered through {@code topology.kryo.register} in crawler-default.yaml.
 */
public final class MetadataSerializer extends Serializer<Metadata> {

    @Override
    public void write(Kryo kryo, Output output, Metadata metadata) {
        Map<String, List<String>> map = metadata.asMap();
        output.writeVarInt(map.size(), true);
        for (Map.Entry<String, List<String>> e : map.entrySet()) {
            output.writeString(e.getKey());
            output.writeVarInt(e.getValue().size(), true);
            for (String v : e.getValue()) {
                output.writeString(v);
            }
        }
    }

    @Override
    public Metadata read(Kryo kryo, Input input, Class<? extends Metadata> type) {
        Metadata md = new Metadata();
        int keys = input.readVarInt(true);
        for (int i = 0; i < keys; i++) {
            String key = input.readString();
            int n = input.readVarInt(true);
            for (int j = 0; j < n; j++) {
                md.add(key, input.readString());
            }
        }
        return md;
    }

    @Override
    public Metadata copy(Kryo kryo, Metadata original) {
        return original.copy();
    }
}
