#ifndef C_POLL_H
#define C_POLL_H

#include <poll.h>
#include <pthread.h>

/// The viewer's sleep (PollList.wait): `ppoll` takes its time-out in nanoseconds, where poll's whole
/// milliseconds rounded up woke a frame due up to 1 ms late (docs/IMAGES.md, "Cells that did not change").
/// glibc declares `ppoll` only under _GNU_SOURCE, which Swift's Glibc module does not set, so it is called
/// from poll.c, compiled with it. `nanoseconds` < 0: no time-out.
int c_poll_nanoseconds(struct pollfd *fds, nfds_t count, long long nanoseconds);

/// `pipe2` (also declared only under _GNU_SOURCE): both ends made with `flags` (O_CLOEXEC, O_NONBLOCK) in one
/// system call, where `pipe` and `fcntl` took up to seven (WakePipe).
int c_pipe2(int fds[2], int flags);

/// A quiet run's steps as `c_quiet_run` writes them (`PollList.runQuiet`; docs/ARCHITECTURE.md, "Quiet runs").
struct c_quiet_schedule {
    /// When each step is due, and one time more (`BarSchedule.times`: count + 1), in MonotonicClock's seconds.
    const double *times;
    long count;
    /// The step to start at, and the time of the last wake-up before it.
    long first;
    double start;
    /// The shortest sleep after a wake-up, and the host's own deadline (INFINITY for none).
    double gap;
    double own;
    /// Every step's bytes one after the other, and where each ends (`QuietRunBytes`).
    const unsigned char *bytes;
    const long *ends;
    /// The terminal's own non-blocking descriptor, and the writer's lock (`TerminalWriter.quietTarget`).
    int terminal;
    pthread_mutex_t *lock;
};

/// How a quiet run ended: `ready` descriptors (poll's count, 0 for none); `failed`: the step returned was not
/// written whole (the writer's thread held its lock, or the terminal took only `partial` bytes of it).
struct c_quiet_outcome {
    int ready;
    int failed;
    long partial;
};

/// The quiet run's loop, in C so that a step touches nothing but these arrays, the poll list and the lock
/// (Benchmarks/README.md, "Quiet runs"): for each step, `ppoll` until it is due (and `gap` after the last
/// wake-up, never past `own`), then one `write` of its bytes under the writer's lock, unless the wake-up came
/// before it (the host's deadline, EINTR) or at or after the next step's time. Returns the index of the first
/// step not written (`count` when all were).
long c_quiet_run(struct pollfd *fds, nfds_t count, const struct c_quiet_schedule *run, struct c_quiet_outcome *outcome);

#endif
