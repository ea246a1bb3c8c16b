/* Colour error of the palette renderings (issue 21): how far the 240-colour (and 16-colour) cells of
 * a picture are from its truecolour cells. Built and run by Benchmarks/colours.py.
 *
 *   colour-error COLUMNS ROWS      one line a picture, mode and conversion:
 *                                  picture mode conversion mean_dE76 p95_dE76
 *
 * The pictures are photo-like and made here (no files): a sky, foliage, skin tones, a night street.
 * A cell's colour is the mean of its two colours in linear light weighted by the symbol's ink (a space is its
 * background, a full block its foreground, a half block half each), in CIE Lab (D65); the error of a
 * cell is ΔE76 between its colour in truecolour and in the palette rendering, averaged over the
 * picture's cells. */
#include "cimages.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WIDTH = 640, HEIGHT = 480 };

static double noise(int x, int y, int seed) {
    unsigned h = (unsigned)x * 374761393u + (unsigned)y * 668265263u + (unsigned)seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return ((h ^ (h >> 16)) & 0xFFFF) / 65535.0;
}

/* Smooth noise: bilinear between lattice points every `cell` pixels. */
static double smooth(int x, int y, int cell, int seed) {
    int gx = x / cell, gy = y / cell;
    double fx = (double)(x % cell) / cell, fy = (double)(y % cell) / cell;
    double a = noise(gx, gy, seed), b = noise(gx + 1, gy, seed), c = noise(gx, gy + 1, seed), d = noise(gx + 1, gy + 1, seed);
    return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}

static uint8_t clamp(double v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v + 0.5); }

static void pixel(const char *name, int x, int y, uint8_t *p) {
    double fx = (double)x / WIDTH, fy = (double)y / HEIGHT, r = 0, g = 0, b = 0;
    double cloud = smooth(x, y, 40, 1) * 0.6 + smooth(x, y, 12, 2) * 0.4;
    if (strcmp(name, "sky") == 0) {            /* a blue sky over a dawn horizon, soft clouds */
        r = 70 + 120 * fy; g = 120 + 80 * fy; b = 230 - 40 * fy;
        if (cloud > 0.62) { double k = (cloud - 0.62) * 2.6; r += (240 - r) * k; g += (240 - g) * k; b += (245 - b) * k; }
        if (fy > 0.8) { r = 230 - 60 * (fy - 0.8) * 5; g = 150 - 40 * (fy - 0.8) * 5; b = 90; }
    } else if (strcmp(name, "foliage") == 0) { /* leaves in sun and shade */
        double leaf = smooth(x, y, 9, 3), light = smooth(x, y, 60, 4);
        r = 30 + 70 * light + 40 * leaf; g = 70 + 110 * light + 50 * leaf; b = 20 + 40 * light;
        if (leaf > 0.8) { r += 60; g += 50; b += 10; }
    } else if (strcmp(name, "skin") == 0) {    /* faces: skin tones from light to deep, with shading */
        double tone = fx, shade = 0.75 + 0.25 * sin(fy * 3.14159) + 0.05 * smooth(x, y, 6, 5);
        r = (240 - 110 * tone) * shade; g = (200 - 115 * tone) * shade; b = (175 - 115 * tone) * shade;
    } else {                                   /* night: dark blue sky, orange street lights, windows */
        r = 10 + 20 * fy; g = 15 + 20 * fy; b = 45 + 30 * (1 - fy);
        double glow = 0;
        for (int lamp = 0; lamp < 5; lamp++) {
            double lx = 0.1 + lamp * 0.2, ly = 0.7, dx = fx - lx, dy = (fy - ly) * 0.75;
            glow += 0.02 / (dx * dx + dy * dy + 0.02);
        }
        r += 230 * glow; g += 130 * glow; b += 30 * glow;
        if (fy > 0.35 && fy < 0.65 && noise(x / 16, y / 12, 6) > 0.8) { r = 240; g = 200; b = 110; }
    }
    p[0] = clamp(r + (noise(x, y, 7) - 0.5) * 8); p[1] = clamp(g + (noise(x, y, 8) - 0.5) * 8);
    p[2] = clamp(b + (noise(x, y, 9) - 0.5) * 8); p[3] = 255;
}

static void raw_rgb(int32_t raw, cimg_mode mode, double rgb[3]) {
    uint32_t value = raw < 0 ? 0 : mode == CIMG_MODE_TRUECOLOR ? (uint32_t)raw : cimg_palette_rgb(raw);
    rgb[0] = (value >> 16) & 0xFF; rgb[1] = (value >> 8) & 0xFF; rgb[2] = value & 0xFF;
}

static double ink(uint32_t codepoint) {
    if (codepoint == ' ') return 0;
    if (codepoint == 0x2588) return 1;
    return 0.5;  /* ▀ ▄ ▌ ▐ */
}

static double linear(double c) { c /= 255; return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }
static double lab_f(double t) { return t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116; }

/* The cell's colour as the eye mixes it: the mean of its colours in linear light, by ink. */
static void cell_lab(const cimg_cell *cell, cimg_mode mode, double out[3]) {
    double fg[3], bg[3], k = ink(cell->codepoint);
    raw_rgb(cell->foreground, mode, fg);
    raw_rgb(cell->background, mode, bg);
    double r = linear(fg[0]) * k + linear(bg[0]) * (1 - k), g = linear(fg[1]) * k + linear(bg[1]) * (1 - k),
           b = linear(fg[2]) * k + linear(bg[2]) * (1 - k);
    double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
           z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    out[0] = 116 * lab_f(y) - 16; out[1] = 500 * (lab_f(x) - lab_f(y)); out[2] = 200 * (lab_f(y) - lab_f(z));
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 3) return 64;
    int columns = atoi(argv[1]), rows = atoi(argv[2]);
    const char *names[] = { "sky", "foliage", "skin", "night" };
    cimg_picture picture = { malloc((size_t)WIDTH * HEIGHT * 4), WIDTH, HEIGHT };
    cimg_cell *truth = malloc(sizeof *truth * (size_t)columns * rows), *cells = malloc(sizeof *cells * (size_t)columns * rows);
    double *errors = malloc(sizeof *errors * (size_t)columns * rows);
    cimg_rect all = { 0, 0, WIDTH, HEIGHT };
    /* Today's conversion (chafa, RGB, no dither), chafa's perceptual space and dithers, and ours
     * (chafa in truecolour, then cimg_map_to_palette: what cimg_conversion_for picks). */
    typedef struct { const char *name; cimg_dither dither; int32_t grain; int32_t perceptual; int32_t ours; } candidate;
    const candidate candidates[] = {
        { "chafa-rgb", CIMG_DITHER_NONE, 4, 0, 0 },             { "chafa-din99d", CIMG_DITHER_NONE, 4, 1, 0 },
        { "chafa-rgb-ordered4", CIMG_DITHER_ORDERED, 4, 0, 0 }, { "chafa-din99d-ordered4", CIMG_DITHER_ORDERED, 4, 1, 0 },
        { "chafa-din99d-diffusion2", CIMG_DITHER_DIFFUSION, 2, 1, 0 },
        { "chafa-din99d-diffusion4", CIMG_DITHER_DIFFUSION, 4, 1, 0 }, { "ours", CIMG_DITHER_NONE, 4, 0, 1 },
    };
    const cimg_mode modes[] = { CIMG_MODE_INDEXED_240, CIMG_MODE_INDEXED_16 };
    for (int n = 0; n < 4; n++) {
        for (int y = 0; y < HEIGHT; y++)
            for (int x = 0; x < WIDTH; x++) pixel(names[n], x, y, picture.pixels + ((size_t)y * WIDTH + x) * 4);
        cimg_status status = { 0 };
        cimg_conversion exact = { CIMG_MODE_TRUECOLOR, CIMG_DITHER_NONE, 4, 1.0f, 0, 0, 0 };
        if (cimg_convert(&picture, all, columns, rows, &exact, truth, &status) != 0) return 3;
        for (int m = 0; m < 2; m++) {
            for (size_t c = 0; c < sizeof candidates / sizeof candidates[0]; c++) {
                cimg_conversion conversion = { modes[m], candidates[c].dither, candidates[c].grain, 1.0f,
                                               candidates[c].perceptual, candidates[c].ours, 0 };
                if (cimg_convert(&picture, all, columns, rows, &conversion, cells, &status) != 0) return 3;
                double sum = 0;
                for (int i = 0; i < columns * rows; i++) {
                    double a[3], b[3];
                    cell_lab(truth + i, CIMG_MODE_TRUECOLOR, a);
                    cell_lab(cells + i, modes[m], b);
                    errors[i] = sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
                    sum += errors[i];
                }
                qsort(errors, (size_t)columns * rows, sizeof *errors, compare);
                printf("%s %s %s %.2f %.2f\n", names[n], m == 0 ? "240" : "16", candidates[c].name,
                       sum / (columns * rows), errors[(columns * rows * 95) / 100]);
            }
        }
    }
    free(errors); free(cells); free(truth); free(picture.pixels);
    return 0;
}
