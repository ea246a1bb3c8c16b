#ifndef STORIES_TUI_CIMAGES_ANIMATION_H
#define STORIES_TUI_CIMAGES_ANIMATION_H

/* Moving pictures: GIF (giflib) and WebP, still or animated (libwebp's WebPAnimDecoder), decoded a
 * frame at a time onto one canvas (docs/IMAGES.md, "Moving pictures"). Memory is bounded by the
 * canvas, never by the number of frames: at most the canvas, a copy of one frame's rectangle (GIF's
 * "restore previous") and one frame's colour indices. Like the rest of CImages, failures are values
 * (cimg_status) and the libraries are opened with dlopen in the helper process only. */

#include "cimages.h"

/* The most frames an animation may have, and the most pixels of its canvas or of any one frame
 * (SPEC 8.4: a GIF over 40 megapixels of frame area or over 10 000 frames is refused). Both are
 * checked from the file's block structure before anything is decoded. */
static const int32_t CIMG_MAX_FRAMES = 10000;

typedef enum { CIMG_ANIMATION_GIF = 1, CIMG_ANIMATION_WEBP = 2, CIMG_ANIMATION_VIDEO = 3 } cimg_animation_format;

/* Video (MP4, MOV, WebM, MKV through FFmpeg's libraries, docs/IMAGES.md "Video"): a file over
 * CIMG_MAX_VIDEO_BYTES, a picture wider or taller than CIMG_MAX_VIDEO_SIDE, a length (claimed by the
 * container or summed from the frames) over CIMG_MAX_VIDEO_MS, or more than CIMG_MAX_VIDEO_FRAMES
 * frames is refused. Frames are converted to RGBA at most CIMG_VIDEO_FRAME_SIDE pixels on their
 * longer side (scaled down by libswscale, the aspect ratio kept): more than any terminal shows. */
static const int64_t CIMG_MAX_VIDEO_BYTES = (int64_t)4 * 1024 * 1024 * 1024;
static const int32_t CIMG_MAX_VIDEO_SIDE = 8192;
static const int64_t CIMG_MAX_VIDEO_MS = (int64_t)10 * 60 * 1000;
static const int32_t CIMG_MAX_VIDEO_FRAMES = 36000;
static const int32_t CIMG_VIDEO_FRAME_SIDE = 1920;

/* What the file's blocks say, read without decoding a pixel. */
typedef struct {
    cimg_animation_format format;
    int32_t width;        /* the canvas */
    int32_t height;
    int32_t frame_count;  /* complete frames (1 for a still picture) */
    int32_t loop_count;   /* 0: for ever (NETSCAPE2.0 / ANIM); GIF without the block: 1 */
    int32_t truncated;    /* the file ends inside a frame: frame_count leaves that frame out */
    size_t complete_bytes; /* WebP: where the last complete frame's chunk ends (a cut file is decoded to there) */
} cimg_animation_info;

/* 1 when the bytes start a GIF (GIF87a, GIF89a) or a WebP (RIFF....WEBP) file, else 0. */
int cimg_animation_recognise(const uint8_t *bytes, size_t length);

/* Walks the file's blocks (GIF: every extension and image descriptor, the LZW data skipped a
 * sub-block at a time; WebP: the RIFF chunks) with work bounded by length, and applies the limits:
 * a canvas or frame over CIMG_MAX_PIXELS is CIMG_TOO_MANY_PIXELS (status width and height say which
 * size), more than CIMG_MAX_FRAMES frames is CIMG_TOO_MANY_FRAMES. `delays_ms`, when not NULL,
 * receives each frame's delay as stored, in milliseconds (GIF's hundredths times ten; 0 for a
 * still picture), up to `capacity` of them. Returns 0, or -1 with status filled. */
int cimg_animation_scan(const uint8_t *bytes, size_t length, cimg_animation_info *info,
                        int32_t *delays_ms, int32_t capacity, cimg_status *status);

/* One decoder: open on the file's bytes (which must stay unchanged until close), then frames in
 * order, each the whole canvas as it is shown. */
typedef struct cimg_animation cimg_animation;

/* A decoded frame: RGBA, straight alpha, rows of width * 4 bytes (the decoder's canvas: valid until
 * the next call on the decoder). */
typedef struct {
    const uint8_t *pixels;
    int32_t width;
    int32_t height;
    int32_t index;     /* 0-based */
    int32_t delay_ms;  /* as stored, as cimg_animation_scan gives it */
} cimg_animation_frame;

/* Scans the bytes (every limit above applies) and opens a decoder on them. Returns 0 and the
 * decoder, or -1 with status filled (a library that cannot be opened is CIMG_UNDECODABLE). */
int cimg_animation_open(const uint8_t *bytes, size_t length, cimg_animation **animation,
                        cimg_animation_info *info, cimg_status *status);

/* Decodes the next frame. Returns 1 and the frame; 0 after the last one (cimg_animation_rewind
 * starts again); -1 when this frame cannot be decoded (status says why): the canvas keeps the last
 * good frame, and the animation ends before the broken frame from then on (later passes end there
 * with 0, without reporting again). */
int cimg_animation_next(cimg_animation *animation, cimg_animation_frame *frame, cimg_status *status);

/* Starts again at the first frame (the canvas cleared). Returns 0, or -1 with status filled. */
int cimg_animation_rewind(cimg_animation *animation, cimg_status *status);

/* The frames that can be shown: the scan's count, or fewer once a frame failed to decode. */
int32_t cimg_animation_frame_count(const cimg_animation *animation);

void cimg_animation_close(cimg_animation *animation);

/* 1 when the bytes start a video container: ISO media (MP4, MOV: a box of type `ftyp`, `moov`, `mdat`,
 * `free`, `skip` or `wide` at byte 4) or EBML (WebM, MKV: 1A 45 DF A3), else 0. */
int cimg_video_recognise(const uint8_t *bytes, size_t length);

/* Whether the file at path is a video to open, with no library: 1 for a regular file that starts as a
 * video does (cimg_video_recognise) of at most CIMG_MAX_VIDEO_BYTES; 0 for a file that does not start
 * so (whatever its size); -1 with status for one that cannot be opened or read, or a video too large. */
int cimg_video_file_check(const char *path, cimg_status *status);

/* A video's frames without decoding them: opens the container with libavformat (helper process
 * only: FFmpeg's libraries are opened on first use) and reads every packet of its video stream, with
 * work bounded by the file's size. info's canvas is the frames' size as converted; `delays_ms`
 * receives each frame's delay from the differences of its presentation times (the last one: its
 * packet's duration, else the frame rate's). The limits above apply. Returns 0, or -1 with status
 * (CIMG_VIDEO_LIBRARIES_MISSING, CIMG_NO_VIDEO_STREAM, CIMG_VIDEO_TOO_LONG, CIMG_TOO_MANY_PIXELS,
 * CIMG_TOO_MANY_FRAMES, CIMG_UNDECODABLE). */
int cimg_video_scan(const uint8_t *bytes, size_t length, cimg_animation_info *info, int32_t *delays_ms,
                    int32_t capacity, cimg_status *status);

/* The same from a file (any regular file up to CIMG_MAX_VIDEO_BYTES, read as needed, never whole). */
int cimg_video_scan_file(const char *path, cimg_animation_info *info, int32_t *delays_ms, int32_t capacity,
                         cimg_status *status);

/* The first frame of the video at path as a picture (RGBA, freed with cimg_picture_free), with every
 * limit of the container but without reading its packets ahead (a still picture of the video needs no
 * delays). Returns 0, or -1 with status as cimg_video_scan_file's. */
int cimg_video_first_frame(const char *path, cimg_picture *picture, cimg_status *status);

/* Opens a decoder on the file at path: a video is read from the file as its frames are decoded; a
 * GIF or WebP (within CIMG_MAX_FILE_BYTES) is read whole and kept by the decoder. As
 * cimg_animation_open otherwise (which also takes a video's bytes). */
int cimg_animation_open_file(const char *path, cimg_animation **animation, cimg_animation_info *info,
                             cimg_status *status);

#endif
