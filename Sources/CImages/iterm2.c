#include "pixels.h"

#include <stdio.h>
#include <stdlib.h>

int cimg_iterm2_encode(const cimg_picture *picture, int32_t columns, int32_t rows, cimg_bytes *out,
                       cimg_status *status) {
    if (picture->width <= 0 || picture->height <= 0 || columns <= 0 || rows <= 0) {
        return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    }
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
    status->code = CIMG_OK;
    return 0;
}
