#include "cimagefixtures.h"

#include <stdlib.h>
#include <zlib.h>

int fixture_inflate(const uint8_t *data, size_t length, size_t expected, uint8_t **out) {
    uint8_t *buffer = malloc(expected == 0 ? 1 : expected);
    if (buffer == NULL) return -1;
    uLongf size = (uLongf)expected;
    if (uncompress(buffer, &size, data, (uLong)length) != Z_OK || size != expected) {
        free(buffer);
        return -1;
    }
    *out = buffer;
    return 0;
}
