#ifndef STORIES_TUI_CIMAGES_H
#define STORIES_TUI_CIMAGES_H

/* Pictures to terminal cells, behind a small C API that hides libpng, TurboJPEG, glib and chafa
 * from Swift. Every function reports failure as a value (cimg_status); none prints, exits or
 * keeps global state. Nothing here writes to the terminal: chafa's escape strings are never built. */

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The largest file read, in bytes (32 MiB), and the most pixels decoded (40 megapixels). */
static const int64_t CIMG_MAX_FILE_BYTES = (int64_t)32 * 1024 * 1024;
static const int64_t CIMG_MAX_PIXELS = (int64_t)40 * 1000 * 1000;

/* Why a picture cannot be shown; CIMG_OK when it can. */
typedef enum {
    CIMG_OK = 0,
    CIMG_MISSING,          /* no such file (or a path component is not a folder) */
    CIMG_NOT_REGULAR,      /* a folder, FIFO, device or socket */
    CIMG_UNREADABLE,       /* open or read failed: error_number says why */
    CIMG_FILE_TOO_LARGE,   /* file_bytes > CIMG_MAX_FILE_BYTES */
    CIMG_TOO_MANY_PIXELS,  /* width * height > CIMG_MAX_PIXELS */
    CIMG_NOT_AN_IMAGE,     /* not a PNG, JPEG, GIF or WebP by its first bytes */
    CIMG_UNDECODABLE,      /* the decoder refused it: message says why */
    CIMG_INCOMPLETE,       /* only from cimg_header_read on a prefix: the header lies further on */
    CIMG_TOO_MANY_FRAMES,  /* an animation of more than CIMG_MAX_FRAMES frames (cimages-animation.h) */
    CIMG_VIDEO_LIBRARIES_MISSING = 20, /* FFmpeg's libraries cannot be opened: message says which and why */
    CIMG_NO_VIDEO_STREAM,  /* a video file without a video stream (audio only) */
    CIMG_VIDEO_TOO_LONG    /* a video longer than CIMG_MAX_VIDEO_MS: length_ms says how long it claims */
} cimg_code;

/* The outcome of a call: a code and the facts that go with it. */
typedef struct {
    cimg_code code;
    int32_t error_number;
    int64_t file_bytes;
    int32_t width;
    int32_t height;
    char message[160];
    int64_t length_ms;   /* CIMG_VIDEO_TOO_LONG: the length the video claims */
    int32_t frame_limit; /* CIMG_TOO_MANY_FRAMES: the most frames a file of its kind may have */
} cimg_status;

/* The bytes of a file, or of its first part. */
typedef struct {
    uint8_t *bytes;
    size_t length;       /* bytes read */
    int64_t file_bytes;  /* the file's size */
} cimg_file;

/* Opens path (symbolic links followed; never blocks on a FIFO), refuses anything but a regular
 * file of at most CIMG_MAX_FILE_BYTES, and reads at most max_read bytes of it. Returns 0 on
 * success; else fills status and returns -1. Free file with cimg_file_free. */
int cimg_file_read(const char *path, size_t max_read, cimg_file *file, cimg_status *status);
void cimg_file_free(cimg_file *file);

typedef enum { CIMG_FORMAT_PNG = 1, CIMG_FORMAT_JPEG = 2, CIMG_FORMAT_GIF = 3, CIMG_FORMAT_WEBP = 4 } cimg_format;

/* What the first bytes say: format, size as stored, EXIF orientation (1-8, JPEG only), and for GIF
 * and WebP the canvas and the complete frames found in the bytes given (1 for PNG and JPEG). */
typedef struct {
    cimg_format format;
    int32_t width;
    int32_t height;
    int32_t orientation;
    int32_t frames;
} cimg_header;

/* Reads the header from the file's bytes (its magic bytes, PNG's IHDR, JPEG's markers up to the
 * frame header; GIF's and WebP's blocks through cimg_animation_scan), with bounded work, and
 * applies the pixel limit (and for GIF and WebP the frame limit). `complete` says whether bytes
 * hold the whole file: when not, a header beyond them gives CIMG_INCOMPLETE. */
int cimg_header_read(const uint8_t *bytes, size_t length, int complete, cimg_header *header,
                     cimg_status *status);

/* Packed RGBA, 4 bytes a pixel, rows of width * 4 bytes, top row first; straight alpha until
 * cimg_composite makes it 0 or 255. */
typedef struct {
    uint8_t *pixels;
    int32_t width;
    int32_t height;
} cimg_picture;

/* What shows through a picture's transparent pixels (docs/IMAGES.md, "Transparency"): `count`
 * colours (1-3, 0xRRGGBB) from the picture's top row to its bottom row, evenly spread (one: a
 * colour; more: a gradient). `known`: the backdrop is what the screen shows there (the story's
 * background, or the terminal's as it answered OSC 11): every pixel is composited over it and
 * opaque. Otherwise colours[0] is a neutral: a pixel at least 16/255 opaque is composited over it,
 * a more transparent one is left out (alpha 0: chafa gives its cell no colour, -1, and the
 * terminal's own background shows). Composited in sRGB values, as web pages do (half-transparent
 * red over black is 128). */
typedef struct {
    uint32_t colours[3];
    int32_t count;
    int32_t known;
} cimg_backdrop;

/* The backdrop's colour (0xRRGGBB) at row `row` of `rows`. */
uint32_t cimg_backdrop_at(const cimg_backdrop *backdrop, int32_t row, int32_t rows);

/* Composites the picture over the backdrop, as above; alpha becomes 0 or 255. */
void cimg_composite(cimg_picture *picture, const cimg_backdrop *backdrop);

/* Decodes the file's bytes into an upright RGBA picture (EXIF orientation applied; transparency
 * composited over the backdrop, as above, unless it is NULL). A GIF or WebP decodes its first frame
 * (cimg_decode_frame gives the others). JPEG decodes at the smallest of 1/8,
 * 1/4, 1/2, 1 that gives at least min_width x min_height upright pixels (the whole image when 0). */
int cimg_decode(const uint8_t *bytes, size_t length, int32_t min_width, int32_t min_height,
                const cimg_backdrop *backdrop, cimg_picture *picture, cimg_status *status);
void cimg_picture_free(cimg_picture *picture);

/* A copy of an RGBA canvas (a moving picture's frame: width * height * 4 bytes) as a picture of its
 * own, composited over the backdrop unless it is NULL. Returns 0, or -1 (out of memory). */
int cimg_picture_from_canvas(const uint8_t *pixels, int32_t width, int32_t height, const cimg_backdrop *backdrop,
                             cimg_picture *picture, cimg_status *status);

/* Gives the heap's free memory back to the system (malloc_trim): the helper calls it after each job,
 * so that a decode starts from an idle helper's memory whatever the one before it left behind. */
void cimg_release_memory(void);

/* Canvas modes: 24-bit colours (raw colour 0xRRGGBB), the 240 colours 16-255 of the 256
 * palette (the first 16 are left to the user's theme), the 16, or the 8 basic colours; or shapes
 * alone (symbols by lightness in the terminal's default colours, for NO_COLOR: shapes.c). */
typedef enum {
    CIMG_MODE_TRUECOLOR = 0,
    CIMG_MODE_INDEXED_240 = 1,
    CIMG_MODE_INDEXED_16 = 2,
    CIMG_MODE_INDEXED_8 = 3,
    CIMG_MODE_SHAPES = 4
} cimg_mode;

/* How chafa spreads the error of a palette colour over neighbouring pixels. */
typedef enum { CIMG_DITHER_NONE = 0, CIMG_DITHER_ORDERED = 1, CIMG_DITHER_DIFFUSION = 2 } cimg_dither;

/* How a picture becomes cells: the mode; for the palette modes either our own mapping of the
 * truecolour cells (own_palette: cimg_map_to_palette) or chafa's, with colours matched in RGB or in
 * the perceptual DIN99d space and dithered (grain: the square of pixels that shares one dither
 * value, of the 8 x 8 chafa samples a cell with; intensity 0-1). `background_rgb` is what the
 * terminal's own background is taken to be (0xRRGGBB): in shapes mode the ink is its opposite. */
typedef struct {
    cimg_mode mode;
    cimg_dither dither;
    int32_t grain;
    float intensity;
    int32_t perceptual;
    int32_t own_palette;
    uint32_t background_rgb;
    /* A moving picture's frame: chafa draws it on this thread alone. At a frame's size its worker threads cost a
     * fifth more CPU than they save in time (Benchmarks/README.md, "Video in the viewer"); a still takes them. */
    int32_t one_thread;
    /* chafa's work factor (0-1: how hard it searches each cell's symbol and colours); 0: chafa's own (0.5). A frame
     * of a playing moving picture takes a lower one (docs/IMAGES.md, "Cells that did not change"). */
    float work_factor;
} cimg_conversion;

/* The conversion this program uses for a mode (docs/IMAGES.md, "Fewer colours"; measured by
 * Benchmarks/colours.py). */
cimg_conversion cimg_conversion_for(cimg_mode mode, uint32_t background_rgb);

/* One terminal cell: a Unicode scalar, and its colours (palette index or 0xRRGGBB as the mode
 * says; -1: no colour of its own, such as the foreground of a space). */
typedef struct {
    uint32_t codepoint;
    int32_t foreground;
    int32_t background;
} cimg_cell;

/* The part of a picture to draw (for `cover`, a centred crop). */
typedef struct {
    int32_t x;
    int32_t y;
    int32_t width;
    int32_t height;
} cimg_rect;

/* Draws the source rectangle of picture into columns x rows cells with chafa (half blocks,
 * space and full block) and reads every cell back, or in shapes mode with our own symbols by
 * lightness (shapes.c: the shades too, no chafa); cells holds
 * columns * rows entries, row by row. Returns 0, or -1 with status filled. */
int cimg_convert(const cimg_picture *picture, cimg_rect source, int32_t columns, int32_t rows,
                 const cimg_conversion *conversion, cimg_cell *cells, cimg_status *status);

/* What a moving picture's last converted frame left for the next one (frame-cells.c). */
typedef struct cimg_frame_memory cimg_frame_memory;

/* A moving picture's frame as cimg_convert draws it, converting only what changed since the frame before: the
 * source rectangle is scaled to 8 x 8 pixels a cell (chafa's own cell; its scaling is then none), each cell's
 * pixels are compared with the last frame's in *memory, and only the cells that differ go to chafa, packed into
 * a canvas of their own (chafa's cell depends on its pixels alone without dither in truecolour); the others keep
 * their cells. A row of 256 colours with a changed cell is mapped again whole (a cell's pair depends on its left
 * neighbour's). Another geometry, conversion or mode chafa maps itself (16, 8: its preprocessing sees the whole
 * canvas) converts everything. *memory is made on the first call (NULL before) and kept up to date; free it with
 * cimg_frame_memory_free. *converted: the cells drawn by chafa this time. Returns 0, or -1 with status filled. */
int cimg_convert_frame(const cimg_picture *picture, cimg_rect source, int32_t columns, int32_t rows,
                       const cimg_conversion *conversion, cimg_frame_memory **memory, cimg_cell *cells,
                       int32_t *converted, cimg_status *status);

void cimg_frame_memory_free(cimg_frame_memory *memory);

/* Turns truecolour cells (raw 0xRRGGBB) into the mode's palette indices, keeping each cell's mean
 * colour and shapes (palette.c; docs/IMAGES.md, "Fewer colours"). Nothing for other modes. */
void cimg_map_to_palette(cimg_cell *cells, int32_t columns, int32_t rows, cimg_mode mode);

/* xterm's default RGB (0xRRGGBB) of a 256-colour palette index. */
uint32_t cimg_palette_rgb(int32_t index);

/* Starts `path` with `argv` (NULL-terminated) as a helper: descriptor `channel` becomes its
 * standard input and output, standard error goes to /dev/null, every other descriptor is
 * closed, signals are unblocked and at their defaults, and it leads its own process group (the
 * terminal's Ctrl-C and Ctrl-Z do not reach it). Returns 0 and the child's pid, or an errno. */
int cimg_spawn_helper(const char *path, char *const argv[], int channel, pid_t *pid);

#endif
