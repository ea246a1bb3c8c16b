#include "libraries.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libpng's simplified API: it reads every colour type, bit depth and interlace, expands palettes
 * and grey, and turns 16-bit into 8-bit sRGB. Errors come back in image.message (it never exits).
 * 16-bit data without a gAMA or sRGB chunk is sRGB, as browsers take it (libpng would take it as
 * linear and show it far too light). Alpha is kept straight; cimg_composite (composite.c) puts
 * the picture over its backdrop. */
/* libpng 1.6.39 (Debian 12) loses rows when its simplified API turns an Adam7-interlaced 16-bit file
 * into 8-bit output (libpng issue 853, png_image_read_direct_scaled). Such a file is read with the
 * low-level API instead, scaled to 8 bits a channel as it is decoded (png_set_scale_16): memory is the
 * 8-bit RGBA picture and a few rows of libpng's, 4 bytes a pixel. (Reading it as 16-bit linear RGBA
 * and converting took 12 bytes a pixel, 470 MB at 40 megapixels: the helper could do it once, and every
 * later decode in it failed "out of memory".) Like the simplified path with PNG_IMAGE_FLAG_16BIT_sRGB,
 * 16-bit values are taken as sRGB; alpha is kept straight, as on the simplified path. */
static int is_interlaced_16_bit(const uint8_t *bytes, size_t length) {
    return length >= 29 && bytes[24] == 16 && bytes[28] == 1;
}

/* The file in memory, read by libpng through png_set_read_fn, and where its errors jump to. */
typedef struct {
    const cimg_png_library *png;
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    jmp_buf jump;
    char message[96];
} deep_reader;

/* The callbacks get libpng's state only; the reader is its io pointer (reads) or error pointer. The
 * table is the one already open (cimg_png_library_open returns it at once after the first call). */
static const cimg_png_library *open_table(void) {
    cimg_status ignored;
    return cimg_png_library_open(&ignored);
}

static void deep_read(png_structp state, png_bytep out, size_t count) {
    const cimg_png_library *png = open_table();
    deep_reader *reader = png->png_get_io_ptr(state);
    if (count > reader->length - reader->offset) png->png_error(state, "the file ends early");
    memcpy(out, reader->bytes + reader->offset, count);
    reader->offset += count;
}

static void deep_error(png_structp state, png_const_charp message) {
    deep_reader *reader = open_table()->png_get_error_ptr(state);
    snprintf(reader->message, sizeof reader->message, "%s", message);
    longjmp(reader->jump, 1);
}

static void deep_warning(png_structp state, png_const_charp message) {
    (void)state;
    (void)message;
}

static int decode_deep(const cimg_png_library *png, const uint8_t *bytes, size_t length, cimg_picture *picture,
                       cimg_status *status) {
    deep_reader reader = { png, bytes, length, 0, { 0 }, "" };
    png_structp state = png->png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, deep_error, deep_warning);
    png_infop info = state == NULL ? NULL : png->png_create_info_struct(state);
    if (info == NULL) {
        if (state != NULL) png->png_destroy_read_struct(&state, NULL, NULL);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    /* Changed between setjmp and a longjmp back: volatile, so their values survive it. */
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(reader.jump) != 0) {
        free(pixels);
        free(rows);
        png->png_destroy_read_struct(&state, &info, NULL);
        return cimg_fail(status, CIMG_UNDECODABLE, reader.message);
    }
    png->png_set_read_fn(state, &reader, deep_read);
    png->png_read_info(state, info);
    int color = png->png_get_color_type(state, info);
    png->png_set_scale_16(state);
    png->png_set_expand(state);  /* palette, grey below 8 bits and tRNS to RGB(A) */
    if ((color & PNG_COLOR_MASK_COLOR) == 0) png->png_set_gray_to_rgb(state);
    png->png_set_add_alpha(state, 0xFFFF, PNG_FILLER_AFTER);  /* opaque files get alpha 255 */
    png->png_set_interlace_handling(state);
    png->png_read_update_info(state, info);
    uint32_t width = (uint32_t)status->width, height = (uint32_t)status->height;
    size_t stride = (size_t)width * 4;
    if (png->png_get_rowbytes(state, info) != stride) png->png_error(state, "unexpected row size");
    pixels = malloc(stride * height);
    rows = malloc(sizeof(png_bytep) * height);
    if (pixels == NULL || rows == NULL) png->png_error(state, "out of memory");
    for (uint32_t row = 0; row < height; row++) rows[row] = pixels + row * stride;
    png->png_read_image(state, rows);
    png->png_read_end(state, NULL);
    free(rows);
    png->png_destroy_read_struct(&state, &info, NULL);
    picture->pixels = pixels;
    picture->width = (int32_t)width;
    picture->height = (int32_t)height;
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
        png->png_image_free(&image);  /* the header was read; the pixels are read again from the start */
        return decode_deep(png, bytes, length, picture, status);
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
