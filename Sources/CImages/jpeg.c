#include "libraries.h"

#include <stdlib.h>
#include <string.h>

/* TurboJPEG 2.1 (Debian 12 has no tj3 API). It decodes baseline and progressive JPEG, at 1/8,
 * 1/4 or 1/2 scale in the IDCT itself. CMYK and YCCK come out as CMYK, which libjpeg-turbo
 * stores inverted (Adobe's convention, as in its own cmyk_to_rgb): R = C * K / 255. */

/* The smallest of 1/8, 1/4, 1/2 that still gives min_width x min_height, else 1/1 (also when
 * no minimum is given: 0 x 0 asks for the whole picture). */
static tjscalingfactor choose_scale(int width, int height, int32_t min_width, int32_t min_height) {
    static const tjscalingfactor candidates[3] = { { 1, 8 }, { 1, 4 }, { 1, 2 } };
    for (int index = 0; index < 3 && (min_width > 0 || min_height > 0); index++) {
        tjscalingfactor factor = candidates[index];
        if (TJSCALED(width, factor) >= min_width && TJSCALED(height, factor) >= min_height) return factor;
    }
    tjscalingfactor whole = { 1, 1 };
    return whole;
}

static void cmyk_to_rgba(uint8_t *pixels, size_t count) {
    for (size_t index = 0; index < count; index++) {
        uint8_t *pixel = pixels + index * 4;
        unsigned c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
        pixel[0] = (uint8_t)((c * k + 127) / 255);
        pixel[1] = (uint8_t)((m * k + 127) / 255);
        pixel[2] = (uint8_t)((y * k + 127) / 255);
        pixel[3] = 255;
    }
}

static int jpeg_failure(const cimg_jpeg_library *jpeg, tjhandle handle, cimg_status *status) {
    cimg_fail(status, CIMG_UNDECODABLE, jpeg->tjGetErrorStr2(handle));
    jpeg->tjDestroy(handle);
    return -1;
}

int cimg_decode_jpeg(const uint8_t *bytes, size_t length, int32_t min_width, int32_t min_height,
                     int32_t orientation, cimg_picture *picture, cimg_status *status) {
    if (length > (size_t)CIMG_MAX_FILE_BYTES) return cimg_fail(status, CIMG_FILE_TOO_LARGE, NULL);
    const cimg_jpeg_library *jpeg = cimg_jpeg_library_open(status);
    if (jpeg == NULL) return -1;
    tjhandle handle = jpeg->tjInitDecompress();
    if (handle == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "TurboJPEG did not start");
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    if (jpeg->tjDecompressHeader3(handle, bytes, (unsigned long)length, &width, &height, &subsampling, &colorspace) != 0) {
        return jpeg_failure(jpeg, handle, status);
    }
    status->width = width;
    status->height = height;
    if ((int64_t)width * (int64_t)height > CIMG_MAX_PIXELS) {
        jpeg->tjDestroy(handle);
        return cimg_fail(status, CIMG_TOO_MANY_PIXELS, NULL);
    }
    /* The minimum is for the upright picture: a quarter turn swaps it. */
    int transposed = orientation >= 5 && orientation <= 8;
    tjscalingfactor factor = transposed ? choose_scale(width, height, min_height, min_width)
                                        : choose_scale(width, height, min_width, min_height);
    int scaled_width = TJSCALED(width, factor), scaled_height = TJSCALED(height, factor);
    int cmyk = colorspace == TJCS_CMYK || colorspace == TJCS_YCCK;
    int format = cmyk ? TJPF_CMYK : TJPF_RGBA;
    size_t count = (size_t)scaled_width * (size_t)scaled_height;
    uint8_t *pixels = malloc(count * 4);
    if (pixels == NULL) {
        jpeg->tjDestroy(handle);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    /* A warning (a truncated file, a bad marker late on) still gives a picture: show what there is. */
    if (jpeg->tjDecompress2(handle, bytes, (unsigned long)length, pixels, scaled_width, 0, scaled_height, format,
                            TJFLAG_LIMITSCANS) != 0 && jpeg->tjGetErrorCode(handle) != TJERR_WARNING) {
        free(pixels);
        return jpeg_failure(jpeg, handle, status);
    }
    jpeg->tjDestroy(handle);
    if (cmyk) cmyk_to_rgba(pixels, count);
    picture->pixels = pixels;
    picture->width = scaled_width;
    picture->height = scaled_height;
    return 0;
}
