#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#include "CPoll.h"

/* MonotonicClock.now()'s seconds, to the same formula. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1000000000.0;
}

/* PollList.timeout's rule: to the nanosecond, rounded up, 0 for a time passed, at most a day. */
static int sleep_until(struct pollfd *fds, nfds_t count, double deadline) {
    double nanoseconds = (deadline - now()) * 1e9;
    if (nanoseconds <= 0) nanoseconds = 0;
    if (nanoseconds > 86400e9) nanoseconds = 86400e9;
    long long whole = (long long)nanoseconds;
    if ((double)whole < nanoseconds) whole++;
    struct timespec timeout = { (time_t)(whole / 1000000000LL), (long)(whole % 1000000000LL) };
    return ppoll(fds, count, &timeout, NULL);
}

long c_quiet_run(struct pollfd *fds, nfds_t count, const struct c_quiet_schedule *run, struct c_quiet_outcome *outcome) {
    double last = run->start;
    outcome->ready = 0;
    outcome->failed = 0;
    outcome->partial = 0;
    for (long index = run->first; index < run->count; index++) {
        double due = run->times[index] > last + run->gap ? run->times[index] : last + run->gap;
        int found = sleep_until(fds, count, due < run->own ? due : run->own);
        if (found > 0) {
            outcome->ready = found;
            return index;
        }
        last = now();
        if (found < 0 || last < due || last >= run->times[index + 1]) return index;
        long start = index == 0 ? 0 : run->ends[index - 1], length = run->ends[index] - start;
        if (length == 0) continue;
        /* The writer's thread holds the lock while it writes: the step then goes behind it (the caller's). */
        if (pthread_mutex_trylock(run->lock) != 0) {
            outcome->failed = 1;
            return index;
        }
        ssize_t written;
        do written = write(run->terminal, run->bytes + start, (size_t)length);
        while (written < 0 && errno == EINTR);
        pthread_mutex_unlock(run->lock);
        if (written != length) {
            outcome->failed = 1;
            outcome->partial = written > 0 ? written : 0;
            return index;
        }
    }
    return run->count;
}
