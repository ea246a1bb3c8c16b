#include "animation.h"
#include "animation-libraries.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GIF frames through giflib's low-level reader (DGifSlurp would hold every frame): each frame's
 * colour indices are read whole into a buffer of its part of the canvas, and only then is the
 * frame before it disposed of and this one drawn, so that a frame that fails to decode leaves the
 * last good one on the canvas. Disposal (none, background, previous), the transparent index and
 * interlacing are applied here: giflib hands out raw frames (docs/IMAGES.md, "Moving pictures"). */

/* A frame's part of the canvas (the descriptor's rectangle clipped to it; empty when outside). */
typedef struct {
    int32_t x, y, width, height;
} gif_rect;

struct cimg_gif_decoder {
    const cimg_gif_library *gif;
    const uint8_t *bytes;
    size_t length;
    size_t position;
    GifFileType *file;
    int32_t width, height;
    uint8_t *canvas;     /* width * height * 4 */
    uint8_t *saved;      /* the canvas under a "restore previous" frame, its rect's rows */
    uint8_t *indices;    /* one frame's colour indices, its clipped rect's rows */
    uint8_t *line;       /* one row of the frame as giflib gives it */
    int32_t line_capacity;
    int32_t index;
    /* What the frame on the canvas asks to be done before the next one is drawn. */
    int previous_disposal;
    gif_rect previous_rect;
};

static int read_memory(GifFileType *file, GifByteType *buffer, int wanted) {
    cimg_gif_decoder *decoder = file->UserData;
    size_t left = decoder->length - decoder->position;
    size_t count = wanted < 0 ? 0 : (size_t)wanted;
    if (count > left) count = left;
    memcpy(buffer, decoder->bytes + decoder->position, count);
    decoder->position += count;
    return (int)count;
}

static int gif_failure(cimg_gif_decoder *decoder, int error, const char *doing, cimg_status *status) {
    char message[160];
    const char *reason = decoder->gif->GifErrorString(error);
    snprintf(message, sizeof message, "%s: %s", doing, reason != NULL ? reason : "unknown error");
    return cimg_fail(status, CIMG_UNDECODABLE, message);
}

static int open_file(cimg_gif_decoder *decoder, cimg_status *status) {
    decoder->position = 0;
    int error = 0;
    decoder->file = decoder->gif->DGifOpen(decoder, read_memory, &error);
    if (decoder->file == NULL) return gif_failure(decoder, error, "the GIF file cannot be opened", status);
    return 0;
}

static void close_file(cimg_gif_decoder *decoder) {
    if (decoder->file == NULL) return;
    int error = 0;
    decoder->gif->DGifCloseFile(decoder->file, &error);
    decoder->file = NULL;
}

cimg_gif_decoder *cimg_gif_open(const uint8_t *bytes, size_t length, const cimg_animation_info *info,
                                cimg_status *status) {
    const cimg_gif_library *gif = cimg_gif_library_open(status);
    if (gif == NULL) return NULL;
    cimg_gif_decoder *decoder = calloc(1, sizeof *decoder);
    size_t area = (size_t)info->width * (size_t)info->height;
    if (decoder != NULL) {
        decoder->canvas = calloc(area, 4);
        decoder->indices = malloc(area);
    }
    if (decoder == NULL || decoder->canvas == NULL || decoder->indices == NULL) {
        cimg_gif_close(decoder);
        cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
        return NULL;
    }
    decoder->gif = gif;
    decoder->bytes = bytes;
    decoder->length = length;
    decoder->width = info->width;
    decoder->height = info->height;
    if (open_file(decoder, status) != 0) {
        cimg_gif_close(decoder);
        return NULL;
    }
    return decoder;
}

static gif_rect clip(const GifImageDesc *image, int32_t width, int32_t height) {
    int32_t x0 = image->Left, y0 = image->Top;
    int32_t x1 = image->Left + image->Width, y1 = image->Top + image->Height;
    if (x1 > width) x1 = width;
    if (y1 > height) y1 = height;
    if (x0 >= x1 || y0 >= y1) return (gif_rect){ 0, 0, 0, 0 };
    return (gif_rect){ x0, y0, x1 - x0, y1 - y0 };
}

/* The canvas row a line of the file goes to: interlaced frames come in four passes (every 8th row
 * from 0, every 8th from 4, every 4th from 2, every 2nd from 1). */
static int32_t row_of_line(int32_t line, int32_t height, int interlaced) {
    if (!interlaced) return line;
    static const int32_t start[4] = { 0, 4, 2, 1 }, step[4] = { 8, 8, 4, 2 };
    for (int pass = 0; pass < 4; pass++) {
        int32_t rows = start[pass] < height ? (height - start[pass] + step[pass] - 1) / step[pass] : 0;
        if (line < rows) return start[pass] + line * step[pass];
        line -= rows;
    }
    return 0;
}

/* Reads the current frame's indices into decoder->indices (its clipped rect), row by row. */
static int read_indices(cimg_gif_decoder *decoder, gif_rect rect, cimg_status *status) {
    const GifImageDesc *image = &decoder->file->Image;
    if (image->Width > decoder->line_capacity) {
        uint8_t *line = realloc(decoder->line, (size_t)image->Width);
        if (line == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
        decoder->line = line;
        decoder->line_capacity = image->Width;
    }
    for (int32_t line = 0; line < image->Height; line++) {
        if (decoder->gif->DGifGetLine(decoder->file, decoder->line, image->Width) != GIF_OK) {
            return gif_failure(decoder, decoder->file->Error, "a frame cannot be decoded", status);
        }
        int32_t row = image->Top + row_of_line(line, image->Height, image->Interlace);
        if (row < rect.y || row >= rect.y + rect.height) continue;
        memcpy(decoder->indices + (size_t)(row - rect.y) * (size_t)rect.width,
               decoder->line + (rect.x - image->Left), (size_t)rect.width);
    }
    return 0;
}

/* Copies rect's rows between the canvas and a packed buffer (to: 1 into the buffer, 0 back). */
static void copy_rect(cimg_gif_decoder *decoder, gif_rect rect, uint8_t *buffer, int to_buffer) {
    for (int32_t row = 0; row < rect.height; row++) {
        uint8_t *canvas = decoder->canvas + ((size_t)(rect.y + row) * (size_t)decoder->width + (size_t)rect.x) * 4;
        uint8_t *packed = buffer + (size_t)row * (size_t)rect.width * 4;
        if (to_buffer) memcpy(packed, canvas, (size_t)rect.width * 4);
        else memcpy(canvas, packed, (size_t)rect.width * 4);
    }
}

/* What the frame on the canvas asked for, done before the next one is drawn. */
static void dispose_previous(cimg_gif_decoder *decoder) {
    gif_rect rect = decoder->previous_rect;
    if (decoder->previous_disposal == DISPOSE_BACKGROUND) {
        /* To transparent, as browsers do (the background colour index is ignored). */
        for (int32_t row = 0; row < rect.height; row++) {
            memset(decoder->canvas + ((size_t)(rect.y + row) * (size_t)decoder->width + (size_t)rect.x) * 4, 0,
                   (size_t)rect.width * 4);
        }
    } else if (decoder->previous_disposal == DISPOSE_PREVIOUS && decoder->saved != NULL) {
        copy_rect(decoder, rect, decoder->saved, 0);
    }
    decoder->previous_disposal = DISPOSAL_UNSPECIFIED;
}

static void draw_frame(cimg_gif_decoder *decoder, gif_rect rect, const GraphicsControlBlock *control) {
    const ColorMapObject *map = decoder->file->Image.ColorMap != NULL ? decoder->file->Image.ColorMap
                                                                      : decoder->file->SColorMap;
    int colours = map != NULL ? map->ColorCount : 0;
    for (int32_t row = 0; row < rect.height; row++) {
        const uint8_t *index = decoder->indices + (size_t)row * (size_t)rect.width;
        uint8_t *pixel = decoder->canvas + ((size_t)(rect.y + row) * (size_t)decoder->width + (size_t)rect.x) * 4;
        for (int32_t column = 0; column < rect.width; column++, pixel += 4) {
            int value = index[column];
            /* The transparent index, and an index past the colour map, leave the canvas as it is. */
            if (value == control->TransparentColor || value >= colours) continue;
            pixel[0] = map->Colors[value].Red;
            pixel[1] = map->Colors[value].Green;
            pixel[2] = map->Colors[value].Blue;
            pixel[3] = 255;
        }
    }
}

/* Decodes the frame whose descriptor comes next and draws it, with its graphics control block. */
static int decode_frame(cimg_gif_decoder *decoder, const GraphicsControlBlock *control, cimg_animation_frame *frame,
                        cimg_status *status) {
    if (decoder->gif->DGifGetImageHeader(decoder->file) != GIF_OK) {
        return gif_failure(decoder, decoder->file->Error, "a frame header cannot be read", status);
    }
    gif_rect rect = clip(&decoder->file->Image, decoder->width, decoder->height);
    if (read_indices(decoder, rect, status) != 0) return -1;
    dispose_previous(decoder);
    if (control->DisposalMode == DISPOSE_PREVIOUS) {
        if (decoder->saved == NULL) decoder->saved = malloc((size_t)decoder->width * (size_t)decoder->height * 4);
        if (decoder->saved != NULL) copy_rect(decoder, rect, decoder->saved, 1);
    }
    draw_frame(decoder, rect, control);
    decoder->previous_disposal = control->DisposalMode;
    decoder->previous_rect = rect;
    frame->pixels = decoder->canvas;
    frame->width = decoder->width;
    frame->height = decoder->height;
    frame->index = decoder->index++;
    frame->delay_ms = control->DelayTime * 10;
    return 1;
}

int cimg_gif_next(cimg_gif_decoder *decoder, cimg_animation_frame *frame, cimg_status *status) {
    GraphicsControlBlock control = { DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR };
    for (;;) {
        GifRecordType type;
        if (decoder->gif->DGifGetRecordType(decoder->file, &type) != GIF_OK) {
            return gif_failure(decoder, decoder->file->Error, "the GIF file is broken", status);
        }
        if (type == IMAGE_DESC_RECORD_TYPE) return decode_frame(decoder, &control, frame, status);
        if (type != EXTENSION_RECORD_TYPE) return 0; /* the trailer (or what giflib does not know) */
        int code = 0;
        GifByteType *extension = NULL;
        if (decoder->gif->DGifGetExtension(decoder->file, &code, &extension) != GIF_OK) {
            return gif_failure(decoder, decoder->file->Error, "an extension cannot be read", status);
        }
        if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4) {
            decoder->gif->DGifExtensionToGCB(4, extension + 1, &control);
        }
        while (extension != NULL) {
            if (decoder->gif->DGifGetExtensionNext(decoder->file, &extension) != GIF_OK) {
                return gif_failure(decoder, decoder->file->Error, "an extension cannot be read", status);
            }
        }
    }
}

int cimg_gif_rewind(cimg_gif_decoder *decoder, cimg_status *status) {
    close_file(decoder);
    memset(decoder->canvas, 0, (size_t)decoder->width * (size_t)decoder->height * 4);
    decoder->index = 0;
    decoder->previous_disposal = DISPOSAL_UNSPECIFIED;
    return open_file(decoder, status);
}

void cimg_gif_close(cimg_gif_decoder *decoder) {
    if (decoder == NULL) return;
    close_file(decoder);
    free(decoder->canvas);
    free(decoder->saved);
    free(decoder->indices);
    free(decoder->line);
    free(decoder);
}
