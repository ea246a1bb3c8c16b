#include "libraries.h"
#include "pixels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* zlib's level for o=z data: its fastest (Benchmarks/README.md, "Pixel pictures"). */
enum { CIMG_KITTY_ZLIB_LEVEL = 1 };

/* Appends data as base64 (with padding) in escape strings of at most CIMG_KITTY_CHUNK characters, the
 * first after `first_keys`, the rest after `m=1,q=2` / `m=0,q=2`. */
static int append_chunks(cimg_bytes *out, const char *first_keys, const uint8_t *data, size_t length) {
    size_t encoded = (length + 2) / 3 * 4;
    size_t chunks = encoded == 0 ? 1 : (encoded + CIMG_KITTY_CHUNK - 1) / CIMG_KITTY_CHUNK;
    if (cimg_bytes_reserve(out, encoded + chunks * 32 + 64) != 0) return -1;
    size_t input = 0;
    for (size_t chunk = 0; chunk < chunks; chunk++) {
        int last = chunk + 1 == chunks;
        char keys[160];
        if (chunk == 0) snprintf(keys, sizeof keys, "\033_G%s,m=%d;", first_keys, last ? 0 : 1);
        else snprintf(keys, sizeof keys, "\033_Gm=%d,q=2;", last ? 0 : 1);
        if (cimg_bytes_append_text(out, keys) != 0) return -1;
        /* CIMG_KITTY_CHUNK characters are CIMG_KITTY_CHUNK / 4 * 3 input bytes. */
        size_t end = input + CIMG_KITTY_CHUNK / 4 * 3;
        if (end > length) end = length;
        if (cimg_bytes_append_base64(out, data + input, end - input) != 0) return -1;
        input = end;
        if (cimg_bytes_append(out, "\033\\", 2) != 0) return -1;
    }
    return 0;
}

/* The PNG for kitty's f=100 and for iTerm2 (pixels.h). */
int cimg_png_write(const cimg_picture *picture, uint8_t **data, size_t *length, cimg_status *status) {
    const cimg_png_library *png = cimg_png_library_open(status);
    if (png == NULL) return -1;
    png_image image = { 0 };
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)picture->width;
    image.height = (png_uint_32)picture->height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    /* The first call measures, the second writes. */
    if (!png->png_image_write_to_memory(&image, NULL, &size, 0, picture->pixels, 0, NULL)) {
        cimg_fail(status, CIMG_UNDECODABLE, image.message);
        png->png_image_free(&image);
        return -1;
    }
    uint8_t *memory = malloc(size);
    if (memory == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    if (!png->png_image_write_to_memory(&image, memory, &size, 0, picture->pixels, 0, NULL)) {
        cimg_fail(status, CIMG_UNDECODABLE, image.message);
        png->png_image_free(&image);
        free(memory);
        return -1;
    }
    *data = memory;
    *length = size;
    return 0;
}

/* The RGB (when opaque, *channels 3) or RGBA (*channels 4) bytes as they are, for a file (no zlib: the
 * terminal reads them from memory, Benchmarks/README.md, "Kitty pictures by file"). */
static int encode_raw(const cimg_picture *picture, uint8_t **data, size_t *length, int *channels,
                      cimg_status *status);

/* Whether every pixel of picture is opaque (then kitty is sent RGB, a quarter fewer bytes). */
static int opaque(const cimg_picture *picture) {
    size_t count = (size_t)picture->width * (size_t)picture->height;
    for (size_t pixel = 0; pixel < count; pixel++) {
        if (picture->pixels[pixel * 4 + 3] != 255) return 0;
    }
    return 1;
}

/* The picture's RGB bytes (when opaque, *channels 3) or RGBA bytes (*channels 4) compressed by zlib at
 * CIMG_KITTY_ZLIB_LEVEL (Benchmarks/README.md, "Pixel pictures": level 1 is four times faster than 6
 * for a tenth more bytes). */
static int encode_zlib(const cimg_picture *picture, uint8_t **data, size_t *length, int *channels,
                       cimg_status *status) {
    const cimg_zlib_library *zlib = cimg_zlib_library_open(status);
    if (zlib == NULL) return -1;
    size_t count = (size_t)picture->width * (size_t)picture->height;
    *channels = opaque(picture) ? 3 : 4;
    const uint8_t *source = picture->pixels;
    uint8_t *packed = NULL;
    if (*channels == 3) {
        packed = malloc(count * 3);
        if (packed == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
        for (size_t pixel = 0; pixel < count; pixel++) memcpy(packed + pixel * 3, source + pixel * 4, 3);
        source = packed;
    }
    uLong raw = (uLong)(count * (size_t)*channels);
    uLongf size = zlib->compressBound(raw);
    uint8_t *memory = malloc(size);
    int result = memory != NULL && zlib->compress2(memory, &size, source, raw, CIMG_KITTY_ZLIB_LEVEL) == Z_OK;
    free(packed);
    if (!result) {
        free(memory);
        return cimg_fail(status, CIMG_UNDECODABLE, "zlib could not compress the picture");
    }
    *data = memory;
    *length = size;
    return 0;
}

static int encode_raw(const cimg_picture *picture, uint8_t **data, size_t *length, int *channels,
                      cimg_status *status) {
    size_t count = (size_t)picture->width * (size_t)picture->height;
    *channels = opaque(picture) ? 3 : 4;
    uint8_t *memory = malloc(count * (size_t)*channels);
    if (memory == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    if (*channels == 4) memcpy(memory, picture->pixels, count * 4);
    else for (size_t pixel = 0; pixel < count; pixel++) memcpy(memory + pixel * 3, picture->pixels + pixel * 4, 3);
    *data = memory;
    *length = count * (size_t)*channels;
    return 0;
}

int cimg_kitty_encode(const cimg_picture *picture, cimg_kitty_format format, uint32_t image_id,
                      cimg_bytes *out, cimg_status *status) {
    if (picture->width <= 0 || picture->height <= 0 || image_id == 0) {
        return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    }
    uint8_t *data = NULL;
    size_t length = 0;
    char keys[128];
    int result;
    if (format == CIMG_KITTY_PNG) {
        result = cimg_png_write(picture, &data, &length, status);
        snprintf(keys, sizeof keys, "a=T,f=100,i=%u,q=2,z=-1,C=1", image_id);
    } else if (format == CIMG_KITTY_RAW_FILE) {
        int channels = 4;
        result = encode_raw(picture, &data, &length, &channels, status);
        snprintf(keys, sizeof keys, "a=T,f=%d,s=%d,v=%d,i=%u,q=2,z=-1,C=1,t=t", channels * 8, picture->width,
                 picture->height, image_id);
    } else {
        int channels = 4;
        result = encode_zlib(picture, &data, &length, &channels, status);
        snprintf(keys, sizeof keys, "a=T,f=%d,o=z,s=%d,v=%d,i=%u,q=2,z=-1,C=1%s", channels * 8, picture->width,
                 picture->height, image_id, format == CIMG_KITTY_ZLIB_FILE ? ",t=t" : "");
    }
    if (result != 0) return -1;
    if (format == CIMG_KITTY_ZLIB_FILE || format == CIMG_KITTY_RAW_FILE) {
        /* The keys and their `;`, then the file's data (KittyFileTransfer sends the keys with its path). */
        result = cimg_bytes_append(out, "\033_G", 3) != 0 || cimg_bytes_append_text(out, keys) != 0
                 || cimg_bytes_append(out, ";", 1) != 0 || cimg_bytes_append(out, data, length) != 0 ? -1 : 0;
    } else {
        result = append_chunks(out, keys, data, length);
    }
    free(data);
    if (result != 0) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    status->code = CIMG_OK;
    return 0;
}
