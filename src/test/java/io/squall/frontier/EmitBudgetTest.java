package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EmitBudgetTest {
    @Test
    void theTasksSharesAddUpToTheBudget() {
        long sum = 0;
        for (int task = 0; task < 3; task++) {
            EmitBudget share = EmitBudget.share(10, task, 3);
            while (share.charge("http://h/" + task + "/" + share.used())) {
                // charge all this task may hand out
            }
            assertEquals(task == 0 ? 4 : 3, share.used());
            sum += share.used();
        }
        assertEquals(10, sum);
    }

    @Test
    void aUrlIsChargedOnceAndAFailedOneIsNotHandedOutAgain() {
        EmitBudget budget = EmitBudget.share(2, 0, 1);
        assertTrue(budget.charge("http://h/a"));
        budget.failed("http://h/a");
        assertFalse(budget.charge("http://h/a"), "a failed URL is not handed out again under a budget");
        assertEquals(1, budget.setAside());
        assertTrue(budget.charge("http://h/b"));
        assertFalse(budget.charge("http://h/c"), "spent");
        assertEquals(2, budget.used());
        assertEquals(0, budget.room());
    }

    @Test
    void withoutALimitEverythingMayBeHandedOutAgain() {
        EmitBudget none = EmitBudget.share(-1, 0, 2);
        assertFalse(none.limited());
        assertTrue(none.charge("http://h/a"));
        none.failed("http://h/a");
        assertTrue(none.charge("http://h/a"));
        assertEquals(0, none.setAside());
        assertEquals(Integer.MAX_VALUE, none.room());
    }
}
