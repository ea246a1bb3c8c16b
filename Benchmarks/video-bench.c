/* The helper's CPU for a video (docs/IMAGES.md, "Video"; issue 23's target: a 10 fps 480x270 clip at 80x24 in
 * 256 colours, viewer + helper at most 15 % of one core): decodes every frame of FILE through cimg_animation_*
 * (FFmpeg, libswscale to RGBA) and converts each to COLUMNS x ROWS cells as the helper does for a still picture
 * (cimg_convert: chafa, then for 256 colours our palette mapping), RUNS times. Prints per run: frames, the video's length (sum of delays),
 * the process's CPU (user + system) for decoding and for converting, and that CPU as a share of one core while the
 * video plays in real time. Not the viewer's share (writing the cells to the terminal), nor the frame pacing.
 *   video-bench FILE COLUMNS ROWS RUNS [MODE]   (MODE: cimg_mode's number, default 1: 256 colours)
 * Build (from the repository):
 *   cc -O2 -ISources/CImages/include $(pkg-config --cflags chafa) Benchmarks/video-bench.c Sources/CImages/ *.c \
 *      -o /tmp/video-bench -lm        (no space in "CImages/ *.c"; the libraries are opened with dlopen) */
#include "cimages.h"
#include "cimages-animation.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static double cpu_ms(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0
           + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: video-bench FILE COLUMNS ROWS RUNS [MODE]\n");
        return 64;
    }
    int columns = atoi(argv[2]), rows = atoi(argv[3]), runs = atoi(argv[4]);
    cimg_animation *animation;
    cimg_animation_info info;
    cimg_status status = { 0 };
    if (cimg_animation_open_file(argv[1], &animation, &info, &status) != 0) {
        fprintf(stderr, "video-bench: %s: code %d %s\n", argv[1], status.code, status.message);
        return 65;
    }
    cimg_cell *cells = calloc((size_t)columns * rows, sizeof *cells);
    cimg_mode mode = argc == 6 ? (cimg_mode)atoi(argv[5]) : CIMG_MODE_INDEXED_240;
    cimg_conversion conversion = cimg_conversion_for(mode, 0x000000);
    conversion.one_thread = 1; /* as the helper converts a moving picture's frames */
    /* VIDEO_BENCH_FRAME=1: cimg_convert_frame (changed cells only), as the helper does; VIDEO_BENCH_WORK=0.2: a work
     * factor. */
    const char *frame_env = getenv("VIDEO_BENCH_FRAME"), *work_env = getenv("VIDEO_BENCH_WORK");
    int changed_only = frame_env != NULL && atoi(frame_env) == 1;
    if (work_env != NULL) conversion.work_factor = (float)atof(work_env);
    cimg_frame_memory *memory = NULL;
    long converted = 0;
    printf("frames length_ms decode_cpu_ms convert_cpu_ms share_of_a_core\n");
    for (int run = 0; run < runs; run++) {
        double decode = 0, convert = 0, length = 0;
        int frames = 0;
        cimg_animation_frame frame;
        for (;;) {
            double start = cpu_ms();
            int result = cimg_animation_next(animation, &frame, &status);
            decode += cpu_ms() - start;
            if (result != 1) break;
            cimg_picture picture = { (uint8_t *)frame.pixels, frame.width, frame.height };
            cimg_rect source = { 0, 0, frame.width, frame.height };
            start = cpu_ms();
            if (changed_only) {
                int32_t drawn = 0;
                cimg_convert_frame(&picture, source, columns, rows, &conversion, &memory, cells, &drawn, &status);
                converted += drawn;
            } else {
                cimg_convert(&picture, source, columns, rows, &conversion, cells, &status);
            }
            convert += cpu_ms() - start;
            length += frame.delay_ms;
            frames++;
        }
        printf("%d %.0f %.1f %.1f %.1f%%\n", frames, length, decode, convert,
               length > 0 ? 100.0 * (decode + convert) / length : 0);
        cimg_animation_rewind(animation, &status);
    }
    if (changed_only) printf("cells converted: %ld\n", converted);
    cimg_frame_memory_free(memory);
    free(cells);
    cimg_animation_close(animation);
    return 0;
}
