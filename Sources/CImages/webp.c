#include "animation.h"
#include "animation-libraries.h"

#include <stdlib.h>
#include <string.h>

/* WebP, still or animated, through libwebp's WebPAnimDecoder: it composites each frame onto the
 * whole canvas itself (blending and disposal) and gives each frame's end time; the delay is the
 * difference from the frame before. It keeps two canvases, whatever the number of frames. */

struct cimg_webp_decoder {
    const cimg_webp_library *webp;
    WebPAnimDecoder *decoder;
    uint8_t *complete; /* a cut file's complete frames, the RIFF size set to them (NULL for a whole file) */
    int32_t width, height;
    int32_t index;
    int previous_timestamp;
};

cimg_webp_decoder *cimg_webp_open(const uint8_t *bytes, size_t length, const cimg_animation_info *info,
                                  cimg_status *status) {
    const cimg_webp_library *webp = cimg_webp_library_open(status);
    if (webp == NULL) return NULL;
    cimg_webp_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
        return NULL;
    }
    decoder->webp = webp;
    WebPAnimDecoderOptions options;
    if (!webp->WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) {
        free(decoder);
        cimg_fail(status, CIMG_UNDECODABLE, "libwebpdemux is of another version");
        return NULL;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData data = { bytes, length };
    if (info->truncated && info->complete_bytes > 12) {
        /* libwebp's demuxer refuses a file shorter than its RIFF size: hand it the complete frames as a
         * whole file, so that a cut animation plays what it has, as a cut GIF does. */
        decoder->complete = malloc(info->complete_bytes);
        if (decoder->complete == NULL) {
            free(decoder);
            cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
            return NULL;
        }
        memcpy(decoder->complete, bytes, info->complete_bytes);
        uint32_t riff = (uint32_t)(info->complete_bytes - 8);
        for (int shift = 0; shift < 4; shift++) decoder->complete[4 + shift] = (uint8_t)(riff >> (8 * shift));
        data = (WebPData){ decoder->complete, info->complete_bytes };
    }
    decoder->decoder = webp->WebPAnimDecoderNewInternal(&data, &options, WEBP_DEMUX_ABI_VERSION);
    WebPAnimInfo anim;
    if (decoder->decoder == NULL || !webp->WebPAnimDecoderGetInfo(decoder->decoder, &anim)
        || (int32_t)anim.canvas_width != info->width || (int32_t)anim.canvas_height != info->height) {
        cimg_webp_close(decoder);
        cimg_fail(status, CIMG_UNDECODABLE, "the WebP file is broken");
        return NULL;
    }
    decoder->width = info->width;
    decoder->height = info->height;
    return decoder;
}

int cimg_webp_next(cimg_webp_decoder *decoder, cimg_animation_frame *frame, cimg_status *status) {
    if (!decoder->webp->WebPAnimDecoderHasMoreFrames(decoder->decoder)) return 0;
    uint8_t *pixels = NULL;
    int timestamp = 0;
    if (!decoder->webp->WebPAnimDecoderGetNext(decoder->decoder, &pixels, &timestamp) || pixels == NULL) {
        return cimg_fail(status, CIMG_UNDECODABLE, "a frame of the WebP file cannot be decoded");
    }
    frame->pixels = pixels;
    frame->width = decoder->width;
    frame->height = decoder->height;
    frame->index = decoder->index++;
    frame->delay_ms = timestamp - decoder->previous_timestamp;
    decoder->previous_timestamp = timestamp;
    return 1;
}

int cimg_webp_rewind(cimg_webp_decoder *decoder, cimg_status *status) {
    (void)status;
    decoder->webp->WebPAnimDecoderReset(decoder->decoder);
    decoder->index = 0;
    decoder->previous_timestamp = 0;
    return 0;
}

void cimg_webp_close(cimg_webp_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->decoder != NULL) decoder->webp->WebPAnimDecoderDelete(decoder->decoder);
    free(decoder->complete);
    free(decoder);
}
