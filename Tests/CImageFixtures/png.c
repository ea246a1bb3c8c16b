#include "cimagefixtures.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} growing_buffer;

static void append(png_structp png, png_bytep data, size_t length) {
    growing_buffer *buffer = png_get_io_ptr(png);
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = (buffer->length + length) * 2;
        uint8_t *bytes = realloc(buffer->bytes, capacity);
        if (bytes == NULL) png_error(png, "out of memory");
        buffer->bytes = bytes;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
}

static void flush(png_structp png) { (void)png; }

/* Fills one row in the file's layout from RGBA; palette indices come from `palette`. */
static void make_row(const uint8_t *rgba, int width, fixture_png_type type, int bit_depth,
                     const png_color *palette, const png_byte *alpha, int colors, uint8_t *row) {
    int channels = type == FIXTURE_PNG_GRAY ? 1 : type == FIXTURE_PNG_GRAY_ALPHA ? 2
                 : type == FIXTURE_PNG_RGB ? 3 : type == FIXTURE_PNG_RGBA ? 4 : 1;
    for (int x = 0; x < width; x++) {
        const uint8_t *p = rgba + x * 4;
        if (type == FIXTURE_PNG_PALETTE) {
            for (int index = 0; index < colors; index++) {
                if (palette[index].red == p[0] && palette[index].green == p[1] && palette[index].blue == p[2]
                    && alpha[index] == p[3]) {
                    row[x] = (uint8_t)index;
                    break;
                }
            }
            continue;
        }
        uint8_t values[4] = { p[0], p[1], p[2], p[3] };
        if (type == FIXTURE_PNG_GRAY_ALPHA) values[1] = p[3];
        for (int channel = 0; channel < channels; channel++) {
            if (bit_depth == 16) {
                row[(x * channels + channel) * 2] = values[channel];
                row[(x * channels + channel) * 2 + 1] = values[channel];
            } else {
                row[x * channels + channel] = values[channel];
            }
        }
    }
}

int fixture_png(const uint8_t *rgba, int width, int height, fixture_png_type type, int bit_depth,
                int interlaced, uint8_t **out, size_t *out_length) {
    png_color palette[256];
    png_byte alpha[256];
    int colors = 0;
    if (type == FIXTURE_PNG_PALETTE) {
        bit_depth = 8;
        for (int index = 0; index < width * height; index++) {
            const uint8_t *p = rgba + index * 4;
            int found = 0;
            for (int known = 0; known < colors && !found; known++) {
                found = palette[known].red == p[0] && palette[known].green == p[1] && palette[known].blue == p[2]
                     && alpha[known] == p[3];
            }
            if (found) continue;
            if (colors == 256) return -1;
            palette[colors] = (png_color){ p[0], p[1], p[2] };
            alpha[colors] = p[3];
            colors++;
        }
    }
    growing_buffer buffer = { NULL, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    size_t row_bytes = (size_t)width * 4 * 2;
    uint8_t *row = malloc(row_bytes);
    uint8_t **rows = calloc((size_t)height, sizeof *rows);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        for (int y = 0; rows != NULL && y < height; y++) free(rows[y]);
        free(rows);
        free(row);
        free(buffer.bytes);
        return -1;
    }
    png_set_write_fn(png, &buffer, append, flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, bit_depth, (int)type,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (type == FIXTURE_PNG_PALETTE) {
        png_set_PLTE(png, info, palette, colors);
        png_set_tRNS(png, info, alpha, colors, NULL);
    }
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        rows[y] = malloc(row_bytes);
        make_row(rgba + (size_t)y * (size_t)width * 4, width, type, bit_depth, palette, alpha, colors, rows[y]);
    }
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    for (int y = 0; y < height; y++) free(rows[y]);
    free(rows);
    free(row);
    *out = buffer.bytes;
    *out_length = buffer.length;
    return 0;
}

void fixture_free(void *buffer) { free(buffer); }
