#include "pixels.h"

#include <stdlib.h>
#include <string.h>

int cimg_bytes_reserve(cimg_bytes *out, size_t more) {
    if (more > SIZE_MAX - out->length) return -1;
    size_t needed = out->length + more;
    if (needed <= out->capacity) return 0;
    size_t capacity = out->capacity < 4096 ? 4096 : out->capacity;
    while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
    uint8_t *grown = realloc(out->bytes, capacity);
    if (grown == NULL) return -1;
    out->bytes = grown;
    out->capacity = capacity;
    return 0;
}

int cimg_bytes_append(cimg_bytes *out, const void *data, size_t length) {
    if (cimg_bytes_reserve(out, length) != 0) return -1;
    memcpy(out->bytes + out->length, data, length);
    out->length += length;
    return 0;
}

int cimg_bytes_append_text(cimg_bytes *out, const char *text) {
    return cimg_bytes_append(out, text, strlen(text));
}

static const char base64_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int cimg_bytes_append_base64(cimg_bytes *out, const uint8_t *data, size_t length) {
    if (cimg_bytes_reserve(out, (length + 2) / 3 * 4) != 0) return -1;
    uint8_t *target = out->bytes + out->length;
    for (size_t input = 0; input < length; input += 3) {
        uint32_t triple = (uint32_t)data[input] << 16;
        size_t present = length - input < 3 ? length - input : 3;
        if (present > 1) triple |= (uint32_t)data[input + 1] << 8;
        if (present > 2) triple |= data[input + 2];
        *target++ = (uint8_t)base64_alphabet[(triple >> 18) & 63];
        *target++ = (uint8_t)base64_alphabet[(triple >> 12) & 63];
        *target++ = present > 1 ? (uint8_t)base64_alphabet[(triple >> 6) & 63] : '=';
        *target++ = present > 2 ? (uint8_t)base64_alphabet[triple & 63] : '=';
    }
    out->length = (size_t)(target - out->bytes);
    return 0;
}

void cimg_bytes_free(cimg_bytes *bytes) {
    free(bytes->bytes);
    bytes->bytes = NULL;
    bytes->length = 0;
    bytes->capacity = 0;
}
