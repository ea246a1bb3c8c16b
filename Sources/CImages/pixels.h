#ifndef STORIES_TUI_CIMAGES_PIXELS_INTERNAL_H
#define STORIES_TUI_CIMAGES_PIXELS_INTERNAL_H

#include "internal.h"
#include "cimages_pixels.h"

/* Makes room for more bytes after out->length; 0, or -1 when out of memory (out unchanged). */
int cimg_bytes_reserve(cimg_bytes *out, size_t more);
/* Appends length bytes of data, or a C string; 0, or -1 when out of memory. */
int cimg_bytes_append(cimg_bytes *out, const void *data, size_t length);
int cimg_bytes_append_text(cimg_bytes *out, const char *text);

#endif
