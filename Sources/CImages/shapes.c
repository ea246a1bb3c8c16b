#include <math.h>
#include <stdlib.h>

#include "internal.h"

/* Pictures without colour (NO_COLOR; docs/IMAGES.md, "Without colour"): every pixel becomes its
 * lightness, each cell the symbol whose ink covers its two halves nearest (a space, the shades, the
 * full block, the upper or lower half block), and the rest of each cell's tone is carried to the
 * cells right and below (Floyd-Steinberg at the cell), so that a flat colour reads as its shade and a
 * gradient as every shade in turn. chafa's FGBG mode picked ink or paper at each pixel: a threshold. */

/* The symbols and how much of their top and bottom halves the ink covers (the shades as fonts draw
 * them: a quarter, a half, three quarters). */
static const struct { uint32_t codepoint; float top, bottom; } symbols[] = {
    { 0x20, 0, 0 }, { 0x2591, 0.25f, 0.25f }, { 0x2592, 0.5f, 0.5f }, { 0x2593, 0.75f, 0.75f },
    { 0x2588, 1, 1 }, { 0x2580, 1, 0 }, { 0x2584, 0, 1 },
};

/* Each sRGB value (0-255) in linear light, made once a conversion. */
static void linear_table(float table[256]) {
    for (int index = 0; index < 256; index++) {
        float value = index / 255.0f;
        table[index] = value <= 0.04045f ? value / 12.92f : powf((value + 0.055f) / 1.055f, 2.4f);
    }
}

/* CIE lightness L* / 100 of an sRGB pixel: the tone as the eye sees it (mid grey is a half). */
static float lightness(const uint8_t *pixel, const float linear[256]) {
    float y = 0.2126f * linear[pixel[0]] + 0.7152f * linear[pixel[1]] + 0.0722f * linear[pixel[2]];
    float l = y > 0.008856f ? 1.16f * cbrtf(y) - 0.16f : y * 9.033f;
    return l < 0 ? 0 : l > 1 ? 1 : l;
}

/* The mean ink a block of pixels wants (ink light: its lightness; dark: the rest), and whether any
 * of it is drawn (a pixel made clear by cimg_composite is paper). */
static float coverage(const cimg_picture *picture, int32_t x0, int32_t x1, int32_t y0, int32_t y1, int light,
                      const float linear[256], int *drawn) {
    double sum = 0;
    int64_t count = 0;
    for (int32_t y = y0; y < y1; y++) {
        const uint8_t *pixel = picture->pixels + ((size_t)y * (size_t)picture->width + (size_t)x0) * 4;
        for (int32_t x = x0; x < x1; x++, pixel += 4, count++) {
            if (pixel[3] < 128) continue;
            *drawn = 1;
            float l = lightness(pixel, linear);
            sum += light ? l : 1 - l;
        }
    }
    return count > 0 ? (float)(sum / (double)count) : 0;
}

/* Pixel rows (or columns) [from, to) of part `index` of `parts` of the span, never empty. */
static void span(int32_t start, int32_t length, int32_t index, int32_t parts, int32_t *from, int32_t *to) {
    *from = start + (int32_t)((int64_t)index * length / parts);
    *to = start + (int32_t)((int64_t)(index + 1) * length / parts);
    if (*to <= *from) *to = *from + 1;
    if (*to > start + length) { *to = start + length; *from = *to - 1; }
}

int cimg_convert_shapes(const cimg_picture *picture, cimg_rect source, int32_t columns, int32_t rows, int light,
                        cimg_cell *cells, cimg_status *status) {
    /* The tone still owed to this cell row and the next, one slot a column with a margin each side. */
    float *owed = calloc((size_t)columns + 2, sizeof(float)), *next = calloc((size_t)columns + 2, sizeof(float));
    if (owed == NULL || next == NULL) {
        free(owed);
        free(next);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    float linear[256];
    linear_table(linear);
    for (int32_t row = 0; row < rows; row++) {
        for (int32_t column = 0; column < columns; column++) {
            int32_t x0, x1, top0, top1, bottom0, bottom1;
            span(source.x, source.width, column, columns, &x0, &x1);
            span(source.y, source.height, row * 2, rows * 2, &top0, &top1);
            span(source.y, source.height, row * 2 + 1, rows * 2, &bottom0, &bottom1);
            int drawn = 0;
            float error = owed[column + 1];
            float top = coverage(picture, x0, x1, top0, top1, light, linear, &drawn) + error;
            float bottom = coverage(picture, x0, x1, bottom0, bottom1, light, linear, &drawn) + error;
            cimg_cell *cell = cells + (size_t)row * (size_t)columns + (size_t)column;
            cell->foreground = cell->background = -1;
            cell->codepoint = 0x20;
            if (!drawn) continue; /* clear: paper, and its debt is forgiven */
            size_t best = 0;
            float best_cost = INFINITY;
            for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
                float dt = top - symbols[index].top, db = bottom - symbols[index].bottom;
                float cost = dt * dt + db * db;
                if (cost < best_cost) { best_cost = cost; best = index; }
            }
            cell->codepoint = symbols[best].codepoint;
            float left = ((top - symbols[best].top) + (bottom - symbols[best].bottom)) / 2;
            if (left > 1) left = 1;
            if (left < -1) left = -1;
            owed[column + 2] += left * 7 / 16;
            next[column] += left * 3 / 16;
            next[column + 1] += left * 5 / 16;
            next[column + 2] += left * 1 / 16;
        }
        float *swap = owed;
        owed = next;
        next = swap;
        for (int32_t slot = 0; slot < columns + 2; slot++) next[slot] = 0;
    }
    free(owed);
    free(next);
    status->code = CIMG_OK;
    return 0;
}
