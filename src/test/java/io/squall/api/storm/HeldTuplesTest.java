package io.squall.api.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeldTuplesTest {

    @Test
    void aTupleIsDueForRenewalOnceHeldLongEnoughAndThenAgainAfterTheSamePeriod() {
        HeldTuples<String> held = new HeldTuples<>(10_000);
        held.hold("a", 0);
        held.hold("b", 5_000);
        assertEquals(List.of(), held.dueForRenewal(9_999));
        assertEquals(List.of("a"), held.dueForRenewal(10_000));
        assertEquals(List.of(), held.dueForRenewal(14_000), "a was just renewed; b is not due yet");
        assertEquals(List.of("b"), held.dueForRenewal(15_000));
        assertEquals(new HashSet<>(List.of("a", "b")), new HashSet<>(held.dueForRenewal(25_000)));
    }

    @Test
    void aReleasedTupleIsNeverRenewed() {
        HeldTuples<String> held = new HeldTuples<>(1_000);
        held.hold("acked", 0);
        held.hold("failed", 0);
        held.hold("waiting", 0);
        held.release("acked");
        held.release("failed");
        assertEquals(Set.of("waiting"), Set.copyOf(held.dueForRenewal(5_000)));
        assertEquals(1, held.size());
    }
}
