/* Times the pixel encoders of CImages (docs/IMAGES.md, "Pixel pictures") on one file: decode, scale to a
 * box's pixels (contain), then kitty PNG (f=100), kitty zlib RGBA (o=z) and sixel.
 *   pixel-bench FILE BOX_WIDTH_PX BOX_HEIGHT_PX RUNS [SCALED.rgba]
 * Prints one line a run: scale_ms png_ms png_bytes zlib_ms zlib_bytes sixel_ms sixel_bytes, then with a
 * fifth argument writes the scaled RGBA there (for img2sixel and for the size of the PNG alone).
 * Build (from the repository):
 *   cc -O2 -ISources/CImages/include $(pkg-config --cflags chafa) Benchmarks/pixel-bench.c Sources/CImages/ *.c \
 *      -o /tmp/pixel-bench -lm        (no space in "CImages/ *.c"; the libraries are opened with dlopen) */
#include "cimages_pixels.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return spec.tv_sec * 1000.0 + spec.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: pixel-bench FILE BOX_WIDTH_PX BOX_HEIGHT_PX RUNS [SCALED.rgba]\n");
        return 64;
    }
    int box_width = atoi(argv[2]), box_height = atoi(argv[3]), runs = atoi(argv[4]);
    cimg_file file = { 0 };
    cimg_status status = { 0 };
    cimg_picture picture = { 0 };
    if (cimg_file_read(argv[1], (size_t)CIMG_MAX_FILE_BYTES, &file, &status) != 0
        || cimg_decode(file.bytes, file.length, box_width, box_height, 0, &picture, &status) != 0) {
        fprintf(stderr, "pixel-bench: %s: %s\n", argv[1], status.message);
        return 65;
    }
    /* contain, as ImageFit.placement computes it */
    int width = box_width, height = box_height;
    if ((long)picture.width * box_height >= (long)box_width * picture.height)
        height = (int)(((long)box_width * picture.height + picture.width / 2) / picture.width);
    else
        width = (int)(((long)box_height * picture.width + picture.height / 2) / picture.height);
    cimg_rect source = { 0, 0, picture.width, picture.height };
    for (int run = 0; run < runs; run++) {
        cimg_picture scaled = { 0 };
        cimg_bytes png = { 0 }, zlib = { 0 }, sixel = { 0 };
        double start = now_ms();
        cimg_scale(&picture, source, width, height, &scaled, &status);
        double scaled_at = now_ms();
        cimg_kitty_encode(&scaled, CIMG_KITTY_PNG, 1, &png, &status);
        double png_at = now_ms();
        cimg_kitty_encode(&scaled, CIMG_KITTY_ZLIB, 1, &zlib, &status);
        double zlib_at = now_ms();
        cimg_sixel_encode(&scaled, 256, 0, 0, &sixel, &status);
        double sixel_at = now_ms();
        printf("%.2f %.2f %zu %.2f %zu %.2f %zu %dx%d\n", scaled_at - start, png_at - scaled_at, png.length,
               zlib_at - png_at, zlib.length, sixel_at - zlib_at, sixel.length, width, height);
        if (run == 0 && argc > 5) {
            FILE *out = fopen(argv[5], "wb");
            if (out != NULL) {
                fwrite(scaled.pixels, 4, (size_t)width * height, out);
                fclose(out);
            }
        }
        cimg_bytes_free(&png);
        cimg_bytes_free(&zlib);
        cimg_bytes_free(&sixel);
        cimg_picture_free(&scaled);
    }
    cimg_picture_free(&picture);
    cimg_file_free(&file);
    return 0;
}
