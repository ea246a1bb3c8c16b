#ifndef C_POLL_H
#define C_POLL_H

#include <poll.h>

/// The viewer's sleep (PollList.wait): `ppoll` takes its time-out in nanoseconds, where poll's whole
/// milliseconds rounded up woke a frame due up to 1 ms late (docs/IMAGES.md, "Cells that did not change").
/// glibc declares `ppoll` only under _GNU_SOURCE, which Swift's Glibc module does not set, so it is called
/// from poll.c, compiled with it. `nanoseconds` < 0: no time-out.
int c_poll_nanoseconds(struct pollfd *fds, nfds_t count, long long nanoseconds);

#endif
