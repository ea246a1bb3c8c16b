#include "pixels.h"

#include <stdio.h>
#include <stdlib.h>

/* Appends one inline image: the PNG of `picture` drawn over columns x rows cells. */
static int append_image(const cimg_picture *picture, int32_t columns, int32_t rows, cimg_bytes *out,
                        cimg_status *status) {
    uint8_t *png = NULL;
    size_t length = 0;
    if (cimg_png_write(picture, &png, &length, status) != 0) return -1;
    char head[160];
    snprintf(head, sizeof head, "\033]1337;File=inline=1;size=%zu;width=%dc;height=%dr;preserveAspectRatio=0:", length,
             columns, rows);
    int result = cimg_bytes_append_text(out, head) == 0 && cimg_bytes_append_base64(out, png, length) == 0
        && cimg_bytes_append(out, "\a", 1) == 0;
    free(png);
    if (!result) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    return 0;
}

int cimg_iterm2_encode(const cimg_picture *picture, int32_t columns, int32_t rows, int32_t band_rows, cimg_bytes *out,
                       cimg_status *status) {
    if (picture->width <= 0 || picture->height <= 0 || columns <= 0 || rows <= 0) {
        return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    }
    if (band_rows <= 0 || band_rows > rows) band_rows = rows;
    /* Band k covers cell rows k * band_rows on (the last what is left) and the picture's pixel rows in the
     * same proportion: a band is the picture from one of its rows, shorter, stretched over its cells as the
     * whole picture would be. */
    for (int32_t row = 0; row < rows; row += band_rows) {
        int32_t cells = rows - row < band_rows ? rows - row : band_rows;
        int32_t top = (int32_t)((int64_t)row * picture->height / rows);
        int32_t bottom = (int32_t)((int64_t)(row + cells) * picture->height / rows);
        if (bottom <= top) continue;
        cimg_picture part = *picture;
        part.pixels = picture->pixels + (size_t)top * (size_t)picture->width * 4;
        part.height = bottom - top;
        if (append_image(&part, columns, cells, out, status) != 0) return -1;
    }
    status->code = CIMG_OK;
    return 0;
}
