#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads up to `wanted` bytes, retrying on EINTR and short reads; returns the count or -1. */
static ssize_t read_fully(int descriptor, uint8_t *buffer, size_t wanted) {
    size_t done = 0;
    while (done < wanted) {
        ssize_t count = read(descriptor, buffer + done, wanted - done);
        if (count < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (count == 0) break;
        done += (size_t)count;
    }
    return (ssize_t)done;
}

static int open_failure(cimg_status *status, int error_number) {
    status->error_number = error_number;
    if (error_number == ENOENT || error_number == ENOTDIR) return cimg_fail(status, CIMG_MISSING, NULL);
    return cimg_fail(status, CIMG_UNREADABLE, NULL);
}

int cimg_file_read(const char *path, size_t max_read, cimg_file *file, cimg_status *status) {
    file->bytes = NULL;
    file->length = 0;
    file->file_bytes = 0;
    /* O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer. */
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (descriptor < 0) return open_failure(status, errno);
    struct stat info;
    if (fstat(descriptor, &info) != 0) {
        int error_number = errno;
        close(descriptor);
        return open_failure(status, error_number);
    }
    if (!S_ISREG(info.st_mode)) {
        close(descriptor);
        return cimg_fail(status, CIMG_NOT_REGULAR, NULL);
    }
    status->file_bytes = (int64_t)info.st_size;
    file->file_bytes = (int64_t)info.st_size;
    if ((int64_t)info.st_size > CIMG_MAX_FILE_BYTES) {
        close(descriptor);
        return cimg_fail(status, CIMG_FILE_TOO_LARGE, NULL);
    }
    /* A regular file never blocks, but clear the flag anyway: a read must not fail with EAGAIN. */
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
    /* Never more than the size fstat gave: a file that grows meanwhile is read as it was. */
    size_t wanted = (size_t)info.st_size;
    if (wanted > max_read) wanted = max_read;
    uint8_t *bytes = malloc(wanted > 0 ? wanted : 1);
    if (bytes == NULL) {
        close(descriptor);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    ssize_t count = read_fully(descriptor, bytes, wanted);
    int error_number = errno;
    close(descriptor);
    if (count < 0) {
        free(bytes);
        status->error_number = error_number;
        return cimg_fail(status, CIMG_UNREADABLE, NULL);
    }
    file->bytes = bytes;
    file->length = (size_t)count;
    status->code = CIMG_OK;
    return 0;
}

void cimg_file_free(cimg_file *file) {
    free(file->bytes);
    file->bytes = NULL;
    file->length = 0;
}
