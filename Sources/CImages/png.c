#include "libraries.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* libpng's simplified API: it reads every colour type, bit depth and interlace, expands palettes
 * and grey, and turns 16-bit into 8-bit sRGB. Errors come back in image.message (it never exits).
 * 16-bit data without a gAMA or sRGB chunk is sRGB, as browsers take it (libpng would take it as
 * linear and show it far too light). Alpha is kept straight; cimg_composite (composite.c) puts
 * the picture over its backdrop. */
/* libpng 1.6.39 (Debian 12) loses rows when it turns an Adam7-interlaced 16-bit file into 8-bit
 * output (libpng issue 853, png_image_read_direct_scaled): such a file is read as 16-bit linear,
 * premultiplied RGBA and brought back to 8-bit sRGB and composited here. libpng's linear form
 * undoes a power of 2.2, so that is what is redone. */
static int is_interlaced_16_bit(const uint8_t *bytes, size_t length) {
    return length >= 29 && bytes[24] == 16 && bytes[28] == 1;
}

static int decode_linear(const cimg_png_library *png, png_image *image, cimg_picture *picture, cimg_status *status) {
    image->format = PNG_FORMAT_LINEAR_RGB_ALPHA;
    size_t count = (size_t)image->width * (size_t)image->height;
    uint16_t *linear = malloc(count * 8);
    uint8_t *pixels = malloc(count * 4);
    uint8_t *encode = malloc(65536);
    if (linear == NULL || pixels == NULL || encode == NULL) {
        free(linear); free(pixels); free(encode);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    if (!png->png_image_finish_read(image, NULL, linear, (png_int_32)image->width * 4, NULL)) {
        cimg_fail(status, CIMG_UNDECODABLE, image->message);
        free(linear); free(pixels); free(encode);
        return -1;
    }
    for (int value = 0; value < 65536; value++) {
        encode[value] = (uint8_t)lrint(255.0 * pow(value / 65535.0, 1 / 2.2));
    }
    for (size_t index = 0; index < count; index++) {
        const uint16_t *source = linear + index * 4;
        unsigned alpha = source[3];
        uint8_t *pixel = pixels + index * 4;
        for (int channel = 0; channel < 3; channel++) {
            unsigned straight = alpha == 0 ? 0 : (unsigned)(((uint32_t)source[channel] * 65535 + alpha / 2) / alpha);
            pixel[channel] = encode[straight > 65535 ? 65535 : straight];
        }
        pixel[3] = (uint8_t)((alpha * 255 + 32767) / 65535);
    }
    free(linear);
    free(encode);
    picture->pixels = pixels;
    picture->width = (int32_t)image->width;
    picture->height = (int32_t)image->height;
    return 0;
}

int cimg_decode_png(const uint8_t *bytes, size_t length, cimg_picture *picture, cimg_status *status) {
    const cimg_png_library *png = cimg_png_library_open(status);
    if (png == NULL) return -1;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png->png_image_begin_read_from_memory(&image, bytes, length)) {
        cimg_fail(status, CIMG_UNDECODABLE, image.message);
        png->png_image_free(&image);
        return -1;
    }
    status->width = (int32_t)image.width;
    status->height = (int32_t)image.height;
    if ((int64_t)image.width * (int64_t)image.height > CIMG_MAX_PIXELS) {
        png->png_image_free(&image);
        return cimg_fail(status, CIMG_TOO_MANY_PIXELS, NULL);
    }
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;  /* after begin_read, which sets the flags */
    if (is_interlaced_16_bit(bytes, length)) {
        int result = decode_linear(png, &image, picture, status);
        png->png_image_free(&image);
        return result;
    }
    image.format = PNG_FORMAT_RGBA;  /* opaque files get alpha 255 */
    size_t stride = (size_t)image.width * 4;
    uint8_t *pixels = malloc(stride * (size_t)image.height);
    if (pixels == NULL) {
        png->png_image_free(&image);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    if (!png->png_image_finish_read(&image, NULL, pixels, (png_int_32)stride, NULL)) {
        cimg_fail(status, CIMG_UNDECODABLE, image.message);
        png->png_image_free(&image);
        free(pixels);
        return -1;
    }
    picture->pixels = pixels;
    picture->width = (int32_t)image.width;
    picture->height = (int32_t)image.height;
    return 0;
}
