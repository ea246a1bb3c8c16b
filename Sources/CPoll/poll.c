#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include "CPoll.h"

int c_poll_nanoseconds(struct pollfd *fds, nfds_t count, long long nanoseconds) {
    if (nanoseconds < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = { (time_t)(nanoseconds / 1000000000LL), (long)(nanoseconds % 1000000000LL) };
    return ppoll(fds, count, &timeout, NULL);
}

int c_pipe2(int fds[2], int flags) {
    return pipe2(fds, flags);
}
