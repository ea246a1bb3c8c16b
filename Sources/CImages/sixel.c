#include "pixels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The palette: at most `registers` colours (2-256: what the terminal reports in XTSMGRAPHICS, 256 when it
 * does not say; xterm -ti vt340 answers 1024), fitted to the picture by median cut over a histogram of 5 bits
 * a channel, so a photo's gradients keep their steps small (a fixed 6-level cube banded a sunrise into
 * stripes). A picture of no more colours than the palette has maps each bin to its nearest palette colour;
 * one of more is dithered (Floyd-Steinberg), so a gradient drawn in 16 registers does not band. */
enum { MAX_COLORS = 256, BINS = 32 * 32 * 32 };

static int bin_of_rgb(int red, int green, int blue) { return (red >> 3) << 10 | (green >> 3) << 5 | blue >> 3; }
static int bin_of(const uint8_t *rgba) { return bin_of_rgb(rgba[0], rgba[1], rgba[2]); }

typedef struct { int32_t first, count; } box;

static int channel_of(int bin, int channel) { return bin >> (10 - 5 * channel) & 31; }

/* Sorts `count` bins by one channel (0 red, 1 green, 2 blue): a counting sort (32 values), through
 * `scratch`, so that nothing is shared between threads. */
static void sort_by_channel(int *bins, int32_t count, int channel, int *scratch) {
    int32_t starts[33] = { 0 };
    for (int32_t k = 0; k < count; k++) starts[channel_of(bins[k], channel) + 1]++;
    for (int value = 0; value < 32; value++) starts[value + 1] += starts[value];
    for (int32_t k = 0; k < count; k++) scratch[starts[channel_of(bins[k], channel)]++] = bins[k];
    memcpy(bins, scratch, (size_t)count * sizeof(int));
}

/* Fits at most `limit` colours to the histogram of `used` bins (listed in `entries`); fills `palette`
 * (0xRRGGBB); returns the number of colours. */
static int fit_palette(const uint32_t *counts, const uint64_t (*sums)[3], uint32_t *palette, int limit, int *entries,
                       int used, int *scratch) {
    box boxes[MAX_COLORS];
    int box_count = used > 0 ? 1 : 0;
    if (used > 0) boxes[0] = (box){ 0, used };
    while (box_count < limit) {
        /* The box to split: the widest range on one channel, weighted by how many pixels it holds. */
        int best = -1, best_channel = 0;
        double best_score = 0;
        for (int index = 0; index < box_count; index++) {
            if (boxes[index].count < 2) continue;
            int low[3] = { 31, 31, 31 }, high[3] = { 0, 0, 0 };
            uint64_t pixels = 0;
            for (int32_t k = boxes[index].first; k < boxes[index].first + boxes[index].count; k++) {
                for (int channel = 0; channel < 3; channel++) {
                    int value = channel_of(entries[k], channel);
                    if (value < low[channel]) low[channel] = value;
                    if (value > high[channel]) high[channel] = value;
                }
                pixels += counts[entries[k]];
            }
            for (int channel = 0; channel < 3; channel++) {
                /* The range counts more than the pixels (by their square root): a box of few pixels but far
                 * apart colours is split too, which bounds the worst error as well as the mean. */
                double score = (double)(high[channel] - low[channel]) * sqrt((double)pixels);
                if (high[channel] > low[channel] && score > best_score) {
                    best_score = score;
                    best = index;
                    best_channel = channel;
                }
            }
        }
        if (best < 0) break;
        box *split = &boxes[best];
        sort_by_channel(entries + split->first, split->count, best_channel, scratch);
        /* At the weighted median, keeping at least one bin on each side. */
        uint64_t total = 0, running = 0;
        for (int32_t k = split->first; k < split->first + split->count; k++) total += counts[entries[k]];
        int32_t cut = split->first + 1;
        for (int32_t k = split->first; k < split->first + split->count - 1; k++) {
            running += counts[entries[k]];
            cut = k + 1;
            if (running * 2 >= total) break;
        }
        boxes[box_count++] = (box){ cut, split->first + split->count - cut };
        split->count = cut - split->first;
    }
    for (int index = 0; index < box_count; index++) {
        uint64_t sum[3] = { 0, 0, 0 }, pixels = 0;
        for (int32_t k = boxes[index].first; k < boxes[index].first + boxes[index].count; k++) {
            for (int channel = 0; channel < 3; channel++) sum[channel] += sums[entries[k]][channel];
            pixels += counts[entries[k]];
        }
        uint32_t rgb = 0;
        for (int channel = 0; channel < 3; channel++) rgb = rgb << 8 | (uint32_t)((sum[channel] + pixels / 2) / pixels);
        palette[index] = rgb;
    }
    return box_count;
}

/* The register nearest to a bin's centre, found once a bin (`nearest` holds -1 for a bin not yet asked):
 * not always its box's, as boxes overlap in colour; a dithered colour may fall in a bin the picture lacks. */
static int register_of(int bin, const uint32_t *palette, int colors, int16_t *nearest) {
    if (nearest[bin] >= 0) return nearest[bin];
    int found = 0;
    int32_t best = INT32_MAX;
    for (int index = 0; index < colors; index++) {
        int32_t distance = 0;
        for (int channel = 0; channel < 3; channel++) {
            int32_t d = (int32_t)(palette[index] >> (16 - 8 * channel) & 0xFF) - (channel_of(bin, channel) * 8 + 4);
            distance += d * d;
        }
        if (distance < best) { best = distance; found = index; }
    }
    nearest[bin] = (int16_t)found;
    return found;
}

/* Whether the opaque pixels have more than `limit` distinct colours (at most 256), counted exactly, not by
 * bins: a smooth gradient fills fewer bins than registers yet steps by a bin's width (8 levels) when
 * mapped to them, so it is dithered too. An open-addressed set of 1024 slots, left at the first colour
 * past the limit. */
static int more_colors_than(const cimg_picture *picture, int limit) {
    uint32_t slots[1024];
    uint8_t taken[1024] = { 0 };
    int distinct = 0;
    for (size_t pixel = 0; pixel < (size_t)picture->width * (size_t)picture->height; pixel++) {
        const uint8_t *rgba = picture->pixels + pixel * 4;
        if (rgba[3] < 128) continue;
        uint32_t rgb = (uint32_t)rgba[0] << 16 | (uint32_t)rgba[1] << 8 | rgba[2];
        uint32_t slot = (rgb * 2654435761u) >> 22;
        while (taken[slot] && slots[slot] != rgb) slot = (slot + 1) & 1023;
        if (taken[slot]) continue;
        if (++distinct > limit) return 1;
        taken[slot] = 1;
        slots[slot] = rgb;
    }
    return 0;
}

static int clamp_channel(int value) { return value < 0 ? 0 : value > 255 ? 255 : value; }

/* Each opaque pixel's register in `registers` (transparent ones are not read). Dithered: each pixel's
 * error from its register's colour is spread to the pixels right and below (7, 3, 5, 1 sixteenths), kept
 * as sixteenths in two rows of `errors` (width + 2 entries of three channels each). */
static void assign_registers(const cimg_picture *picture, const uint32_t *palette, int colors, int dither,
                             int16_t *nearest, uint8_t *registers, int32_t *errors) {
    const int32_t width = picture->width, height = picture->height;
    int32_t *current = errors, *below = errors + (size_t)(width + 2) * 3;
    for (int32_t y = 0; y < height; y++) {
        memset(below, 0, (size_t)(width + 2) * 3 * sizeof(int32_t));
        for (int32_t x = 0; x < width; x++) {
            const uint8_t *rgba = picture->pixels + ((size_t)y * (size_t)width + (size_t)x) * 4;
            size_t at = (size_t)y * (size_t)width + (size_t)x;
            if (rgba[3] < 128) continue;
            if (!dither) {
                registers[at] = (uint8_t)register_of(bin_of(rgba), palette, colors, nearest);
                continue;
            }
            int32_t *error = current + (size_t)(x + 1) * 3;
            int value[3];
            for (int channel = 0; channel < 3; channel++) value[channel] = clamp_channel(rgba[channel] + error[channel] / 16);
            int chosen = register_of(bin_of_rgb(value[0], value[1], value[2]), palette, colors, nearest);
            registers[at] = (uint8_t)chosen;
            for (int channel = 0; channel < 3; channel++) {
                int32_t off = value[channel] - (int32_t)(palette[chosen] >> (16 - 8 * channel) & 0xFF);
                error[3 + channel] += off * 7;
                below[(size_t)x * 3 + channel] += off * 3;
                below[(size_t)(x + 1) * 3 + channel] += off * 5;
                below[(size_t)(x + 2) * 3 + channel] += off;
            }
        }
        int32_t *swap = current;
        current = below;
        below = swap;
    }
}

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

/* Appends one tile of a band, `rows` pixel rows from `top` and `columns` pixel columns from `left`, as a
 * complete DCS string: its raster size, the registers it uses, its six-pixel rows. */
static int append_band(cimg_bytes *out, const cimg_picture *picture, const uint8_t *registers, const uint32_t *palette,
                       int colors, int32_t top, int32_t rows, int32_t left, int32_t columns, uint8_t *bits) {
    const int32_t width = picture->width;
    char text[64];
    int failed = 0;
    int in_band[MAX_COLORS] = { 0 };
    for (int32_t y = top; y < top + rows; y++) {
        for (int32_t x = left; x < left + columns; x++) {
            size_t at = (size_t)y * (size_t)width + (size_t)x;
            if (picture->pixels[at * 4 + 3] >= 128) in_band[registers[at]] = 1;
        }
    }
    int length = snprintf(text, sizeof text, "\033P0;1;0q\"1;1;%d;%d", columns, rows);
    failed |= cimg_bytes_append(out, text, (size_t)length);
    for (int color = 0; color < colors && !failed; color++) {
        if (!in_band[color]) continue;
        uint32_t rgb = palette[color];
        length = snprintf(text, sizeof text, "#%d;2;%d;%d;%d", color, (int)((rgb >> 16) * 100 + 127) / 255,
                          (int)((rgb >> 8 & 0xFF) * 100 + 127) / 255, (int)((rgb & 0xFF) * 100 + 127) / 255);
        failed |= cimg_bytes_append(out, text, (size_t)length);
    }
    for (int32_t six = top; six < top + rows && !failed; six += 6) {
        int32_t height = top + rows - six < 6 ? top + rows - six : 6;
        int in_six[MAX_COLORS] = { 0 };
        for (int32_t dy = 0; dy < height; dy++) {
            size_t row = (size_t)(six + dy) * (size_t)width + (size_t)left;
            for (int32_t x = 0; x < columns; x++) {
                if (picture->pixels[(row + (size_t)x) * 4 + 3] < 128) continue;
                uint8_t color = registers[row + (size_t)x];
                bits[(size_t)color * (size_t)columns + (size_t)x] |= (uint8_t)(1u << dy);
                in_six[color] = 1;
            }
        }
        int first = 1;
        for (int color = 0; color < colors && !failed; color++) {
            if (!in_six[color]) continue;
            uint8_t *color_bits = bits + (size_t)color * (size_t)columns;
            /* `$` returns to the tile's first column for the next colour. */
            length = snprintf(text, sizeof text, "%s#%d", first ? "" : "$", color);
            failed |= cimg_bytes_append(out, text, (size_t)length);
            failed |= append_color_row(out, color_bits, columns);
            memset(color_bits, 0, (size_t)columns);
            first = 0;
        }
        if (six + 6 < top + rows) failed |= cimg_bytes_append(out, "-", 1);
    }
    if (!failed) failed |= cimg_bytes_append(out, "\033\\", 2);
    return failed;
}

int cimg_sixel_encode(const cimg_picture *picture, int32_t registers, int32_t band_height, int32_t tile_width,
                      cimg_bytes *out, cimg_status *status) {
    const int32_t width = picture->width, height = picture->height;
    if (width <= 0 || height <= 0) return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    int limit = registers < 2 ? 2 : registers > MAX_COLORS ? MAX_COLORS : registers;
    /* Bands of whole sixes; 0 (or one past the picture) is the picture in one string. */
    int32_t band = band_height <= 0 || band_height >= height ? height : (band_height + 5) / 6 * 6;
    /* Tiles of a band across the width (0, or one past the picture: the whole width). */
    int32_t tile = tile_width <= 0 || tile_width >= width ? width : tile_width;
    uint32_t *counts = calloc(BINS, sizeof(uint32_t));
    uint64_t (*sums)[3] = calloc(BINS, sizeof *sums);
    int16_t *nearest = malloc(BINS * sizeof(int16_t));
    int *entries = malloc(2 * BINS * sizeof(int));
    uint8_t *assigned = malloc((size_t)width * (size_t)height);
    int32_t *errors = calloc((size_t)(width + 2) * 6, sizeof(int32_t));
    /* Each colour's bits for the six rows being written: one pass over their pixels, then one pass a
     * colour used in them (bounded work: 6 + colours used, per column and six rows). */
    uint8_t *bits = calloc((size_t)MAX_COLORS * (size_t)width, 1);
    if (counts == NULL || sums == NULL || nearest == NULL || entries == NULL || assigned == NULL || errors == NULL
        || bits == NULL) {
        free(counts);
        free(sums);
        free(nearest);
        free(entries);
        free(assigned);
        free(errors);
        free(bits);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    for (size_t pixel = 0; pixel < (size_t)width * (size_t)height; pixel++) {
        const uint8_t *rgba = picture->pixels + pixel * 4;
        if (rgba[3] < 128) continue;
        int bin = bin_of(rgba);
        counts[bin]++;
        for (int channel = 0; channel < 3; channel++) sums[bin][channel] += rgba[channel];
    }
    int used = 0;
    for (int bin = 0; bin < BINS; bin++) if (counts[bin] > 0) entries[used++] = bin;
    uint32_t palette[MAX_COLORS];
    int colors = fit_palette(counts, (const uint64_t (*)[3])sums, palette, limit, entries, used, entries + BINS);
    memset(nearest, 0xFF, BINS * sizeof(int16_t));
    assign_registers(picture, palette, colors, more_colors_than(picture, colors), nearest, assigned, errors);
    free(entries);
    free(sums);
    free(counts);
    free(nearest);
    free(errors);
    int failed = 0;
    for (int32_t top = 0; top < height && !failed; top += band) {
        for (int32_t left = 0; left < width && !failed; left += tile) {
            failed |= append_band(out, picture, assigned, palette, colors, top, height - top < band ? height - top : band,
                                  left, width - left < tile ? width - left : tile, bits);
        }
    }
    free(bits);
    free(assigned);
    if (failed) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    status->code = CIMG_OK;
    return 0;
}
