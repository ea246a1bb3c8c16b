/* The limit a playing bar is measured against (Benchmarks/run.py builds it with cc -O2): the same
 * visible work as stories-tui playing one story, and nothing else. Usage: limit COLUMNS SECONDS.
 * One frame (track, title, caption), then for each of the 8*COLUMNS eighth-steps of the segment:
 * poll stdin until the step is due, write the step (backspace + eighth block, or the block alone at
 * a new cell: 3 or 4 bytes). 'q' or the end of the story leaves the alternate screen. */
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

int main(int argc, char **argv) {
    int columns = argc > 2 ? atoi(argv[1]) : 78; double seconds = argc > 2 ? atof(argv[2]) : 30;
    struct termios saved, raw; tcgetattr(0, &saved); raw = saved; raw.c_lflag &= ~(ICANON | ECHO); tcsetattr(0, TCSANOW, &raw);
    char frame[8192]; int n = sprintf(frame, "\033[?1049h\033[?25l\033[H\033[2J \033[2m");
    for (int c = 0; c < columns; c++) n += sprintf(frame + n, "\u2500");
    n += sprintf(frame + n, "\033[m\033[2;2H\033[1mStory number 1\033[m\033[24;2HThe caption of story 1.\033[1;2H");
    double start = now(); write(1, frame, n);
    for (int step = 1, steps = 8 * columns; step <= steps; step++) {
        double due = start + seconds * step / steps; struct pollfd in = {0, POLLIN, 0}; char key = 0;
        for (double left; step <= steps && (left = due - now()) > 0;)
            if (poll(&in, 1, (int)(left * 1000 + 0.999)) > 0 && (read(0, &key, 1) != 1 || key == 'q')) step = steps + 1;
        if (step > steps) break;
        int eighth = (step - 1) % 8 + 1; char glyph[4] = "\b"; /* U+2590 - eighth: ▏ … █ in UTF-8 */
        int code = 0x2590 - eighth; char *g = glyph + (eighth > 1);
        g[0] = 0xe0 | code >> 12; g[1] = 0x80 | (code >> 6 & 0x3f); g[2] = 0x80 | (code & 0x3f);
        write(1, glyph, (eighth > 1) + 3);
    }
    write(1, "\033[?25h\033[?1049l", 15); tcsetattr(0, TCSANOW, &saved); return 0;
}
