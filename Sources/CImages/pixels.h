#ifndef STORIES_TUI_CIMAGES_PIXELS_INTERNAL_H
#define STORIES_TUI_CIMAGES_PIXELS_INTERNAL_H

#include "internal.h"
#include "cimages_pixels.h"

/* Makes room for more bytes after out->length; 0, or -1 when out of memory (out unchanged). */
int cimg_bytes_reserve(cimg_bytes *out, size_t more);
/* Appends length bytes of data, or a C string; 0, or -1 when out of memory. */
int cimg_bytes_append(cimg_bytes *out, const void *data, size_t length);
int cimg_bytes_append_text(cimg_bytes *out, const char *text);
/* Appends length bytes of data as base64, with padding; 0, or -1 when out of memory. */
int cimg_bytes_append_base64(cimg_bytes *out, const uint8_t *data, size_t length);
/* The picture as a PNG in memory (libpng's simplified writer, RGBA 8-bit); free *data with free. */
int cimg_png_write(const cimg_picture *picture, uint8_t **data, size_t *length, cimg_status *status);

#endif
