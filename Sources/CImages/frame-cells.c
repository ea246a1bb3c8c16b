#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A moving picture's frames converted cell by cell: only the cells whose pixels changed go to chafa
 * (cimages.h, cimg_convert_frame; docs/IMAGES.md, "Cells that did not change"). */

enum { CELL = 8, ONE = 4096 };

struct cimg_frame_memory {
    int32_t columns, rows;
    int32_t source_width, source_height;
    cimg_conversion conversion;
    uint8_t *scaled;  /* the last frame at CELL x CELL pixels a cell, RGBA */
    cimg_cell *raw;   /* chafa's cells for it, before our palette */
    cimg_cell *cells; /* the cells handed out */
};

void cimg_frame_memory_free(cimg_frame_memory *memory) {
    if (memory == NULL) return;
    free(memory->scaled);
    free(memory->raw);
    free(memory->cells);
    free(memory);
}

/* One axis of a resampling: output i is the sum over count[i] inputs from first[i] of weight (in ONEths). */
typedef struct {
    int32_t *first;
    int32_t *count;
    int32_t *weight; /* taps a output each, `taps` apart */
    int32_t taps;
} axis;

static void axis_free(axis *a) {
    free(a->first);
    free(a->count);
    free(a->weight);
}

/* Box weights when shrinking (each output the mean of the inputs it covers), linear when growing: as chafa's
 * own scaler does. */
static int axis_make(axis *a, int32_t inputs, int32_t outputs) {
    double f = (double)inputs / outputs;
    a->taps = f > 1 ? (int32_t)ceil(f) + 1 : 2;
    a->first = calloc((size_t)outputs, sizeof *a->first);
    a->count = calloc((size_t)outputs, sizeof *a->count);
    a->weight = calloc((size_t)outputs * (size_t)a->taps, sizeof *a->weight);
    if (a->first == NULL || a->count == NULL || a->weight == NULL) return -1;
    for (int32_t i = 0; i < outputs; i++) {
        int32_t *w = a->weight + (size_t)i * (size_t)a->taps;
        if (f > 1) {
            double from = i * f, to = (i + 1) * f;
            int32_t first = (int32_t)floor(from), last = (int32_t)ceil(to) - 1;
            if (last >= inputs) last = inputs - 1;
            if (last - first + 1 > a->taps) last = first + a->taps - 1;
            int32_t sum = 0;
            for (int32_t k = first; k <= last; k++) {
                double cover = fmin(to, k + 1) - fmax(from, k);
                w[k - first] = (int32_t)lround(cover / f * ONE);
                sum += w[k - first];
            }
            w[last - first] += ONE - sum;
            a->first[i] = first;
            a->count[i] = last - first + 1;
        } else {
            double x = (i + 0.5) * f - 0.5;
            int32_t left = (int32_t)floor(x);
            int32_t right = left + 1;
            int32_t towards = (int32_t)lround((x - left) * ONE);
            if (left < 0) left = 0;
            if (right >= inputs) right = inputs - 1;
            if (right < left) right = left;
            a->first[i] = left;
            a->count[i] = right - left + 1;
            if (a->count[i] == 1) w[0] = ONE;
            else {
                w[0] = ONE - towards;
                w[1] = towards;
            }
        }
    }
    return 0;
}

/* The source rectangle of picture at width x height pixels, into out (RGBA). */
static int scale(const cimg_picture *picture, cimg_rect source, int32_t width, int32_t height, uint8_t *out) {
    axis across = { 0 }, down = { 0 };
    uint8_t *rows = malloc((size_t)width * (size_t)source.height * 4);
    uint32_t *sums = malloc((size_t)width * 4 * sizeof *sums);
    int result = -1;
    if (rows == NULL || sums == NULL || axis_make(&across, source.width, width) != 0 || axis_make(&down, source.height, height) != 0)
        goto done;
    for (int32_t y = 0; y < source.height; y++) {
        const uint8_t *in = picture->pixels + ((size_t)(source.y + y) * (size_t)picture->width + (size_t)source.x) * 4;
        uint8_t *line = rows + (size_t)y * (size_t)width * 4;
        for (int32_t x = 0; x < width; x++) {
            const int32_t *w = across.weight + (size_t)x * (size_t)across.taps;
            const uint8_t *p = in + (size_t)across.first[x] * 4;
            uint32_t sum[4] = { ONE / 2, ONE / 2, ONE / 2, ONE / 2 };
            for (int32_t k = 0; k < across.count[x]; k++, p += 4) {
                for (int c = 0; c < 4; c++) sum[c] += (uint32_t)w[k] * p[c];
            }
            for (int c = 0; c < 4; c++) line[x * 4 + c] = (uint8_t)(sum[c] / ONE);
        }
    }
    /* Each output row the weighted sum of whole input rows: the inner loop runs along a row. */
    for (int32_t y = 0; y < height; y++) {
        const int32_t *w = down.weight + (size_t)y * (size_t)down.taps;
        uint8_t *line = out + (size_t)y * (size_t)width * 4;
        for (int32_t x = 0; x < width * 4; x++) sums[x] = ONE / 2;
        for (int32_t k = 0; k < down.count[y]; k++) {
            const uint8_t *in = rows + (size_t)(down.first[y] + k) * (size_t)width * 4;
            uint32_t weight = (uint32_t)w[k];
            for (int32_t x = 0; x < width * 4; x++) sums[x] += weight * in[x];
        }
        for (int32_t x = 0; x < width * 4; x++) line[x] = (uint8_t)(sums[x] / ONE);
    }
    result = 0;
done:
    axis_free(&across);
    axis_free(&down);
    free(rows);
    free(sums);
    return result;
}

static int same_conversion(const cimg_conversion *a, const cimg_conversion *b) {
    return a->mode == b->mode && a->dither == b->dither && a->grain == b->grain && a->intensity == b->intensity
           && a->perceptual == b->perceptual && a->own_palette == b->own_palette
           && a->background_rgb == b->background_rgb && a->work_factor == b->work_factor;
}

/* Whether cell (x, y) has other pixels in the two frames, at stride bytes a row. */
static int cell_changed(const uint8_t *now, const uint8_t *before, int32_t x, int32_t y, size_t stride) {
    size_t at = (size_t)y * CELL * stride + (size_t)x * CELL * 4;
    for (int r = 0; r < CELL; r++, at += stride) {
        if (memcmp(now + at, before + at, CELL * 4) != 0) return 1;
    }
    return 0;
}

/* Makes *memory fit the geometry and conversion (a fresh one, nothing to compare with, when they changed);
 * whether its last frame can be compared with. */
static int prepare(cimg_frame_memory **memory, int32_t columns, int32_t rows, cimg_rect source,
                   const cimg_conversion *conversion, int *comparable) {
    cimg_frame_memory *kept = *memory;
    if (kept != NULL && kept->columns == columns && kept->rows == rows && kept->source_width == source.width
        && kept->source_height == source.height && same_conversion(&kept->conversion, conversion)) {
        *comparable = 1;
        return 0;
    }
    cimg_frame_memory_free(kept);
    *memory = NULL;
    *comparable = 0;
    cimg_frame_memory *made = calloc(1, sizeof *made);
    if (made == NULL) return -1;
    size_t count = (size_t)columns * (size_t)rows;
    made->scaled = malloc(count * CELL * CELL * 4);
    made->raw = calloc(count, sizeof *made->raw);
    made->cells = calloc(count, sizeof *made->cells);
    if (made->scaled == NULL || made->raw == NULL || made->cells == NULL) {
        cimg_frame_memory_free(made);
        return -1;
    }
    made->columns = columns;
    made->rows = rows;
    made->source_width = source.width;
    made->source_height = source.height;
    made->conversion = *conversion;
    *memory = made;
    return 0;
}

/* chafa's cells as frame_cells keeps them: a space's foreground, which nothing draws, is none (-1), since chafa
 * leaves there what it last considered, which depends on the canvas around the cell. */
static int chafa_cells(const uint8_t *origin, int32_t columns, int32_t rows, size_t stride,
                       const cimg_conversion *conversion, cimg_cell *cells, cimg_status *status) {
    if (cimg_chafa_cells(origin, columns * CELL, rows * CELL, (int32_t)stride, columns, rows, conversion, cells,
                         status) != 0) {
        return -1;
    }
    for (size_t k = 0; k < (size_t)columns * (size_t)rows; k++) {
        if (cells[k].codepoint == ' ') cells[k].foreground = -1;
    }
    return 0;
}

/* chafa's cells for the listed cells of the scaled frame, packed side by side in a canvas of their own (the
 * slots past the last repeat it), into memory->raw. */
static int convert_listed(cimg_frame_memory *memory, const uint8_t *scaled, const int32_t *listed, int32_t count,
                          cimg_status *status) {
    int32_t across = count < memory->columns ? count : memory->columns;
    int32_t down = (count + across - 1) / across;
    size_t stride = (size_t)memory->columns * CELL * 4, packed_stride = (size_t)across * CELL * 4;
    uint8_t *packed = malloc(packed_stride * (size_t)down * CELL);
    cimg_cell *cells = calloc((size_t)across * (size_t)down, sizeof *cells);
    if (packed == NULL || cells == NULL) {
        free(packed);
        free(cells);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    for (int32_t slot = 0; slot < across * down; slot++) {
        int32_t cell = listed[slot < count ? slot : count - 1];
        int32_t x = cell % memory->columns, y = cell / memory->columns;
        const uint8_t *from = scaled + (size_t)y * CELL * stride + (size_t)x * CELL * 4;
        uint8_t *to = packed + (size_t)(slot / across) * CELL * packed_stride + (size_t)(slot % across) * CELL * 4;
        for (int r = 0; r < CELL; r++) memcpy(to + r * packed_stride, from + r * stride, CELL * 4);
    }
    int result = chafa_cells(packed, across, down, packed_stride, &memory->conversion, cells, status);
    if (result == 0) {
        for (int32_t slot = 0; slot < count; slot++) memory->raw[listed[slot]] = cells[slot];
    }
    free(packed);
    free(cells);
    return result;
}

int cimg_convert_frame(const cimg_picture *picture, cimg_rect source, int32_t columns, int32_t rows,
                       const cimg_conversion *conversion, cimg_frame_memory **memory, cimg_cell *cells,
                       int32_t *converted, cimg_status *status) {
    *converted = columns > 0 && rows > 0 ? columns * rows : 0;
    /* Shapes carry their error from cell to cell: the whole frame each time. */
    if (conversion->mode == CIMG_MODE_SHAPES || columns <= 0 || rows <= 0
        || (int64_t)columns * rows > (int64_t)1 << 20) {
        return cimg_convert(picture, source, columns, rows, conversion, cells, status);
    }
    if (source.width <= 0 || source.height <= 0 || source.x < 0 || source.y < 0
        || source.x + source.width > picture->width || source.y + source.height > picture->height) {
        return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    }
    int comparable = 0;
    if (prepare(memory, columns, rows, source, conversion, &comparable) != 0) {
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    cimg_frame_memory *kept = *memory;
    size_t count = (size_t)columns * (size_t)rows, stride = (size_t)columns * CELL * 4;
    uint8_t *scaled = malloc(count * CELL * CELL * 4);
    int32_t *listed = malloc(count * sizeof *listed);
    uint8_t *row_changed = calloc((size_t)rows, 1);
    int result = -1;
    if (scaled == NULL || listed == NULL || row_changed == NULL
        || scale(picture, source, columns * CELL, rows * CELL, scaled) != 0) {
        cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
        goto done;
    }
    /* chafa's cell depends on its own pixels alone in truecolour without dither; its 16 and 8 colours look at the
     * whole canvas first (preprocessing): those convert every cell once any changed. */
    int alone = conversion->dither == CIMG_DITHER_NONE
                && (conversion->own_palette || conversion->mode == CIMG_MODE_TRUECOLOR);
    int32_t changed = 0;
    for (int32_t y = 0; y < rows; y++) {
        for (int32_t x = 0; x < columns; x++) {
            if (!comparable || cell_changed(scaled, kept->scaled, x, y, stride)) {
                listed[changed++] = y * columns + x;
                row_changed[y] = 1;
            }
        }
    }
    if (changed > 0 && !alone && changed < (int32_t)count) {
        changed = (int32_t)count;
        for (int32_t k = 0; k < changed; k++) listed[k] = k;
        memset(row_changed, 1, (size_t)rows);
    }
    if (changed > 0) {
        int drawn = changed == (int32_t)count
                        ? chafa_cells(scaled, columns, rows, stride, conversion, kept->raw, status)
                        : convert_listed(kept, scaled, listed, changed, status);
        if (drawn != 0) {
            /* Nothing left to compare with: the next frame converts every cell. */
            cimg_frame_memory_free(kept);
            *memory = NULL;
            goto done;
        }
        memcpy(kept->scaled, scaled, count * CELL * CELL * 4);
    }
    /* A row's 256-colour pairs depend on its left neighbours', and the ▀▄ checkerboard on the row's parity: the
     * pair of rows (even, odd) holding a changed cell is mapped again from chafa's cells. */
    for (int32_t y = 0; y < rows; y += 2) {
        int32_t pair = y + 1 < rows ? 2 : 1;
        if (!row_changed[y] && !(pair == 2 && row_changed[y + 1])) continue;
        size_t at = (size_t)y * (size_t)columns;
        memcpy(kept->cells + at, kept->raw + at, (size_t)pair * (size_t)columns * sizeof *cells);
        if (conversion->own_palette) cimg_map_to_palette(kept->cells + at, columns, pair, conversion->mode);
    }
    memcpy(cells, kept->cells, count * sizeof *cells);
    *converted = changed;
    status->code = CIMG_OK;
    result = 0;
done:
    free(scaled);
    free(listed);
    free(row_changed);
    return result;
}
