#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A moving picture's frames converted cell by cell: only the cells whose pixels changed go to chafa
 * (cimages.h, cimg_convert_frame; docs/IMAGES.md, "Cells that did not change"). */

enum { CELL = 8, ONE = 4096 };

/* The largest source rectangle kept to compare the next frame's with (16 MiB: 4 megapixels); a larger one (a
 * frame may have 40) is scaled whole each time and compared cell by cell at 8 x 8, so that a third copy of a
 * large frame does not take the helper past its memory limit. */
static const size_t kept_source_bytes = (size_t)16 << 20;

/* One axis of the scaling to CELL pixels a cell: output i is the sum over count[i] inputs from first[i] of weight
 * (in ONEths). */
typedef struct {
    int32_t *first;
    int32_t *count;
    int32_t *weight; /* taps a output each, `taps` apart */
    int32_t taps;
} axis;

struct cimg_frame_memory {
    int32_t columns, rows;
    int32_t source_width, source_height;
    cimg_conversion conversion;
    axis across, down;
    int32_t band;     /* the most source rows one row of cells reads */
    int filled;       /* whether the fields below hold a frame */
    uint8_t *source;  /* the last frame's source rectangle, RGBA, source_width * 4 bytes a row; NULL: too large */
    uint8_t *scaled;  /* it at CELL x CELL pixels a cell */
    cimg_cell *raw;   /* chafa's cells for it, before our palette */
    cimg_cell *cells; /* the cells handed out */
    uint32_t *across_sums; /* a cell's source rows scaled across: band x CELL x 4 */
};

static void axis_free(axis *a) {
    free(a->first);
    free(a->count);
    free(a->weight);
}

void cimg_frame_memory_free(cimg_frame_memory *memory) {
    if (memory == NULL) return;
    axis_free(&memory->across);
    axis_free(&memory->down);
    free(memory->source);
    free(memory->scaled);
    free(memory->raw);
    free(memory->cells);
    free(memory->across_sums);
    free(memory);
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

/* The source pixels cell (x, y) reads: columns [*x0, *x1), rows [*y0, *y1) of the source rectangle. */
static void cell_source(const cimg_frame_memory *memory, int32_t x, int32_t y, int32_t *x0, int32_t *x1, int32_t *y0,
                        int32_t *y1) {
    int32_t last_x = x * CELL + CELL - 1, last_y = y * CELL + CELL - 1;
    *x0 = memory->across.first[x * CELL];
    *x1 = memory->across.first[last_x] + memory->across.count[last_x];
    *y0 = memory->down.first[y * CELL];
    *y1 = memory->down.first[last_y] + memory->down.count[last_y];
}

/* Whether the pixels cell (x, y) reads differ from the last frame's. */
static int source_changed(const cimg_frame_memory *memory, const cimg_picture *picture, cimg_rect source, int32_t x,
                          int32_t y) {
    int32_t x0, x1, y0, y1;
    cell_source(memory, x, y, &x0, &x1, &y0, &y1);
    for (int32_t row = y0; row < y1; row++) {
        const uint8_t *now = picture->pixels
                             + ((size_t)(source.y + row) * (size_t)picture->width + (size_t)(source.x + x0)) * 4;
        const uint8_t *before = memory->source + ((size_t)row * (size_t)memory->source_width + (size_t)x0) * 4;
        if (memcmp(now, before, (size_t)(x1 - x0) * 4) != 0) return 1;
    }
    return 0;
}

/* Cell (x, y) of the frame at CELL x CELL pixels into block (RGBA, CELL * 4 bytes a row): its source rows scaled
 * across, then down. */
static void scale_cell(cimg_frame_memory *memory, const cimg_picture *picture, cimg_rect source, int32_t x, int32_t y,
                       uint8_t *block) {
    int32_t x0, x1, y0, y1;
    cell_source(memory, x, y, &x0, &x1, &y0, &y1);
    const axis *across = &memory->across, *down = &memory->down;
    for (int32_t row = y0; row < y1; row++) {
        const uint8_t *in = picture->pixels + ((size_t)(source.y + row) * (size_t)picture->width + (size_t)source.x) * 4;
        uint32_t *sums = memory->across_sums + (size_t)(row - y0) * CELL * 4;
        for (int32_t k = 0; k < CELL; k++) {
            int32_t out = x * CELL + k;
            const int32_t *w = across->weight + (size_t)out * (size_t)across->taps;
            const uint8_t *p = in + (size_t)across->first[out] * 4;
            uint32_t sum[4] = { ONE / 2, ONE / 2, ONE / 2, ONE / 2 };
            for (int32_t t = 0; t < across->count[out]; t++, p += 4) {
                for (int c = 0; c < 4; c++) sum[c] += (uint32_t)w[t] * p[c];
            }
            for (int c = 0; c < 4; c++) sums[k * 4 + c] = sum[c] / ONE;
        }
    }
    for (int32_t k = 0; k < CELL; k++) {
        int32_t out = y * CELL + k;
        const int32_t *w = down->weight + (size_t)out * (size_t)down->taps;
        uint32_t sum[CELL * 4];
        for (int c = 0; c < CELL * 4; c++) sum[c] = ONE / 2;
        for (int32_t t = 0; t < down->count[out]; t++) {
            const uint32_t *line = memory->across_sums + (size_t)(down->first[out] + t - y0) * CELL * 4;
            for (int c = 0; c < CELL * 4; c++) sum[c] += (uint32_t)w[t] * line[c];
        }
        for (int c = 0; c < CELL * 4; c++) block[k * CELL * 4 + c] = (uint8_t)(sum[c] / ONE);
    }
}

static int same_conversion(const cimg_conversion *a, const cimg_conversion *b) {
    return a->mode == b->mode && a->dither == b->dither && a->grain == b->grain && a->intensity == b->intensity
           && a->perceptual == b->perceptual && a->own_palette == b->own_palette
           && a->background_rgb == b->background_rgb && a->work_factor == b->work_factor;
}

/* Makes *memory fit the geometry and conversion (a fresh one, nothing to compare with, when they changed);
 * whether its last frame can be compared with. */
static int prepare(cimg_frame_memory **memory, int32_t columns, int32_t rows, cimg_rect source,
                   const cimg_conversion *conversion, int *comparable) {
    cimg_frame_memory *kept = *memory;
    if (kept != NULL && kept->columns == columns && kept->rows == rows && kept->source_width == source.width
        && kept->source_height == source.height && same_conversion(&kept->conversion, conversion)) {
        *comparable = kept->filled;
        return 0;
    }
    cimg_frame_memory_free(kept);
    *memory = NULL;
    *comparable = 0;
    cimg_frame_memory *made = calloc(1, sizeof *made);
    if (made == NULL) return -1;
    *memory = made;
    made->columns = columns;
    made->rows = rows;
    made->source_width = source.width;
    made->source_height = source.height;
    made->conversion = *conversion;
    if (axis_make(&made->across, source.width, columns * CELL) != 0
        || axis_make(&made->down, source.height, rows * CELL) != 0) {
        return -1;
    }
    for (int32_t y = 0; y < rows; y++) {
        int32_t x0, x1, y0, y1;
        cell_source(made, 0, y, &x0, &x1, &y0, &y1);
        if (y1 - y0 > made->band) made->band = y1 - y0;
    }
    size_t count = (size_t)columns * (size_t)rows;
    size_t source_bytes = (size_t)source.width * (size_t)source.height * 4;
    made->source = source_bytes <= kept_source_bytes ? malloc(source_bytes) : NULL;
    made->scaled = malloc(count * CELL * CELL * 4);
    made->raw = calloc(count, sizeof *made->raw);
    made->cells = calloc(count, sizeof *made->cells);
    made->across_sums = malloc((size_t)made->band * CELL * 4 * sizeof *made->across_sums);
    if ((made->source == NULL && source_bytes <= kept_source_bytes) || made->scaled == NULL || made->raw == NULL
        || made->cells == NULL || made->across_sums == NULL) {
        return -1;
    }
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
        cimg_frame_memory_free(*memory);
        *memory = NULL;
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    cimg_frame_memory *kept = *memory;
    size_t count = (size_t)columns * (size_t)rows, stride = (size_t)columns * CELL * 4;
    int32_t *listed = malloc(count * sizeof *listed);
    uint8_t *row_changed = calloc((size_t)rows, 1);
    int result = -1;
    if (listed == NULL || row_changed == NULL) {
        cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
        goto done;
    }
    /* A cell whose source pixels are the last frame's is that frame's: nothing scaled, nothing converted. */
    int32_t changed = 0;
    for (int32_t y = 0; y < rows; y++) {
        for (int32_t x = 0; x < columns; x++) {
            if (comparable && kept->source != NULL && !source_changed(kept, picture, source, x, y)) continue;
            uint8_t block[CELL * CELL * 4];
            scale_cell(kept, picture, source, x, y, block);
            uint8_t *at = kept->scaled + (size_t)y * CELL * stride + (size_t)x * CELL * 4;
            int differs = !comparable;
            for (int r = 0; r < CELL && !differs; r++) differs = memcmp(at + r * stride, block + r * CELL * 4, CELL * 4) != 0;
            if (!differs) continue;
            for (int r = 0; r < CELL; r++) memcpy(at + r * stride, block + r * CELL * 4, CELL * 4);
            listed[changed++] = y * columns + x;
            row_changed[y] = 1;
        }
    }
    for (int32_t row = 0; kept->source != NULL && row < source.height; row++) {
        memcpy(kept->source + (size_t)row * (size_t)source.width * 4,
               picture->pixels + ((size_t)(source.y + row) * (size_t)picture->width + (size_t)source.x) * 4,
               (size_t)source.width * 4);
    }
    /* chafa's cell depends on its own pixels alone in truecolour without dither; its 16 and 8 colours look at the
     * whole canvas first (preprocessing): those convert every cell once any changed. */
    int alone = conversion->dither == CIMG_DITHER_NONE
                && (conversion->own_palette || conversion->mode == CIMG_MODE_TRUECOLOR);
    if (changed > 0 && !alone && changed < (int32_t)count) {
        changed = (int32_t)count;
        for (int32_t k = 0; k < changed; k++) listed[k] = k;
        memset(row_changed, 1, (size_t)rows);
    }
    if (changed > 0) {
        int drawn = changed == (int32_t)count ? chafa_cells(kept->scaled, columns, rows, stride, conversion, kept->raw, status)
                                              : convert_listed(kept, kept->scaled, listed, changed, status);
        if (drawn != 0) {
            /* Nothing left to compare with: the next frame converts every cell. */
            cimg_frame_memory_free(kept);
            *memory = NULL;
            goto done;
        }
    }
    kept->filled = 1;
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
    free(listed);
    free(row_changed);
    return result;
}
