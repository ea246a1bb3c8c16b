#include "pixels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The colour cube: six levels a channel (0, 51, ... 255, which are 0, 20, ... 100 percent in sixel's
 * colour definitions), register r * 36 + g * 6 + b. */
enum { CUBE_LEVELS = 6, CUBE_COLORS = CUBE_LEVELS * CUBE_LEVELS * CUBE_LEVELS, NO_COLOR = 0xFFFF };

static int level(uint8_t value) { return (value * (CUBE_LEVELS - 1) + 127) / 255; }

/* Appends `count` copies of the sixel character `sixel`: repeated (`!count`) when that is shorter. */
static int append_run(cimg_bytes *out, uint8_t sixel, int32_t count) {
    char text[24];
    if (count > 3) {
        int length = snprintf(text, sizeof text, "!%d%c", count, sixel);
        return cimg_bytes_append(out, text, (size_t)length);
    }
    for (int32_t index = 0; index < count; index++) text[index] = (char)sixel;
    return cimg_bytes_append(out, text, (size_t)count);
}

/* Appends one band's row of sixels for colour: each column's six bits (bit n: row band + n). Trailing
 * empty columns are left out. */
static int append_color_row(cimg_bytes *out, const uint16_t *indices, int32_t width, int32_t rows, uint16_t color) {
    int32_t run = 0;
    uint8_t previous = 0;
    int32_t pending_empty = 0;
    for (int32_t x = 0; x < width; x++) {
        uint8_t bits = 0;
        for (int32_t dy = 0; dy < rows; dy++) {
            if (indices[(size_t)dy * (size_t)width + (size_t)x] == color) bits |= (uint8_t)(1u << dy);
        }
        uint8_t sixel = (uint8_t)(63 + bits);
        if (bits == 0) {
            pending_empty++;
            continue;
        }
        if (pending_empty > 0) {
            if (run > 0 && append_run(out, previous, run) != 0) return -1;
            run = 0;
            if (append_run(out, 63, pending_empty) != 0) return -1;
            pending_empty = 0;
        }
        if (run > 0 && sixel != previous) {
            if (append_run(out, previous, run) != 0) return -1;
            run = 0;
        }
        previous = sixel;
        run++;
    }
    return run > 0 ? append_run(out, previous, run) : 0;
}

int cimg_sixel_encode(const cimg_picture *picture, cimg_bytes *out, cimg_status *status) {
    const int32_t width = picture->width, height = picture->height;
    if (width <= 0 || height <= 0) return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    uint16_t *indices = malloc((size_t)width * 6 * sizeof *indices);
    if (indices == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    int used[CUBE_COLORS] = { 0 };
    for (size_t pixel = 0; pixel < (size_t)width * (size_t)height; pixel++) {
        const uint8_t *rgba = picture->pixels + pixel * 4;
        if (rgba[3] >= 128) used[level(rgba[0]) * 36 + level(rgba[1]) * 6 + level(rgba[2])] = 1;
    }
    char text[64];
    int failed = 0;
    int length = snprintf(text, sizeof text, "\033P0;1;0q\"1;1;%d;%d", width, height);
    failed |= cimg_bytes_append(out, text, (size_t)length);
    for (int color = 0; color < CUBE_COLORS && !failed; color++) {
        if (!used[color]) continue;
        length = snprintf(text, sizeof text, "#%d;2;%d;%d;%d", color, color / 36 * 20, color / 6 % 6 * 20, color % 6 * 20);
        failed |= cimg_bytes_append(out, text, (size_t)length);
    }
    for (int32_t band = 0; band < height && !failed; band += 6) {
        int32_t rows = height - band < 6 ? height - band : 6;
        int in_band[CUBE_COLORS] = { 0 };
        for (int32_t dy = 0; dy < rows; dy++) {
            const uint8_t *row = picture->pixels + (size_t)(band + dy) * (size_t)width * 4;
            for (int32_t x = 0; x < width; x++) {
                const uint8_t *rgba = row + (size_t)x * 4;
                uint16_t color = rgba[3] >= 128
                    ? (uint16_t)(level(rgba[0]) * 36 + level(rgba[1]) * 6 + level(rgba[2])) : NO_COLOR;
                indices[(size_t)dy * (size_t)width + (size_t)x] = color;
                if (color != NO_COLOR) in_band[color] = 1;
            }
        }
        int first = 1;
        for (int color = 0; color < CUBE_COLORS && !failed; color++) {
            if (!in_band[color]) continue;
            /* `$` returns to the band's first column for the next colour. */
            length = snprintf(text, sizeof text, "%s#%d", first ? "" : "$", color);
            failed |= cimg_bytes_append(out, text, (size_t)length);
            failed |= append_color_row(out, indices, width, rows, (uint16_t)color);
            first = 0;
        }
        if (band + 6 < height) failed |= cimg_bytes_append(out, "-", 1);
    }
    free(indices);
    if (!failed) failed |= cimg_bytes_append(out, "\033\\", 2);
    if (failed) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    status->code = CIMG_OK;
    return 0;
}
