#include "internal.h"

/* A pixel at least this opaque (16 of 255, about 6 %) is blended with the neutral and drawn over an
 * unknown backdrop; a more transparent one is left to the terminal's own background. A faint
 * picture (a 39 % grey) is then still seen, and only what is next to invisible is left out. */
enum { opaque_enough = 16 };

uint32_t cimg_backdrop_at(const cimg_backdrop *backdrop, int32_t row, int32_t rows) {
    int32_t count = backdrop->count < 1 ? 1 : backdrop->count > 3 ? 3 : backdrop->count;
    if (count == 1 || rows <= 1) return backdrop->colours[0] & 0xFFFFFF;
    /* Where the row's middle falls between the stops, in 1/65536ths of a segment. */
    int64_t position = ((int64_t)row * 2 + 1) * (count - 1) * 32768 / rows;
    int32_t segment = (int32_t)(position >> 16);
    if (segment >= count - 1) return backdrop->colours[count - 1] & 0xFFFFFF;
    uint32_t from = backdrop->colours[segment], to = backdrop->colours[segment + 1], mixed = 0;
    int64_t t = position & 0xFFFF;
    for (int shift = 16; shift >= 0; shift -= 8) {
        int64_t a = (from >> shift) & 0xFF, b = (to >> shift) & 0xFF;
        mixed |= (uint32_t)((a * (65536 - t) + b * t + 32768) >> 16) << shift;
    }
    return mixed;
}

void cimg_composite(cimg_picture *picture, const cimg_backdrop *backdrop) {
    for (int32_t y = 0; y < picture->height; y++) {
        uint32_t rgb = cimg_backdrop_at(backdrop, y, picture->height);
        const unsigned under[3] = { (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF };
        uint8_t *pixel = picture->pixels + (size_t)y * (size_t)picture->width * 4;
        for (int32_t x = 0; x < picture->width; x++, pixel += 4) {
            unsigned alpha = pixel[3];
            if (alpha == 255) continue;
            for (int channel = 0; channel < 3; channel++) {
                pixel[channel] = (uint8_t)((pixel[channel] * alpha + under[channel] * (255 - alpha) + 127) / 255);
            }
            pixel[3] = backdrop->known || alpha >= opaque_enough ? 255 : 0;
        }
    }
}
