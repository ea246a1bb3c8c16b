#include "internal.h"

#include <malloc.h>
#include <stdlib.h>

int cimg_decode(const uint8_t *bytes, size_t length, int32_t min_width, int32_t min_height,
                const cimg_backdrop *backdrop, cimg_picture *picture, cimg_status *status) {
    picture->pixels = NULL;
    picture->width = 0;
    picture->height = 0;
    cimg_header header;
    if (cimg_header_read(bytes, length, 1, &header, status) != 0) return -1;
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
