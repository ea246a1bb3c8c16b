#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* EXIF orientation (TIFF 6.0 tag 274): how the stored rows must be turned to stand upright.
 * 1 as stored, 2 mirrored left-right, 3 turned 180°, 4 mirrored top-bottom, 5 transposed,
 * 6 turned 90° clockwise, 7 transversed, 8 turned 90° anticlockwise. For an upright pixel (x, y),
 * source_of gives the stored pixel; w and h are the stored width and height. */
static void source_of(int32_t orientation, int32_t x, int32_t y, int32_t w, int32_t h,
                      int32_t *sx, int32_t *sy) {
    switch (orientation) {
    case 2: *sx = w - 1 - x; *sy = y; break;
    case 3: *sx = w - 1 - x; *sy = h - 1 - y; break;
    case 4: *sx = x; *sy = h - 1 - y; break;
    case 5: *sx = y; *sy = x; break;
    case 6: *sx = y; *sy = h - 1 - x; break;
    case 7: *sx = w - 1 - y; *sy = h - 1 - x; break;
    case 8: *sx = w - 1 - y; *sy = x; break;
    default: *sx = x; *sy = y; break;
    }
}

int cimg_orient(cimg_picture *picture, int32_t orientation) {
    if (orientation < 2 || orientation > 8) return 0;
    int32_t w = picture->width, h = picture->height;
    int transposed = orientation >= 5;
    int32_t out_w = transposed ? h : w, out_h = transposed ? w : h;
    uint8_t *out = malloc((size_t)out_w * (size_t)out_h * 4);
    if (out == NULL) return -1;
    for (int32_t y = 0; y < out_h; y++) {
        uint8_t *row = out + (size_t)y * (size_t)out_w * 4;
        for (int32_t x = 0; x < out_w; x++) {
            int32_t sx, sy;
            source_of(orientation, x, y, w, h, &sx, &sy);
            memcpy(row + (size_t)x * 4, picture->pixels + ((size_t)sy * (size_t)w + (size_t)sx) * 4, 4);
        }
    }
    free(picture->pixels);
    picture->pixels = out;
    picture->width = out_w;
    picture->height = out_h;
    return 0;
}
