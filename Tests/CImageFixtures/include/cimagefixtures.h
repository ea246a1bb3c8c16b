#ifndef STORIES_TUI_CIMAGEFIXTURES_H
#define STORIES_TUI_CIMAGEFIXTURES_H

/* Test pictures written with libpng and TurboJPEG, so that the image tests can make every kind of
 * file they need (colour types, bit depths, interlace, EXIF orientation, CMYK) in a temporary folder. */

#include <stddef.h>
#include <stdint.h>

typedef enum {
    FIXTURE_PNG_GRAY = 0,
    FIXTURE_PNG_GRAY_ALPHA = 4,
    FIXTURE_PNG_RGB = 2,
    FIXTURE_PNG_RGBA = 6,
    FIXTURE_PNG_PALETTE = 3
} fixture_png_type;

/* Writes RGBA pixels (width * height * 4 bytes) as a PNG of the given colour type, bit depth (8 or
 * 16; palette: 8) and interlace (0 none, 1 Adam7). Grey takes the red channel; a palette holds at most
 * 256 distinct colours (with a tRNS chunk for their alpha). Returns 0 and a malloc'd buffer, or -1. */
int fixture_png(const uint8_t *rgba, int width, int height, fixture_png_type type, int bit_depth,
                int interlaced, uint8_t **out, size_t *out_length);

typedef enum {
    FIXTURE_JPEG_COLOR = 0,
    FIXTURE_JPEG_GRAY = 1,
    FIXTURE_JPEG_CMYK = 2
} fixture_jpeg_kind;

/* Writes RGB pixels (width * height * 3 bytes) as a JPEG at quality 90: colour (4:2:0), grey, or CMYK
 * (stored inverted, Adobe's convention), progressive when asked. With orientation 1-8 an EXIF APP1
 * segment carries it; extra_segments more APP1 "Exif" segments
 * of 65 533 bytes of nonsense each follow it. */
int fixture_jpeg(const uint8_t *rgb, int width, int height, fixture_jpeg_kind kind, int progressive,
                 int orientation, int extra_segments, uint8_t **out, size_t *out_length);

/* Inflates zlib data that must give exactly expected bytes (kitty's o=z payloads). Returns 0 and a
 * malloc'd buffer, or -1. */
int fixture_inflate(const uint8_t *data, size_t length, size_t expected, uint8_t **out);

void fixture_free(void *buffer);

#endif
