/* What one page fault costs on this machine, the three kinds a start takes: a page of anonymous memory
 * written first (the heap, .bss), a page of a file read (a program's code: the kernel maps up to 16
 * pages around it at once), and a page of a file written (a private copy: the relocated data).
 *
 *     cc -O2 -o /tmp/page_faults Benchmarks/page_faults.c && /tmp/page_faults FILE-OF-4-MB-OR-MORE
 *
 * Benchmarks/README.md, "Start-up, second pass". */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e6 + now.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    const long page = 4096, pages = 1000;
    struct stat info;
    int file = argc > 1 ? open(argv[1], O_RDONLY) : -1;
    if (file < 0 || fstat(file, &info) != 0 || info.st_size < pages * page) {
        fprintf(stderr, "usage: %s FILE (of at least 4 MB, read once before so that it is cached)\n", argv[0]);
        return 2;
    }
    char *anonymous = mmap(0, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char *reading = mmap(0, pages * page, PROT_READ, MAP_PRIVATE, file, 0);
    char *writing = mmap(0, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE, file, 0);
    if (anonymous == MAP_FAILED || reading == MAP_FAILED || writing == MAP_FAILED) { perror("mmap"); return 1; }
    double start = microseconds();
    for (long i = 0; i < pages; i++) anonymous[i * page] = 1;
    double anonymousCost = (microseconds() - start) / pages;
    volatile char sum = 0;
    start = microseconds();
    for (long i = 0; i < pages; i += 16) sum += reading[i * page];  /* one fault maps 16 pages */
    double readCost = (microseconds() - start) / (pages / 16);
    start = microseconds();
    for (long i = 0; i < pages; i++) writing[i * page] = 1;
    double writeCost = (microseconds() - start) / pages;
    printf("a page fault: anonymous written %.2f us, file read %.2f us, file written (copied) %.2f us\n",
           anonymousCost, readCost, writeCost);
    return 0;
}
