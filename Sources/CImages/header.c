#include "internal.h"
#include "cimages-animation.h"

#include <string.h>

static const uint8_t png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };

/* The most JPEG segments looked at before the frame header: real files have a dozen or so. */
enum { max_jpeg_segments = 4096 };

static int check_size(int64_t width, int64_t height, cimg_status *status) {
    status->width = (int32_t)(width > INT32_MAX ? INT32_MAX : width);
    status->height = (int32_t)(height > INT32_MAX ? INT32_MAX : height);
    if (width <= 0 || height <= 0) return cimg_fail(status, CIMG_UNDECODABLE, "the image has no pixels");
    if (width * height > CIMG_MAX_PIXELS) return cimg_fail(status, CIMG_TOO_MANY_PIXELS, NULL);
    return 0;
}

static int png_header(const uint8_t *bytes, size_t length, cimg_header *header, cimg_status *status) {
    /* Signature, then the first chunk: length, "IHDR", width, height (big-endian). */
    if (length < 24) return cimg_fail(status, CIMG_UNDECODABLE, "the PNG file ends inside its header");
    if (memcmp(bytes + 12, "IHDR", 4) != 0) return cimg_fail(status, CIMG_UNDECODABLE, "the PNG file has no IHDR chunk first");
    header->format = CIMG_FORMAT_PNG;
    header->width = (int32_t)(cimg_be32(bytes + 16) & 0x7FFFFFFF);
    header->height = (int32_t)(cimg_be32(bytes + 20) & 0x7FFFFFFF);
    header->orientation = 1;
    return check_size(cimg_be32(bytes + 16), cimg_be32(bytes + 20), status);
}

static int is_frame_header(uint8_t marker) {
    /* SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC). */
    return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

static int jpeg_header(const uint8_t *bytes, size_t length, int complete, cimg_header *header,
                       cimg_status *status) {
    header->format = CIMG_FORMAT_JPEG;
    header->orientation = 1;
    int seen_exif = 0;
    size_t position = 2;
    for (int segments = 0; segments < max_jpeg_segments; segments++) {
        while (position < length && bytes[position] == 0xFF && position + 1 < length && bytes[position + 1] == 0xFF) {
            position++; /* fill bytes */
        }
        if (position + 4 > length) break;
        if (bytes[position] != 0xFF) return cimg_fail(status, CIMG_UNDECODABLE, "the JPEG file has a broken marker");
        uint8_t marker = bytes[position + 1];
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
            position += 2;
            continue;
        }
        if (marker == 0xD9 || marker == 0xDA) {
            return cimg_fail(status, CIMG_UNDECODABLE, "the JPEG file has no frame header");
        }
        size_t segment = cimg_be16(bytes + position + 2);
        if (segment < 2) return cimg_fail(status, CIMG_UNDECODABLE, "the JPEG file has a broken segment");
        const uint8_t *data = bytes + position + 4;
        size_t available = length - (position + 4);
        size_t data_length = segment - 2;
        if (is_frame_header(marker)) {
            if (available < 5) break;
            header->width = (int32_t)cimg_be16(data + 3);
            header->height = (int32_t)cimg_be16(data + 1);
            return check_size(header->width, header->height, status);
        }
        if (marker == 0xE1 && !seen_exif && data_length <= available) {
            int32_t orientation = cimg_exif_orientation(data, data_length);
            if (data_length >= 6 && memcmp(data, "Exif", 4) == 0) seen_exif = 1;
            header->orientation = orientation;
        }
        position += 2 + segment;
    }
    if (!complete) return cimg_fail(status, CIMG_INCOMPLETE, NULL);
    return cimg_fail(status, CIMG_UNDECODABLE, "the JPEG file has no frame header");
}

/* GIF and WebP: the scan of their blocks (no library). On a prefix, a file that looks broken may only be cut
 * short by the prefix: that is left to a read of the whole file. */
static int animation_header(const uint8_t *bytes, size_t length, int complete, cimg_header *header,
                            cimg_status *status) {
    cimg_animation_info info;
    if (cimg_animation_scan(bytes, length, &info, NULL, 0, status) != 0) {
        if (!complete && status->code == CIMG_UNDECODABLE) return cimg_fail(status, CIMG_INCOMPLETE, NULL);
        return -1;
    }
    header->format = info.format == CIMG_ANIMATION_GIF ? CIMG_FORMAT_GIF : CIMG_FORMAT_WEBP;
    header->width = info.width;
    header->height = info.height;
    header->orientation = 1;
    header->frames = info.frame_count;
    return 0;
}

int cimg_header_read(const uint8_t *bytes, size_t length, int complete, cimg_header *header,
                     cimg_status *status) {
    memset(header, 0, sizeof *header);
    status->code = CIMG_OK;
    if (length >= 8 && memcmp(bytes, png_signature, 8) == 0) {
        if (png_header(bytes, length, header, status) != 0) return -1;
        header->frames = 1;
        return 0;
    }
    if (length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
        if (jpeg_header(bytes, length, complete, header, status) != 0) return -1;
        header->frames = 1;
        return 0;
    }
    if (cimg_animation_recognise(bytes, length)) return animation_header(bytes, length, complete, header, status);
    if (!complete && length < 12) return cimg_fail(status, CIMG_INCOMPLETE, NULL);
    return cimg_fail(status, CIMG_NOT_AN_IMAGE, NULL);
}
