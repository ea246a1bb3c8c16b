#include "animation.h"
#include "video-libraries.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Video through FFmpeg's libraries (docs/IMAGES.md, "Video"): libavformat reads the container through
 * an AVIOContext of our own over the file's bytes in memory or over a file descriptor (never a URL:
 * no protocol is opened, and a demuxer's request to open another file is refused), libavcodec decodes
 * the video stream a frame at a time, libswscale converts each frame to RGBA on one canvas. Audio is
 * discarded by the demuxer (a terminal has no sound). Each frame's delay comes from the differences of
 * the presentation times, read from every packet when the decoder opens (no pixel decoded). */

/* The containers accepted: libavformat's names for ISO media and Matroska (WebM is Matroska). */
static const char *const accepted_formats = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm";
/* The most packets of all streams read in a scan (a file of empty packets is not read for ever). */
static const int64_t max_packets = (int64_t)CIMG_MAX_VIDEO_FRAMES * 8;
static const int io_buffer_size = 64 * 1024;

/* Where the bytes come from: memory, or a file read with pread. */
typedef struct {
    const uint8_t *bytes;
    int fd;
    int64_t size;
    int64_t position;
} video_source;

struct cimg_video_decoder {
    const cimg_video_libraries *av;
    video_source source;
    AVFormatContext *format;
    AVCodecContext *codec;
    struct SwsContext *scale;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    int draining;         /* the end of the file was reached: the decoder hands out what it holds */
    int32_t width, height; /* the canvas (the frames as converted) */
    uint8_t *canvas;
    int32_t *delays;      /* each frame's delay from the scan */
    int32_t frame_count;
    int32_t index;
};

static int read_source(void *opaque, uint8_t *buffer, int wanted) {
    video_source *source = opaque;
    int64_t left = source->size - source->position;
    if (left <= 0 || wanted <= 0) return AVERROR_EOF;
    size_t count = (size_t)(wanted < left ? wanted : left);
    if (source->bytes != NULL) {
        memcpy(buffer, source->bytes + source->position, count);
    } else {
        ssize_t got;
        do {
            got = pread(source->fd, buffer, count, (off_t)source->position);
        } while (got < 0 && errno == EINTR);
        if (got < 0) return AVERROR(errno);
        if (got == 0) return AVERROR_EOF;
        count = (size_t)got;
    }
    source->position += (int64_t)count;
    return (int)count;
}

static int64_t seek_source(void *opaque, int64_t offset, int whence) {
    video_source *source = opaque;
    whence &= ~AVSEEK_FORCE;
    if (whence == AVSEEK_SIZE) return source->size;
    int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? source->position : whence == SEEK_END ? source->size : -1;
    if (base < 0 || offset < -base || base + offset > source->size) return AVERROR(EINVAL);
    source->position = base + offset;
    return source->position;
}

/* A demuxer that asks to open another file (a reference, a playlist's entry) is refused. */
static int refuse_io_open(struct AVFormatContext *format, AVIOContext **pb, const char *url, int flags,
                          AVDictionary **options) {
    (void)format, (void)pb, (void)url, (void)flags, (void)options;
    return AVERROR(EPERM);
}

static int av_failure(const cimg_video_decoder *decoder, int error, const char *doing, cimg_status *status) {
    char reason[96] = "unknown error";
    decoder->av->util->av_strerror(error, reason, sizeof reason);
    char message[160];
    snprintf(message, sizeof message, "%s: %s", doing, reason);
    return cimg_fail(status, CIMG_UNDECODABLE, message);
}

/* The four tables, filled once (each library's own opener is once too), or why not. */
static cimg_video_libraries libraries;
static cimg_status libraries_reason;
static pthread_once_t libraries_once = PTHREAD_ONCE_INIT;

static void open_libraries_once(void) {
    libraries.util = cimg_avutil_library_open(&libraries_reason);
    libraries.codec = libraries.util != NULL ? cimg_avcodec_library_open(&libraries_reason) : NULL;
    libraries.format = libraries.codec != NULL ? cimg_avformat_library_open(&libraries_reason) : NULL;
    libraries.scale = libraries.format != NULL ? cimg_swscale_library_open(&libraries_reason) : NULL;
    /* FFmpeg writes its warnings to stderr, which may be the terminal the viewer draws on. */
    if (libraries.scale != NULL) libraries.util->av_log_set_level(AV_LOG_QUIET);
}

const cimg_video_libraries *cimg_video_libraries_open(cimg_status *status) {
    pthread_once(&libraries_once, open_libraries_once);
    if (libraries.scale != NULL) return &libraries;
    cimg_fail(status, CIMG_VIDEO_LIBRARIES_MISSING, libraries_reason.message);
    return NULL;
}

int cimg_video_recognise(const uint8_t *bytes, size_t length) {
    static const char *const boxes[] = { "ftyp", "moov", "mdat", "free", "skip", "wide" };
    if (length >= 4 && memcmp(bytes, "\x1A\x45\xDF\xA3", 4) == 0) return 1;
    if (length < 8) return 0;
    for (size_t index = 0; index < sizeof boxes / sizeof boxes[0]; index++) {
        if (memcmp(bytes + 4, boxes[index], 4) == 0) return 1;
    }
    return 0;
}

static void close_demuxer(cimg_video_decoder *decoder) {
    const cimg_video_libraries *av = decoder->av;
    if (decoder->codec != NULL) av->codec->avcodec_free_context(&decoder->codec);
    if (decoder->format != NULL) {
        AVIOContext *io = decoder->format->pb;
        av->format->avformat_close_input(&decoder->format);
        if (io != NULL) {
            av->util->av_free(io->buffer);
            av->format->avio_context_free(&io);
        }
    }
    decoder->draining = 0;
}

/* Opens the container on the source and finds its video stream (the first that is not a cover
 * picture); every other stream is discarded. */
static int open_demuxer(cimg_video_decoder *decoder, cimg_status *status) {
    const cimg_video_libraries *av = decoder->av;
    decoder->source.position = 0;
    uint8_t *buffer = av->util->av_malloc((size_t)io_buffer_size);
    AVIOContext *io = buffer != NULL ? av->format->avio_alloc_context(buffer, io_buffer_size, 0, &decoder->source,
                                                                     read_source, NULL, seek_source)
                                     : NULL;
    AVFormatContext *format = io != NULL ? av->format->avformat_alloc_context() : NULL;
    if (format == NULL) {
        if (io != NULL) av->format->avio_context_free(&io);
        av->util->av_free(buffer);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    format->pb = io;
    format->flags |= AVFMT_FLAG_CUSTOM_IO;
    format->io_open = refuse_io_open;
    AVDictionary *options = NULL;
    av->util->av_dict_set(&options, "format_whitelist", accepted_formats, 0);
    int error = av->format->avformat_open_input(&format, NULL, NULL, &options);
    av->util->av_dict_free(&options);
    if (error < 0) {
        /* avformat_open_input frees the context on failure, but not our I/O context. */
        av->util->av_free(io->buffer);
        av->format->avio_context_free(&io);
        return av_failure(decoder, error, "the video file cannot be opened", status);
    }
    decoder->format = format;
    error = av->format->avformat_find_stream_info(format, NULL);
    if (error < 0) return av_failure(decoder, error, "the video file's streams cannot be read", status);
    decoder->stream = -1;
    for (unsigned index = 0; index < format->nb_streams; index++) {
        AVStream *stream = format->streams[index];
        int video = stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO
                    && !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC);
        if (video && decoder->stream < 0) decoder->stream = (int)index;
        else stream->discard = AVDISCARD_ALL;
    }
    if (decoder->stream < 0) return cimg_fail(status, CIMG_NO_VIDEO_STREAM, "the file has no video stream");
    return 0;
}

static int open_codec(cimg_video_decoder *decoder, cimg_status *status) {
    const cimg_video_libraries *av = decoder->av;
    AVCodecParameters *parameters = decoder->format->streams[decoder->stream]->codecpar;
    const AVCodec *codec = av->codec->avcodec_find_decoder(parameters->codec_id);
    if (codec == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "the video's codec is not one FFmpeg decodes here");
    decoder->codec = av->codec->avcodec_alloc_context3(codec);
    if (decoder->codec == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    int error = av->codec->avcodec_parameters_to_context(decoder->codec, parameters);
    if (error < 0) return av_failure(decoder, error, "the video's codec cannot be set up", status);
    decoder->codec->thread_count = 1;
    /* A damaged packet is an error to report, not a frame to conceal. */
    decoder->codec->err_recognition |= AV_EF_EXPLODE;
    error = av->codec->avcodec_open2(decoder->codec, codec, NULL);
    if (error < 0) return av_failure(decoder, error, "the video's codec cannot be opened", status);
    return 0;
}

/* The limits on the stream as the container describes it, and the canvas it is converted to. */
static int check_stream(cimg_video_decoder *decoder, cimg_status *status) {
    AVStream *stream = decoder->format->streams[decoder->stream];
    int64_t width = stream->codecpar->width, height = stream->codecpar->height;
    status->width = (int32_t)width;
    status->height = (int32_t)height;
    if (width <= 0 || height <= 0) return cimg_fail(status, CIMG_UNDECODABLE, "the video has no pixels");
    if (width > CIMG_MAX_VIDEO_SIDE || height > CIMG_MAX_VIDEO_SIDE || width * height > CIMG_MAX_PIXELS) {
        return cimg_fail(status, CIMG_TOO_MANY_PIXELS, NULL);
    }
    int64_t claimed = AV_NOPTS_VALUE;
    if (decoder->format->duration != AV_NOPTS_VALUE && decoder->format->duration > 0) {
        claimed = decoder->format->duration / (AV_TIME_BASE / 1000);
    } else if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0 && stream->time_base.den > 0) {
        claimed = (int64_t)((double)stream->duration * stream->time_base.num * 1000 / stream->time_base.den);
    }
    if (claimed != AV_NOPTS_VALUE && claimed > CIMG_MAX_VIDEO_MS) {
        status->length_ms = claimed;
        return cimg_fail(status, CIMG_VIDEO_TOO_LONG, NULL);
    }
    /* Anamorphic pixels widen or narrow the picture; then the longer side is brought within the bound. */
    AVRational aspect = stream->codecpar->sample_aspect_ratio;
    double shown = aspect.num > 0 && aspect.den > 0 ? (double)width * aspect.num / aspect.den : (double)width;
    double scale = 1;
    double longer = shown > (double)height ? shown : (double)height;
    if (longer > CIMG_VIDEO_FRAME_SIDE) scale = CIMG_VIDEO_FRAME_SIDE / longer;
    decoder->width = (int32_t)(shown * scale + 0.5);
    decoder->height = (int32_t)((double)height * scale + 0.5);
    if (decoder->width < 1) decoder->width = 1;
    if (decoder->height < 1) decoder->height = 1;
    return 0;
}

static int compare_times(const void *left, const void *right) {
    int64_t a = *(const int64_t *)left, b = *(const int64_t *)right;
    return (a > b) - (a < b);
}

/* Reads every packet of the video stream: their count and, sorted, their presentation times give
 * each frame's delay. The reader is rewound after. */
static int scan_packets(cimg_video_decoder *decoder, cimg_animation_info *info, cimg_status *status) {
    const cimg_video_libraries *av = decoder->av;
    AVStream *stream = decoder->format->streams[decoder->stream];
    size_t capacity = 256;
    int64_t *times = malloc(capacity * sizeof *times);
    int64_t last_duration = 0, packets = 0;
    int32_t count = 0;
    if (times == NULL) return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    for (;;) {
        int error = av->format->av_read_frame(decoder->format, decoder->packet);
        if (error < 0) {
            if (error != AVERROR_EOF) info->truncated = 1;
            break;
        }
        AVPacket *packet = decoder->packet;
        if (++packets > max_packets) {
            av->codec->av_packet_unref(packet);
            break;
        }
        if (packet->stream_index == decoder->stream) {
            if (count >= CIMG_MAX_VIDEO_FRAMES) {
                av->codec->av_packet_unref(packet);
                free(times);
                char message[80];
                snprintf(message, sizeof message, "more than %d frames", (int)CIMG_MAX_VIDEO_FRAMES);
                status->frame_limit = CIMG_MAX_VIDEO_FRAMES;
                return cimg_fail(status, CIMG_TOO_MANY_FRAMES, message);
            }
            if ((size_t)count == capacity) {
                int64_t *grown = realloc(times, capacity * 2 * sizeof *times);
                if (grown == NULL) {
                    av->codec->av_packet_unref(packet);
                    free(times);
                    return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
                }
                times = grown;
                capacity *= 2;
            }
            int64_t time = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
            if (time == AV_NOPTS_VALUE) time = count > 0 ? times[count - 1] + (last_duration > 0 ? last_duration : 1) : 0;
            times[count++] = time;
            if (packet->duration > 0) last_duration = packet->duration;
        }
        av->codec->av_packet_unref(packet);
    }
    if (count == 0) {
        free(times);
        return cimg_fail(status, CIMG_UNDECODABLE, "the video stream has no frames");
    }
    qsort(times, (size_t)count, sizeof *times, compare_times);
    decoder->delays = malloc((size_t)count * sizeof *decoder->delays);
    if (decoder->delays == NULL) {
        free(times);
        return cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    double unit = stream->time_base.den > 0 ? 1000.0 * stream->time_base.num / stream->time_base.den : 0;
    double rate = stream->avg_frame_rate.num > 0 && stream->avg_frame_rate.den > 0
                      ? 1000.0 * stream->avg_frame_rate.den / stream->avg_frame_rate.num : 100;
    /* Whole milliseconds, rounded where each frame starts rather than each delay alone, so the frames keep
     * their times within half a millisecond however long the clip: 30 fps is 33, 33, 34, … and a run of 30
     * frames lasts 1000 ms, where delays of 33 each played it 1 % fast. */
    double total = 0;
    int64_t shown = 0;
    for (int32_t index = 0; index < count; index++) {
        double delay = index + 1 < count ? (double)(times[index + 1] - times[index]) * unit
                                         : last_duration > 0 ? (double)last_duration * unit : rate;
        if (delay > CIMG_MAX_VIDEO_MS) delay = (double)CIMG_MAX_VIDEO_MS + 1;
        total += delay;
        int64_t end = (int64_t)(total + 0.5);
        decoder->delays[index] = (int32_t)(end - shown);
        shown = end;
    }
    free(times);
    decoder->frame_count = count;
    if (total > (double)CIMG_MAX_VIDEO_MS) {
        status->length_ms = (int64_t)total;
        return cimg_fail(status, CIMG_VIDEO_TOO_LONG, NULL);
    }
    int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    int error = av->format->av_seek_frame(decoder->format, decoder->stream, start, AVSEEK_FLAG_BACKWARD);
    if (error < 0) return av_failure(decoder, error, "the video file cannot be read again from its start", status);
    return 0;
}

void cimg_video_close(cimg_video_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->av != NULL) {
        close_demuxer(decoder);
        if (decoder->scale != NULL) decoder->av->scale->sws_freeContext(decoder->scale);
        if (decoder->packet != NULL) decoder->av->codec->av_packet_free(&decoder->packet);
        if (decoder->frame != NULL) decoder->av->util->av_frame_free(&decoder->frame);
    }
    if (decoder->source.bytes == NULL && decoder->source.fd >= 0) close(decoder->source.fd);
    free(decoder->canvas);
    free(decoder->delays);
    free(decoder);
}

/* Opens the decoder on a source: the libraries, the container, the stream's limits, the scan of its
 * packets unless `scan` is 0 (the first frame alone needs no delays), and the codec and canvas when
 * `decode` (a scan needs neither). */
static cimg_video_decoder *open_source(video_source source, int decode, int scan, cimg_animation_info *info,
                                       cimg_status *status) {
    memset(info, 0, sizeof *info);
    status->code = CIMG_OK;
    const cimg_video_libraries *av = cimg_video_libraries_open(status);
    cimg_video_decoder *decoder = av != NULL ? calloc(1, sizeof *decoder) : NULL;
    if (decoder == NULL) {
        if (source.bytes == NULL && source.fd >= 0) close(source.fd);
        if (av != NULL) cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
        return NULL;
    }
    decoder->av = av;
    decoder->source = source;
    decoder->packet = av->codec->av_packet_alloc();
    decoder->frame = av->util->av_frame_alloc();
    if (decoder->packet == NULL || decoder->frame == NULL) {
        cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    } else if (open_demuxer(decoder, status) == 0 && check_stream(decoder, status) == 0
               && (!scan || scan_packets(decoder, info, status) == 0) && (!decode || open_codec(decoder, status) == 0)) {
        info->format = CIMG_ANIMATION_VIDEO;
        info->width = decoder->width;
        info->height = decoder->height;
        info->frame_count = decoder->frame_count;
        info->loop_count = 0;
        status->width = decoder->width;
        status->height = decoder->height;
        decoder->canvas = decode ? calloc((size_t)decoder->width * (size_t)decoder->height, 4) : NULL;
        if (!decode || decoder->canvas != NULL) return decoder;
        cimg_fail(status, CIMG_UNDECODABLE, "out of memory");
    }
    cimg_video_close(decoder);
    return NULL;
}

/* A source over a regular file that starts as a video does, of at most CIMG_MAX_VIDEO_BYTES (never
 * blocking on a FIFO): CIMG_NOT_AN_IMAGE for another file, checked before its size. */
static int open_file_source(const char *path, video_source *source, cimg_status *status) {
    memset(status, 0, sizeof *status);
    int fd;
    do {
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        status->error_number = errno;
        return cimg_fail(status, errno == ENOENT || errno == ENOTDIR ? CIMG_MISSING : CIMG_UNREADABLE, NULL);
    }
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return cimg_fail(status, CIMG_NOT_REGULAR, NULL);
    }
    status->file_bytes = (int64_t)info.st_size;
    uint8_t head[16];
    ssize_t got;
    do {
        got = pread(fd, head, sizeof head, 0);
    } while (got < 0 && errno == EINTR);
    if (got <= 0 || !cimg_video_recognise(head, (size_t)got)) {
        close(fd);
        return cimg_fail(status, CIMG_NOT_AN_IMAGE, NULL);
    }
    if ((int64_t)info.st_size > CIMG_MAX_VIDEO_BYTES) {
        close(fd);
        return cimg_fail(status, CIMG_FILE_TOO_LARGE, NULL);
    }
    *source = (video_source){ NULL, fd, (int64_t)info.st_size, 0 };
    return 0;
}

int cimg_video_file_check(const char *path, cimg_status *status) {
    video_source source;
    if (open_file_source(path, &source, status) != 0) return status->code == CIMG_NOT_AN_IMAGE ? 0 : -1;
    close(source.fd);
    return 1;
}

cimg_video_decoder *cimg_video_open(const uint8_t *bytes, size_t length, cimg_animation_info *info,
                                    cimg_status *status) {
    if (length == 0) {
        cimg_fail(status, CIMG_NOT_AN_IMAGE, NULL);
        return NULL;
    }
    return open_source((video_source){ bytes, -1, (int64_t)length, 0 }, 1, 1, info, status);
}

cimg_video_decoder *cimg_video_open_file(const char *path, cimg_animation_info *info, cimg_status *status) {
    video_source source;
    if (open_file_source(path, &source, status) != 0) return NULL;
    return open_source(source, 1, 1, info, status);
}

/* Hands the scan's delays out, as cimg_animation_scan does. */
static int scanned(cimg_video_decoder *decoder, int32_t *delays_ms, int32_t capacity) {
    if (decoder == NULL) return -1;
    for (int32_t index = 0; delays_ms != NULL && index < capacity && index < decoder->frame_count; index++) {
        delays_ms[index] = decoder->delays[index];
    }
    cimg_video_close(decoder);
    return 0;
}

int cimg_video_scan(const uint8_t *bytes, size_t length, cimg_animation_info *info, int32_t *delays_ms,
                    int32_t capacity, cimg_status *status) {
    if (length == 0 || !cimg_video_recognise(bytes, length)) return cimg_fail(status, CIMG_NOT_AN_IMAGE, NULL);
    video_source source = { bytes, -1, (int64_t)length, 0 };
    return scanned(open_source(source, 0, 1, info, status), delays_ms, capacity);
}

int cimg_video_scan_file(const char *path, cimg_animation_info *info, int32_t *delays_ms, int32_t capacity,
                         cimg_status *status) {
    video_source source;
    if (open_file_source(path, &source, status) != 0) return -1;
    return scanned(open_source(source, 0, 1, info, status), delays_ms, capacity);
}

int cimg_video_first_frame(const char *path, cimg_picture *picture, cimg_status *status) {
    *picture = (cimg_picture){ NULL, 0, 0 };
    video_source source;
    if (open_file_source(path, &source, status) != 0) return -1;
    cimg_animation_info info;
    cimg_video_decoder *decoder = open_source(source, 1, 0, &info, status);
    if (decoder == NULL) return -1;
    cimg_animation_frame frame;
    int result = cimg_video_next(decoder, &frame, status);
    if (result == 1) {
        /* The canvas is handed over as the picture (freed with cimg_picture_free). */
        *picture = (cimg_picture){ decoder->canvas, decoder->width, decoder->height };
        decoder->canvas = NULL;
    } else if (result == 0) {
        cimg_fail(status, CIMG_UNDECODABLE, "the video has no frame that can be decoded");
    }
    cimg_video_close(decoder);
    return result == 1 ? 0 : -1;
}

/* The frame just decoded onto the canvas, unless the decoder says it is damaged. */
static int convert_frame(cimg_video_decoder *decoder, cimg_animation_frame *out, cimg_status *status) {
    const cimg_video_libraries *av = decoder->av;
    AVFrame *frame = decoder->frame;
    if ((frame->flags & AV_FRAME_FLAG_CORRUPT) || frame->decode_error_flags != 0) {
        av->util->av_frame_unref(frame);
        char message[80];
        snprintf(message, sizeof message, "frame %d of the video is damaged", (int)decoder->index + 1);
        return cimg_fail(status, CIMG_UNDECODABLE, message);
    }
    decoder->scale = av->scale->sws_getCachedContext(decoder->scale, frame->width, frame->height, frame->format,
                                                     decoder->width, decoder->height, AV_PIX_FMT_RGBA,
                                                     SWS_BILINEAR, NULL, NULL, NULL);
    if (decoder->scale == NULL) {
        av->util->av_frame_unref(frame);
        return cimg_fail(status, CIMG_UNDECODABLE, "the video's frames cannot be converted");
    }
    uint8_t *planes[4] = { decoder->canvas, NULL, NULL, NULL };
    int strides[4] = { decoder->width * 4, 0, 0, 0 };
    av->scale->sws_scale(decoder->scale, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height,
                         planes, strides);
    av->util->av_frame_unref(frame);
    out->pixels = decoder->canvas;
    out->width = decoder->width;
    out->height = decoder->height;
    out->index = decoder->index;
    out->delay_ms = decoder->index < decoder->frame_count ? decoder->delays[decoder->index] : 0;
    decoder->index++;
    return 1;
}

int cimg_video_next(cimg_video_decoder *decoder, cimg_animation_frame *frame, cimg_status *status) {
    const cimg_video_libraries *av = decoder->av;
    for (;;) {
        int error = av->codec->avcodec_receive_frame(decoder->codec, decoder->frame);
        if (error == 0) return convert_frame(decoder, frame, status);
        if (error == AVERROR_EOF) return 0;
        if (error != AVERROR(EAGAIN)) {
            char doing[64];
            snprintf(doing, sizeof doing, "frame %d of the video cannot be decoded", (int)decoder->index + 1);
            return av_failure(decoder, error, doing, status);
        }
        if (decoder->draining) return 0;
        error = av->format->av_read_frame(decoder->format, decoder->packet);
        if (error < 0) {
            /* The end of the file (or of what can be read of it): the decoder hands out what it holds. */
            decoder->draining = 1;
            av->codec->avcodec_send_packet(decoder->codec, NULL);
            continue;
        }
        if (decoder->packet->stream_index != decoder->stream) {
            av->codec->av_packet_unref(decoder->packet);
            continue;
        }
        error = av->codec->avcodec_send_packet(decoder->codec, decoder->packet);
        av->codec->av_packet_unref(decoder->packet);
        if (error < 0 && error != AVERROR(EAGAIN)) {
            char doing[64];
            snprintf(doing, sizeof doing, "frame %d of the video cannot be decoded", (int)decoder->index + 1);
            return av_failure(decoder, error, doing, status);
        }
    }
}

int cimg_video_rewind(cimg_video_decoder *decoder, cimg_status *status) {
    const cimg_video_libraries *av = decoder->av;
    AVStream *stream = decoder->format->streams[decoder->stream];
    int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    int error = av->format->av_seek_frame(decoder->format, decoder->stream, start, AVSEEK_FLAG_BACKWARD);
    if (error < 0) return av_failure(decoder, error, "the video cannot be played again from its start", status);
    av->codec->avcodec_flush_buffers(decoder->codec);
    decoder->draining = 0;
    decoder->index = 0;
    memset(decoder->canvas, 0, (size_t)decoder->width * (size_t)decoder->height * 4);
    return 0;
}
