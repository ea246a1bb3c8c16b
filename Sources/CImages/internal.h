#ifndef STORIES_TUI_CIMAGES_INTERNAL_H
#define STORIES_TUI_CIMAGES_INTERNAL_H

#include "cimages.h"

/* Fills status with a code (and, when not NULL, a message) and returns -1, for `return fail(...)`. */
int cimg_fail(cimg_status *status, cimg_code code, const char *message);

/* Big-endian and little-endian reads; the caller has checked the bounds. */
uint32_t cimg_be16(const uint8_t *p);
uint32_t cimg_be32(const uint8_t *p);

/* The EXIF orientation (1-8) in an APP1 segment's data (after its length), or 1. */
int32_t cimg_exif_orientation(const uint8_t *data, size_t length);

/* Turns an upright copy of picture (orientation 1-8) into place; -1 when out of memory. */
int cimg_orient(cimg_picture *picture, int32_t orientation);

int cimg_decode_png(const uint8_t *bytes, size_t length, cimg_picture *picture, cimg_status *status);
int cimg_decode_jpeg(const uint8_t *bytes, size_t length, int32_t min_width, int32_t min_height,
                     int32_t orientation, cimg_picture *picture, cimg_status *status);

/* A picture without colour (shapes mode): the source rectangle of picture as columns x rows cells of
 * shape symbols (space, the shades, full and half blocks) and no colours (-1), the ink light (on a
 * dark background) or dark, tones carried over by error diffusion (shapes.c). */
int cimg_convert_shapes(const cimg_picture *picture, cimg_rect source, int32_t columns, int32_t rows, int light,
                        cimg_cell *cells, cimg_status *status);

/* chafa's cells (half blocks, space, full block) for width x height RGBA pixels at origin, rows stride bytes
 * apart, before our palette mapping (convert.c). Returns 0, or -1 with status filled. */
int cimg_chafa_cells(const uint8_t *origin, int32_t width, int32_t height, int32_t stride, int32_t columns,
                     int32_t rows, const cimg_conversion *conversion, cimg_cell *cells, cimg_status *status);

#endif
