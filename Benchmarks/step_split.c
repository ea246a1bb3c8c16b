/* Where a bar step's CPU goes (Benchmarks/step.py, issue 24): an LD_PRELOAD shim that reads the calling
 * thread's CPU clock (CLOCK_THREAD_CPUTIME_ID, by system call, never the vDSO's cached value) around each
 * poll/ppoll and each write of at most 4 bytes (a bar step's), and so splits the step's CPU into the program's
 * own part (user code between the wake-up and the next sleep, page walks and cache misses included), the
 * write's system call and the poll's (the sleep's entry, the wake-up and the return). Appends "steps polls
 * user_ns write_ns poll_ns" to $STEP_SPLIT_OUT at exit. The clock reads cost the same in every program measured. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long thread_cpu(void) {
    struct timespec t;
    syscall(SYS_clock_gettime, CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static __thread long long mark;
static __thread int armed;
static long long user_ns, write_ns, poll_ns, steps, polls;
static int (*real_ppoll)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
static ssize_t (*real_write)(int, const void *, size_t);

static void report(void) {
    const char *path = getenv("STEP_SPLIT_OUT");
    FILE *f = path ? fopen(path, "a") : NULL;
    if (!f) return;
    fprintf(f, "%lld %lld %lld %lld %lld\n", steps, polls, user_ns, write_ns, poll_ns);
    fclose(f);
}

__attribute__((constructor)) static void start(void) {
    real_ppoll = (int (*)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *))dlsym(RTLD_NEXT, "ppoll");
    real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    atexit(report);
}

int ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *mask) {
    long long before = thread_cpu();
    if (armed) user_ns += before - mark;
    int result = real_ppoll(fds, count, timeout, mask);
    long long after = thread_cpu();
    poll_ns += after - before;
    polls++;
    mark = after;
    armed = 1;
    return result;
}

int poll(struct pollfd *fds, nfds_t count, int milliseconds) {
    struct timespec timeout = { milliseconds / 1000, (milliseconds % 1000) * 1000000L };
    return ppoll(fds, count, milliseconds < 0 ? NULL : &timeout, NULL);
}

ssize_t write(int fd, const void *bytes, size_t count) {
    if (count > 4 || !armed) return real_write(fd, bytes, count);
    long long before = thread_cpu();
    user_ns += before - mark;
    ssize_t result = real_write(fd, bytes, count);
    long long after = thread_cpu();
    write_ns += after - before;
    steps++;
    mark = after;
    return result;
}
