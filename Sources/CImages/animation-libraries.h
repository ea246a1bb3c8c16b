#ifndef STORIES_TUI_CIMAGES_ANIMATION_LIBRARIES_H
#define STORIES_TUI_CIMAGES_ANIMATION_LIBRARIES_H

/* giflib and libwebp's demuxer, opened like the still-picture libraries (libraries.h, whose pattern
 * and opener these share: libraries.c opens them too): only the helper process maps them. */

#include "libraries.h"

#include <gif_lib.h>
#include <webp/demux.h>

/* The functions used of each library: one list, for the table's fields and for dlsym. */
#define CIMG_GIF_FUNCTIONS(X) \
    X(DGifOpen) X(DGifCloseFile) X(DGifGetRecordType) X(DGifGetImageHeader) X(DGifGetLine) \
    X(DGifGetExtension) X(DGifGetExtensionNext) X(DGifExtensionToGCB) X(GifErrorString)
#define CIMG_WEBP_FUNCTIONS(X) \
    X(WebPAnimDecoderOptionsInitInternal) X(WebPAnimDecoderNewInternal) X(WebPAnimDecoderGetInfo) \
    X(WebPAnimDecoderGetNext) X(WebPAnimDecoderHasMoreFrames) X(WebPAnimDecoderReset) X(WebPAnimDecoderDelete)

typedef struct { CIMG_GIF_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_gif_library;
typedef struct { CIMG_WEBP_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_webp_library;

/* Each library's table, opened once (thread-safe); NULL with status CIMG_UNDECODABLE and the
 * loader's reason when it cannot be opened. */
const cimg_gif_library *cimg_gif_library_open(cimg_status *status);
const cimg_webp_library *cimg_webp_library_open(cimg_status *status);

#endif
