#include "cimagefixtures.h"

#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

/* An APP1 "Exif" segment whose IFD0 holds only the orientation (big-endian TIFF). */
static size_t exif_segment(int orientation, uint8_t *segment) {
    static const uint8_t bytes[] = {
        0xFF, 0xE1, 0x00, 0x22, 'E', 'x', 'i', 'f', 0, 0,
        'M', 'M', 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,          /* TIFF header, IFD0 at 8 */
        0x00, 0x01,                                            /* one entry */
        0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, /* orientation */
        0x00, 0x00, 0x00, 0x00                                 /* no next IFD */
    };
    memcpy(segment, bytes, sizeof bytes);
    segment[29] = (uint8_t)orientation;
    return sizeof bytes;
}

int fixture_jpeg(const uint8_t *rgb, int width, int height, fixture_jpeg_kind kind, int progressive,
                 int orientation, int extra_segments, uint8_t **out, size_t *out_length) {
    tjhandle handle = tjInitCompress();
    if (handle == NULL) return -1;
    const uint8_t *source = rgb;
    uint8_t *cmyk = NULL;
    int format = TJPF_RGB;
    if (kind == FIXTURE_JPEG_CMYK) {
        cmyk = malloc((size_t)width * (size_t)height * 4);
        for (int index = 0; index < width * height; index++) {
            const uint8_t *p = rgb + index * 3;
            uint8_t max = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
            uint8_t *q = cmyk + index * 4;
            /* Inverted CMYK: stored C = 255 - cyan ink; with K = max, C * K / 255 gives back R. */
            for (int channel = 0; channel < 3; channel++) {
                q[channel] = max == 0 ? 0 : (uint8_t)((p[channel] * 255 + max / 2) / max);
            }
            q[3] = max;
        }
        source = cmyk;
        format = TJPF_CMYK;
    }
    int subsampling = kind == FIXTURE_JPEG_GRAY ? TJSAMP_GRAY : TJSAMP_420;
    unsigned char *jpeg = NULL;
    unsigned long jpeg_length = 0;
    int flags = progressive ? TJFLAG_PROGRESSIVE : 0;
    int result = tjCompress2(handle, source, width, 0, height, format, &jpeg, &jpeg_length, subsampling, 90, flags);
    tjDestroy(handle);
    free(cmyk);
    if (result != 0) return -1;
    size_t extra = (orientation >= 1 ? 36 : 0) + (size_t)extra_segments * 65537;
    uint8_t *bytes = malloc(jpeg_length + extra);
    memcpy(bytes, jpeg, 2);
    size_t position = 2;
    if (orientation >= 1) position += exif_segment(orientation, bytes + position);
    for (int index = 0; index < extra_segments; index++) {
        bytes[position] = 0xFF;
        bytes[position + 1] = 0xE1;
        bytes[position + 2] = 0xFF;
        bytes[position + 3] = 0xFF;
        memcpy(bytes + position + 4, "Exif\0\0", 6);
        memset(bytes + position + 10, 'x', 65527);
        position += 65537;
    }
    memcpy(bytes + position, jpeg + 2, jpeg_length - 2);
    tjFree(jpeg);
    *out = bytes;
    *out_length = position + jpeg_length - 2;
    return 0;
}
