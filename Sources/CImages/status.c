#include "internal.h"

#include <stdio.h>
#include <string.h>

int cimg_fail(cimg_status *status, cimg_code code, const char *message) {
    status->code = code;
    if (message != NULL) {
        snprintf(status->message, sizeof status->message, "%s", message);
    }
    return -1;
}

uint32_t cimg_be16(const uint8_t *p) { return ((uint32_t)p[0] << 8) | p[1]; }

uint32_t cimg_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
