#include "animation.h"

#include <stdio.h>
#include <stdlib.h>

/* One decoder over any of the formats, and the rule for a frame that cannot be decoded: reported once,
 * the canvas keeps the last good frame, and the animation ends before that frame from then on. */

struct cimg_animation {
    cimg_animation_info info;
    cimg_gif_decoder *gif;
    cimg_webp_decoder *webp;
    cimg_video_decoder *video;
    cimg_file file;       /* a GIF or WebP opened from a path: its bytes, kept until close */
    int32_t index;        /* the next frame's */
    int32_t usable;       /* the frames that decode */
    int reported;         /* a failure was handed out */
};

/* Wraps an opened video decoder (NULL: it failed, status says why). */
static int hand_out_video(cimg_video_decoder *video, cimg_animation **animation, const cimg_animation_info *info,
                          cimg_status *status) {
    if (video == NULL) return -1;
    cimg_animation *opened = calloc(1, sizeof *opened);
    if (opened == NULL) {
        cimg_video_close(video);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    opened->info = *info;
    opened->usable = info->frame_count;
    opened->video = video;
    *animation = opened;
    status->code = CIMG_OK;
    return 0;
}

int cimg_animation_open(const uint8_t *bytes, size_t length, cimg_animation **animation,
                        cimg_animation_info *info, cimg_status *status) {
    *animation = NULL;
    if (cimg_video_recognise(bytes, length)) {
        return hand_out_video(cimg_video_open(bytes, length, info, status), animation, info, status);
    }
    if (cimg_animation_scan(bytes, length, info, NULL, 0, status) != 0) return -1;
    cimg_animation *opened = calloc(1, sizeof *opened);
    if (opened == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    opened->info = *info;
    opened->usable = info->frame_count;
    if (info->format == CIMG_ANIMATION_GIF) opened->gif = cimg_gif_open(bytes, length, info, status);
    else opened->webp = cimg_webp_open(bytes, length, info, status);
    if (opened->gif == NULL && opened->webp == NULL) {
        free(opened);
        return -1;
    }
    *animation = opened;
    status->code = CIMG_OK;
    return 0;
}

int cimg_animation_open_file(const char *path, cimg_animation **animation, cimg_animation_info *info,
                             cimg_status *status) {
    *animation = NULL;
    cimg_file head = { 0 };
    if (cimg_file_read(path, 16, &head, status) != 0) {
        if (status->code != CIMG_FILE_TOO_LARGE) return -1;
        /* A video may be larger than a picture file: its own opener applies its own limit. */
        cimg_status large = *status;
        if (hand_out_video(cimg_video_open_file(path, info, status), animation, info, status) == 0) return 0;
        if (status->code == CIMG_NOT_AN_IMAGE) *status = large;
        return -1;
    } else {
        int video = cimg_video_recognise(head.bytes, head.length);
        cimg_file_free(&head);
        if (!video) {
            cimg_file file = { 0 };
            if (cimg_file_read(path, (size_t)CIMG_MAX_FILE_BYTES, &file, status) != 0) return -1;
            if (cimg_animation_open(file.bytes, file.length, animation, info, status) != 0) {
                cimg_file_free(&file);
                return -1;
            }
            (*animation)->file = file;
            return 0;
        }
    }
    return hand_out_video(cimg_video_open_file(path, info, status), animation, info, status);
}

/* Ends the animation before the frame at animation->index, reporting it this once. */
static int fail_here(cimg_animation *animation) {
    animation->usable = animation->index;
    if (animation->reported) return 0;
    animation->reported = 1;
    return -1;
}

int cimg_animation_next(cimg_animation *animation, cimg_animation_frame *frame, cimg_status *status) {
    if (animation->index >= animation->usable) {
        if (animation->index == animation->info.frame_count && animation->info.truncated && !animation->reported) {
            char message[80];
            snprintf(message, sizeof message, "the file ends inside frame %d", (int)animation->index + 1);
            cimg_fail(status, CIMG_UNDECODABLE, message);
            return fail_here(animation);
        }
        return 0;
    }
    int result = animation->gif != NULL    ? cimg_gif_next(animation->gif, frame, status)
                 : animation->webp != NULL ? cimg_webp_next(animation->webp, frame, status)
                                           : cimg_video_next(animation->video, frame, status);
    if (result == 1) {
        animation->index++;
        return 1;
    }
    if (result == 0) cimg_fail(status, CIMG_UNDECODABLE, "the file has fewer frames than its blocks say");
    return fail_here(animation);
}

int cimg_animation_rewind(cimg_animation *animation, cimg_status *status) {
    animation->index = 0;
    int result = animation->gif != NULL    ? cimg_gif_rewind(animation->gif, status)
                 : animation->webp != NULL ? cimg_webp_rewind(animation->webp, status)
                                           : cimg_video_rewind(animation->video, status);
    if (result != 0) animation->usable = 0;
    return result;
}

int32_t cimg_animation_frame_count(const cimg_animation *animation) { return animation->usable; }

void cimg_animation_close(cimg_animation *animation) {
    if (animation == NULL) return;
    cimg_gif_close(animation->gif);
    cimg_webp_close(animation->webp);
    cimg_video_close(animation->video);
    cimg_file_free(&animation->file);
    free(animation);
}
