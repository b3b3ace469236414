package io.squall.bench.recrawl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the benchmark reads of /proc: CPU time in ticks of 1/100 s (Linux's USER_HZ), the whole machine's busy
 * time and a process's, and the load average.
 */
final class Proc {
    static final double MILLIS_A_TICK = 10;

    private Proc() {
    }

    /** Every core's busy ticks since boot: the first line of /proc/stat without idle and iowait. */
    static long machineTicks() throws IOException {
        String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long busy = 0;
        for (int i = 1; i < f.length && i <= 8; i++) {
            if (i != 4 && i != 5) {
                busy += Long.parseLong(f[i]);
            }
        }
        return busy;
    }

    /** A process's user and system ticks, its threads that ended included. */
    static long processTicks(long pid) throws IOException {
        String text = Files.readString(Path.of("/proc/" + pid + "/stat"));
        // after the command's name, which may hold spaces, in parentheses
        String[] f = text.substring(text.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** The load average of the last minute. */
    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }
}
