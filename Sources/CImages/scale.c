#include "pixels.h"

#include <stdlib.h>

int cimg_scale(const cimg_picture *picture, cimg_rect source, int32_t width, int32_t height,
               cimg_picture *scaled, cimg_status *status) {
    if (width <= 0 || height <= 0 || source.width <= 0 || source.height <= 0 || source.x < 0 || source.y < 0
        || source.x + source.width > picture->width || source.y + source.height > picture->height) {
        return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    }
    if ((int64_t)width * height > CIMG_MAX_PIXELS) {
        return cimg_fail(status, CIMG_TOO_MANY_PIXELS, NULL);
    }
    uint8_t *pixels = malloc((size_t)width * (size_t)height * 4);
    if (pixels == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    const size_t stride = (size_t)picture->width * 4;
    for (int32_t y = 0; y < height; y++) {
        /* The source rows [y0, y1) this row covers: at least one. */
        int32_t y0 = source.y + (int32_t)((int64_t)y * source.height / height);
        int32_t y1 = source.y + (int32_t)((int64_t)(y + 1) * source.height / height);
        if (y1 <= y0) y1 = y0 + 1;
        for (int32_t x = 0; x < width; x++) {
            int32_t x0 = source.x + (int32_t)((int64_t)x * source.width / width);
            int32_t x1 = source.x + (int32_t)((int64_t)(x + 1) * source.width / width);
            if (x1 <= x0) x1 = x0 + 1;
            uint64_t red = 0, green = 0, blue = 0, opaque = 0, count = 0;
            for (int32_t sy = y0; sy < y1; sy++) {
                const uint8_t *row = picture->pixels + (size_t)sy * stride;
                for (int32_t sx = x0; sx < x1; sx++) {
                    const uint8_t *pixel = row + (size_t)sx * 4;
                    count++;
                    if (pixel[3] < 128) continue;
                    red += pixel[0];
                    green += pixel[1];
                    blue += pixel[2];
                    opaque++;
                }
            }
            uint8_t *target = pixels + ((size_t)y * (size_t)width + (size_t)x) * 4;
            if (opaque * 2 >= count && opaque > 0) {
                target[0] = (uint8_t)((red + opaque / 2) / opaque);
                target[1] = (uint8_t)((green + opaque / 2) / opaque);
                target[2] = (uint8_t)((blue + opaque / 2) / opaque);
                target[3] = 255;
            } else {
                target[0] = target[1] = target[2] = target[3] = 0;
            }
        }
    }
    scaled->pixels = pixels;
    scaled->width = width;
    scaled->height = height;
    status->code = CIMG_OK;
    return 0;
}
