#ifndef STORIES_TUI_CIMAGES_ANIMATION_INTERNAL_H
#define STORIES_TUI_CIMAGES_ANIMATION_INTERNAL_H

#include "cimages-animation.h"
#include "internal.h"

/* The decoders behind cimg_animation (animation.c): each opens on the file's bytes, decodes the next
 * frame onto its canvas (1 a frame, 0 at the end, -1 with status), rewinds and closes. */
typedef struct cimg_gif_decoder cimg_gif_decoder;
typedef struct cimg_webp_decoder cimg_webp_decoder;

cimg_gif_decoder *cimg_gif_open(const uint8_t *bytes, size_t length, const cimg_animation_info *info,
                                cimg_status *status);
int cimg_gif_next(cimg_gif_decoder *decoder, cimg_animation_frame *frame, cimg_status *status);
int cimg_gif_rewind(cimg_gif_decoder *decoder, cimg_status *status);
void cimg_gif_close(cimg_gif_decoder *decoder);

cimg_webp_decoder *cimg_webp_open(const uint8_t *bytes, size_t length, const cimg_animation_info *info,
                                  cimg_status *status);
int cimg_webp_next(cimg_webp_decoder *decoder, cimg_animation_frame *frame, cimg_status *status);
int cimg_webp_rewind(cimg_webp_decoder *decoder, cimg_status *status);
void cimg_webp_close(cimg_webp_decoder *decoder);

/* Video (video.c): opened on the bytes or on a file, which it reads as frames are decoded; the scan of
 * its packets fills info. */
typedef struct cimg_video_decoder cimg_video_decoder;

cimg_video_decoder *cimg_video_open(const uint8_t *bytes, size_t length, cimg_animation_info *info,
                                    cimg_status *status);
cimg_video_decoder *cimg_video_open_file(const char *path, cimg_animation_info *info, cimg_status *status);
int cimg_video_next(cimg_video_decoder *decoder, cimg_animation_frame *frame, cimg_status *status);
int cimg_video_rewind(cimg_video_decoder *decoder, cimg_status *status);
void cimg_video_close(cimg_video_decoder *decoder);

#endif
