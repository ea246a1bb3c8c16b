/* Reads a binary PPM (P6, maxval 255) on standard input and writes it as a JPEG (TurboJPEG,
 * 4:2:0) on standard output. Used by scripts/draw-examples.py; built by it with `cc ... -lturbojpeg`.
 * Usage: ppm-to-jpeg QUALITY [progressive] < in.ppm > out.jpg */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

int main(int argc, char **argv) {
    int quality = argc > 1 ? atoi(argv[1]) : 85;
    int progressive = argc > 2 && strcmp(argv[2], "progressive") == 0;
    int width, height, maxval;
    if (scanf("P6 %d %d %d", &width, &height, &maxval) != 3 || maxval != 255 || width <= 0 || height <= 0) return 65;
    getchar();
    size_t size = (size_t)width * height * 3;
    unsigned char *rgb = malloc(size);
    if (rgb == NULL || fread(rgb, 1, size, stdin) != size) return 65;
    tjhandle handle = tjInitCompress();
    unsigned char *jpeg = NULL;
    unsigned long length = 0;
    if (tjCompress2(handle, rgb, width, 0, height, TJPF_RGB, &jpeg, &length, TJSAMP_420, quality,
                    progressive ? TJFLAG_PROGRESSIVE : 0) != 0) {
        fprintf(stderr, "ppm-to-jpeg: %s\n", tjGetErrorStr2(handle));
        return 70;
    }
    fwrite(jpeg, 1, length, stdout);
    tjFree(jpeg);
    tjDestroy(handle);
    free(rgb);
    return 0;
}
