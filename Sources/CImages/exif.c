#include "internal.h"

#include <string.h>

/* EXIF (CIPA DC-008): "Exif\0\0", then a TIFF header: byte order "II" or "MM", 42, and the offset
 * of IFD0, whose entries are 12 bytes: tag, type, count, value. Orientation is tag 0x0112, a SHORT.
 * Every read is checked against the segment's length, so a hostile segment costs at most its size. */

static uint32_t read16(const uint8_t *p, int little) {
    return little ? ((uint32_t)p[1] << 8) | p[0] : cimg_be16(p);
}

static uint32_t read32(const uint8_t *p, int little) {
    return little ? ((uint32_t)p[3] << 24) | ((uint32_t)p[2] << 16) | ((uint32_t)p[1] << 8) | p[0]
                  : cimg_be32(p);
}

int32_t cimg_exif_orientation(const uint8_t *data, size_t length) {
    static const uint8_t exif_id[6] = { 'E', 'x', 'i', 'f', 0, 0 };
    if (length < 6 + 8 || memcmp(data, exif_id, 6) != 0) return 1;
    const uint8_t *tiff = data + 6;
    size_t size = length - 6;
    int little;
    if (tiff[0] == 'I' && tiff[1] == 'I') little = 1;
    else if (tiff[0] == 'M' && tiff[1] == 'M') little = 0;
    else return 1;
    if (read16(tiff + 2, little) != 42) return 1;
    uint32_t offset = read32(tiff + 4, little);
    if (offset < 8 || (size_t)offset + 2 > size) return 1;
    uint32_t count = read16(tiff + offset, little);
    for (uint32_t index = 0; index < count; index++) {
        size_t entry = (size_t)offset + 2 + (size_t)index * 12;
        if (entry + 12 > size) return 1;
        if (read16(tiff + entry, little) != 0x0112) continue;
        uint32_t type = read16(tiff + entry + 2, little);
        uint32_t value = read16(tiff + entry + 8, little);
        return (type == 3 && value >= 1 && value <= 8) ? (int32_t)value : 1;
    }
    return 1;
}
