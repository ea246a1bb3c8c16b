/* Times the image pipeline of CImages on one file: read, decode (scaled), convert with chafa.
 * Built and run by Benchmarks/images.py:  image-bench FILE COLUMNS ROWS MODE RUNS
 * (COLUMNS x ROWS: the fitted grid). Prints one line a run: read_ms decode_ms convert_ms total_ms.
 * Also: image-bench --write-jpeg OUT WIDTH HEIGHT, a photo-like test picture (TurboJPEG, quality 90). */
#include "cimages.h"
#include "cimagefixtures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return spec.tv_sec * 1000.0 + spec.tv_nsec / 1e6;
}

static int write_jpeg(const char *path, int width, int height) {
    uint8_t *rgb = malloc((size_t)width * height * 3);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            uint8_t *p = rgb + ((size_t)y * width + x) * 3;
            double fx = (double)x / width, fy = (double)y / height;
            int noise = (int)((x * 7919u + y * 104729u) % 23) - 11;
            double hill = 0.5 + 0.1 * sin(fx * 12.0) - fy;
            p[0] = (uint8_t)fmin(255, fmax(0, 60 + 150 * fy + noise + (hill < 0 ? 20 : 0)));
            p[1] = (uint8_t)fmin(255, fmax(0, 90 + 100 * (1 - fy) + noise + (hill < 0 ? 60 : 0)));
            p[2] = (uint8_t)fmin(255, fmax(0, 200 - 120 * fy + noise - (hill < 0 ? 120 : 0)));
        }
    }
    uint8_t *jpeg;
    size_t length;
    if (fixture_jpeg(rgb, width, height, FIXTURE_JPEG_COLOR, 0, 0, 0, &jpeg, &length) != 0) return 1;
    FILE *file = fopen(path, "wb");
    fwrite(jpeg, 1, length, file);
    fclose(file);
    fixture_free(jpeg);
    free(rgb);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 5 && argv[1][0] == '-') return write_jpeg(argv[2], atoi(argv[3]), atoi(argv[4]));
    if (argc != 6) return 64;
    int columns = atoi(argv[2]), rows = atoi(argv[3]), mode = atoi(argv[4]), runs = atoi(argv[5]);
    cimg_cell *cells = malloc(sizeof *cells * (size_t)columns * rows);
    for (int run = 0; run < runs; run++) {
        cimg_status status = { 0 };
        cimg_file file;
        cimg_picture picture;
        double start = now_ms();
        if (cimg_file_read(argv[1], (size_t)CIMG_MAX_FILE_BYTES, &file, &status) != 0) return 1;
        double read = now_ms();
        cimg_backdrop black = { { 0 }, 1, 0 };
        if (cimg_decode(file.bytes, file.length, columns * 8, rows * 8, &black, &picture, &status) != 0) return 2;
        double decoded = now_ms();
        cimg_rect all = { 0, 0, picture.width, picture.height };
        cimg_conversion conversion = cimg_conversion_for((cimg_mode)mode, 0);
        if (cimg_convert(&picture, all, columns, rows, &conversion, cells, &status) != 0) return 3;
        double converted = now_ms();
        printf("%.3f %.3f %.3f %.3f %dx%d\n", read - start, decoded - read, converted - decoded, converted - start,
               picture.width, picture.height);
        cimg_picture_free(&picture);
        cimg_file_free(&file);
    }
    free(cells);
    return 0;
}
