#include "internal.h"
#include "cimages-animation.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>

int cimg_picture_from_canvas(const uint8_t *pixels, int32_t width, int32_t height, const cimg_backdrop *backdrop,
                             cimg_picture *picture, cimg_status *status) {
    size_t bytes = (size_t)width * (size_t)height * 4;
    picture->pixels = malloc(bytes > 0 ? bytes : 1);
    picture->width = width;
    picture->height = height;
    if (picture->pixels == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    memcpy(picture->pixels, pixels, bytes);
    if (backdrop != NULL) cimg_composite(picture, backdrop);
    return 0;
}

/* A GIF's or WebP's first frame, as a still picture. */
static int decode_first_frame(const uint8_t *bytes, size_t length, const cimg_backdrop *backdrop,
                              cimg_picture *picture, cimg_status *status) {
    cimg_animation *animation;
    cimg_animation_info info;
    if (cimg_animation_open(bytes, length, &animation, &info, status) != 0) return -1;
    cimg_animation_frame frame;
    int result = cimg_animation_next(animation, &frame, status);
    if (result == 1) {
        result = cimg_picture_from_canvas(frame.pixels, frame.width, frame.height, backdrop, picture, status);
    } else {
        if (result == 0) cimg_fail(status, CIMG_UNDECODABLE, "the file ends before its first frame");
        result = -1;
    }
    cimg_animation_close(animation);
    return result;
}

int cimg_decode(const uint8_t *bytes, size_t length, int32_t min_width, int32_t min_height,
                const cimg_backdrop *backdrop, cimg_picture *picture, cimg_status *status) {
    picture->pixels = NULL;
    picture->width = 0;
    picture->height = 0;
    cimg_header header;
    if (cimg_header_read(bytes, length, 1, &header, status) != 0) return -1;
    if (header.format == CIMG_FORMAT_GIF || header.format == CIMG_FORMAT_WEBP) {
        if (decode_first_frame(bytes, length, backdrop, picture, status) != 0) return -1;
        status->code = CIMG_OK;
        return 0;
    }
    int result = header.format == CIMG_FORMAT_PNG
        ? cimg_decode_png(bytes, length, picture, status)
        : cimg_decode_jpeg(bytes, length, min_width, min_height, header.orientation, picture, status);
    if (result != 0) return -1;
    if (cimg_orient(picture, header.orientation) != 0) {
        cimg_picture_free(picture);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    if (backdrop != NULL && header.format == CIMG_FORMAT_PNG) cimg_composite(picture, backdrop);
    status->code = CIMG_OK;
    return 0;
}

void cimg_picture_free(cimg_picture *picture) {
    free(picture->pixels);
    picture->pixels = NULL;
}

void cimg_release_memory(void) {
    malloc_trim(0);
}
