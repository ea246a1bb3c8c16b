#ifndef STORIES_TUI_CIMAGES_VIDEO_LIBRARIES_H
#define STORIES_TUI_CIMAGES_VIDEO_LIBRARIES_H

/* FFmpeg's libraries (Debian 12: 5.1), opened like the picture libraries (libraries.h, whose pattern
 * and opener these share: libraries.c opens them too): only the helper process maps them, and a
 * machine without them plays every other story (a video story shows its alt text and what to install). */

#include "libraries.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libswscale/swscale.h>

/* The functions used of each library: one list, for the table's fields and for dlsym. */
#define CIMG_AVUTIL_FUNCTIONS(X) \
    X(av_malloc) X(av_free) X(av_frame_alloc) X(av_frame_free) X(av_frame_unref) X(av_strerror) \
    X(av_log_set_level) X(av_dict_set) X(av_dict_free)
#define CIMG_AVCODEC_FUNCTIONS(X) \
    X(avcodec_find_decoder) X(avcodec_alloc_context3) X(avcodec_parameters_to_context) X(avcodec_open2) \
    X(avcodec_send_packet) X(avcodec_receive_frame) X(avcodec_flush_buffers) X(avcodec_free_context) \
    X(av_packet_alloc) X(av_packet_free) X(av_packet_unref)
#define CIMG_AVFORMAT_FUNCTIONS(X) \
    X(avformat_alloc_context) X(avformat_open_input) X(avformat_find_stream_info) X(av_read_frame) \
    X(av_seek_frame) X(avformat_close_input) X(avio_alloc_context) X(avio_context_free)
#define CIMG_SWSCALE_FUNCTIONS(X) X(sws_getCachedContext) X(sws_scale) X(sws_freeContext)

typedef struct { CIMG_AVUTIL_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_avutil_library;
typedef struct { CIMG_AVCODEC_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_avcodec_library;
typedef struct { CIMG_AVFORMAT_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_avformat_library;
typedef struct { CIMG_SWSCALE_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_swscale_library;

/* Each library's table, opened once (thread-safe); NULL with status CIMG_UNDECODABLE and the
 * loader's reason when it cannot be opened. */
const cimg_avutil_library *cimg_avutil_library_open(cimg_status *status);
const cimg_avcodec_library *cimg_avcodec_library_open(cimg_status *status);
const cimg_avformat_library *cimg_avformat_library_open(cimg_status *status);
const cimg_swscale_library *cimg_swscale_library_open(cimg_status *status);

/* All four, or NULL with status CIMG_VIDEO_LIBRARIES_MISSING: the first that cannot be opened and why. */
typedef struct {
    const cimg_avutil_library *util;
    const cimg_avcodec_library *codec;
    const cimg_avformat_library *format;
    const cimg_swscale_library *scale;
} cimg_video_libraries;

const cimg_video_libraries *cimg_video_libraries_open(cimg_status *status);

#endif
