#include "animation.h"

#include <stdio.h>
#include <string.h>

/* Reads the block structure of GIF and WebP files without decoding a pixel: canvas, frames, delays,
 * loop count, and the limits (cimages-animation.h). Every read is checked against the length, and
 * each step moves forward by at least one byte, so the work is bounded by the file's size. */

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | ((uint32_t)p[1] << 8); }
static uint32_t le24(const uint8_t *p) { return le16(p) | ((uint32_t)p[2] << 16); }
static uint32_t le32(const uint8_t *p) { return le24(p) | ((uint32_t)p[3] << 24); }

int cimg_animation_recognise(const uint8_t *bytes, size_t length) {
    if (length >= 6 && (memcmp(bytes, "GIF87a", 6) == 0 || memcmp(bytes, "GIF89a", 6) == 0)) return 1;
    if (length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0) return 1;
    return 0;
}

/* The pixel limit for a canvas or one frame, with its size in status. */
static int check_area(int64_t width, int64_t height, cimg_status *status) {
    status->width = (int32_t)width;
    status->height = (int32_t)height;
    if (width * height > CIMG_MAX_PIXELS) return cimg_fail(status, CIMG_TOO_MANY_PIXELS, NULL);
    return 0;
}

/* Counts one more frame with its delay; the frame limit. */
static int add_frame(cimg_animation_info *info, int32_t delay_ms, int32_t *delays_ms, int32_t capacity,
                     cimg_status *status) {
    if (info->frame_count >= CIMG_MAX_FRAMES) {
        char message[80];
        snprintf(message, sizeof message, "more than %d frames", (int)CIMG_MAX_FRAMES);
        status->frame_limit = CIMG_MAX_FRAMES;
        return cimg_fail(status, CIMG_TOO_MANY_FRAMES, message);
    }
    if (delays_ms != NULL && info->frame_count < capacity) delays_ms[info->frame_count] = delay_ms;
    info->frame_count++;
    return 0;
}

/* Skips a run of GIF sub-blocks (a length byte, that many bytes; a zero length ends the run). Returns
 * the position after the terminator, or 0 when the file ends first. */
static size_t skip_sub_blocks(const uint8_t *bytes, size_t length, size_t position) {
    while (position < length) {
        size_t size = bytes[position];
        position += 1;
        if (size == 0) return position;
        position += size;
    }
    return 0;
}

static int scan_gif(const uint8_t *bytes, size_t length, cimg_animation_info *info, int32_t *delays_ms,
                    int32_t capacity, cimg_status *status) {
    if (length < 13) return cimg_fail(status, CIMG_UNDECODABLE, "the GIF file ends inside its header");
    info->width = (int32_t)le16(bytes + 6);
    info->height = (int32_t)le16(bytes + 8);
    if (info->width == 0 || info->height == 0) return cimg_fail(status, CIMG_UNDECODABLE, "the image has no pixels");
    if (check_area(info->width, info->height, status) != 0) return -1;
    size_t position = 13;
    if (bytes[10] & 0x80) position += (size_t)3 << ((bytes[10] & 7) + 1);
    info->loop_count = 1;
    int32_t delay_ms = 0;
    while (position < length) {
        uint8_t introducer = bytes[position];
        if (introducer == 0x3B) return 0; /* the trailer */
        if (introducer == 0x21) {
            if (position + 2 > length) break;
            uint8_t label = bytes[position + 1];
            size_t data = position + 2;
            if (label == 0xF9 && data + 5 <= length && bytes[data] >= 4) {
                delay_ms = (int32_t)le16(bytes + data + 2) * 10;
            }
            if (label == 0xFF && data + 12 <= length && bytes[data] == 11
                && (memcmp(bytes + data + 1, "NETSCAPE2.0", 11) == 0 || memcmp(bytes + data + 1, "ANIMEXTS1.0", 11) == 0)
                && data + 16 <= length && bytes[data + 12] >= 3 && bytes[data + 13] == 1) {
                info->loop_count = (int32_t)le16(bytes + data + 14);
            }
            position = skip_sub_blocks(bytes, length, data);
            if (position == 0) break;
            continue;
        }
        if (introducer != 0x2C) break; /* not a GIF block: what came before is the picture, as browsers show it */
        if (position + 10 > length) {
            info->truncated = 1;
            break;
        }
        const uint8_t *descriptor = bytes + position + 1;
        if (check_area(le16(descriptor + 4), le16(descriptor + 6), status) != 0) return -1;
        size_t data = position + 10;
        if (descriptor[8] & 0x80) data += (size_t)3 << ((descriptor[8] & 7) + 1);
        data += 1; /* the LZW minimum code size */
        position = data <= length ? skip_sub_blocks(bytes, length, data) : 0;
        if (position == 0) {
            info->truncated = 1;
            break;
        }
        if (add_frame(info, delay_ms, delays_ms, capacity, status) != 0) return -1;
        delay_ms = 0;
    }
    return 0;
}

/* A still WebP's size from its VP8 (lossy) or VP8L (lossless) bitstream header. */
static int webp_still_size(const uint8_t *chunk, size_t size, int lossless, cimg_animation_info *info,
                           cimg_status *status) {
    if (lossless) {
        if (size < 5 || chunk[0] != 0x2F) return cimg_fail(status, CIMG_UNDECODABLE, "the WebP file has a broken VP8L header");
        uint32_t bits = le32(chunk + 1);
        info->width = (int32_t)(bits & 0x3FFF) + 1;
        info->height = (int32_t)((bits >> 14) & 0x3FFF) + 1;
    } else {
        if (size < 10 || chunk[3] != 0x9D || chunk[4] != 0x01 || chunk[5] != 0x2A) {
            return cimg_fail(status, CIMG_UNDECODABLE, "the WebP file has a broken VP8 header");
        }
        info->width = (int32_t)(le16(chunk + 6) & 0x3FFF);
        info->height = (int32_t)(le16(chunk + 8) & 0x3FFF);
    }
    return 0;
}

static int scan_webp(const uint8_t *bytes, size_t length, cimg_animation_info *info, int32_t *delays_ms,
                     int32_t capacity, cimg_status *status) {
    size_t end = (size_t)le32(bytes + 4) + 8;
    if (end > length) end = length;
    info->loop_count = 1;
    int animated = 0;
    int has_canvas = 0;
    size_t position = 12;
    while (position + 8 <= end) {
        const uint8_t *fourcc = bytes + position;
        size_t size = le32(bytes + position + 4);
        const uint8_t *chunk = bytes + position + 8;
        int complete = size <= end - (position + 8);
        size_t available = complete ? size : end - (position + 8);
        if (memcmp(fourcc, "VP8X", 4) == 0 && available >= 10) {
            animated = (chunk[0] & 0x02) != 0;
            info->width = (int32_t)le24(chunk + 4) + 1;
            info->height = (int32_t)le24(chunk + 7) + 1;
            has_canvas = 1;
            if (check_area(info->width, info->height, status) != 0) return -1;
        } else if (memcmp(fourcc, "ANIM", 4) == 0 && available >= 6) {
            info->loop_count = (int32_t)le16(chunk + 4);
        } else if (memcmp(fourcc, "ANMF", 4) == 0 && animated) {
            if (!complete || available < 16) {
                info->truncated = 1;
                break;
            }
            if (check_area((int64_t)le24(chunk + 6) + 1, (int64_t)le24(chunk + 9) + 1, status) != 0) return -1;
            if (add_frame(info, (int32_t)le24(chunk + 12), delays_ms, capacity, status) != 0) return -1;
            info->complete_bytes = position + 8 + size + (size & 1) <= end ? position + 8 + size + (size & 1)
                                                                           : position + 8 + size;
        } else if (!animated && (memcmp(fourcc, "VP8 ", 4) == 0 || memcmp(fourcc, "VP8L", 4) == 0)) {
            if (!has_canvas && webp_still_size(chunk, available, fourcc[3] == 'L', info, status) != 0) return -1;
            if (check_area(info->width, info->height, status) != 0) return -1;
            if (!complete) info->truncated = 1;
            return complete ? add_frame(info, 0, delays_ms, capacity, status) : 0;
        }
        if (!complete) break;
        position += 8 + size + (size & 1);
    }
    if (!has_canvas && info->frame_count == 0) return cimg_fail(status, CIMG_UNDECODABLE, "the WebP file has no picture");
    return 0;
}

int cimg_animation_scan(const uint8_t *bytes, size_t length, cimg_animation_info *info,
                        int32_t *delays_ms, int32_t capacity, cimg_status *status) {
    memset(info, 0, sizeof *info);
    status->code = CIMG_OK;
    int result;
    if (length >= 6 && memcmp(bytes, "GIF", 3) == 0 && cimg_animation_recognise(bytes, length)) {
        info->format = CIMG_ANIMATION_GIF;
        result = scan_gif(bytes, length, info, delays_ms, capacity, status);
    } else if (cimg_animation_recognise(bytes, length)) {
        info->format = CIMG_ANIMATION_WEBP;
        result = scan_webp(bytes, length, info, delays_ms, capacity, status);
    } else {
        return cimg_fail(status, CIMG_NOT_AN_IMAGE, NULL);
    }
    if (result != 0) return -1;
    status->width = info->width;
    status->height = info->height;
    if (info->width <= 0 || info->height <= 0) return cimg_fail(status, CIMG_UNDECODABLE, "the image has no pixels");
    if (info->frame_count == 0) return cimg_fail(status, CIMG_UNDECODABLE, "the file ends before its first frame");
    return 0;
}
