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

/* Appends one band's row of sixels for a colour, from its bits: one a column (bit n: row band + n).
 * Trailing empty columns are left out. */
static int append_color_row(cimg_bytes *out, const uint8_t *bits, int32_t width) {
    int32_t run = 0;
    uint8_t previous = 0;
    int32_t pending_empty = 0;
    for (int32_t x = 0; x < width; x++) {
        uint8_t sixel = (uint8_t)(63 + bits[x]);
        if (bits[x] == 0) {
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

static uint16_t cube_color(const uint8_t *rgba) {
    return rgba[3] >= 128 ? (uint16_t)(level(rgba[0]) * 36 + level(rgba[1]) * 6 + level(rgba[2])) : NO_COLOR;
}

int cimg_sixel_encode(const cimg_picture *picture, cimg_bytes *out, cimg_status *status) {
    const int32_t width = picture->width, height = picture->height;
    if (width <= 0 || height <= 0) return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    /* Each colour's bits for the band being written: one pass over the band's pixels, then one pass a
     * colour used in it (bounded work: 6 + colours used, per column and band). */
    uint8_t *bits = calloc((size_t)CUBE_COLORS * (size_t)width, 1);
    if (bits == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    int used[CUBE_COLORS] = { 0 };
    for (size_t pixel = 0; pixel < (size_t)width * (size_t)height; pixel++) {
        uint16_t color = cube_color(picture->pixels + pixel * 4);
        if (color != NO_COLOR) used[color] = 1;
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
                uint16_t color = cube_color(row + (size_t)x * 4);
                if (color == NO_COLOR) continue;
                bits[(size_t)color * (size_t)width + (size_t)x] |= (uint8_t)(1u << dy);
                in_band[color] = 1;
            }
        }
        int first = 1;
        for (int color = 0; color < CUBE_COLORS && !failed; color++) {
            if (!in_band[color]) continue;
            uint8_t *color_bits = bits + (size_t)color * (size_t)width;
            /* `$` returns to the band's first column for the next colour. */
            length = snprintf(text, sizeof text, "%s#%d", first ? "" : "$", color);
            failed |= cimg_bytes_append(out, text, (size_t)length);
            failed |= append_color_row(out, color_bits, width);
            memset(color_bits, 0, (size_t)width);
            first = 0;
        }
        if (band + 6 < height) failed |= cimg_bytes_append(out, "-", 1);
    }
    free(bits);
    if (!failed) failed |= cimg_bytes_append(out, "\033\\", 2);
    if (failed) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    status->code = CIMG_OK;
    return 0;
}
