#ifndef STORIES_TUI_CIMAGES_PIXELS_H
#define STORIES_TUI_CIMAGES_PIXELS_H

/* Pictures as the terminal's own pixels (docs/IMAGES.md, "Pixel pictures"): a picture scaled to the
 * pixels of its box, then encoded as kitty graphics data or as sixel. Plain C types only, like
 * cimages.h; every function reports failure as a value and keeps no global state besides the libraries
 * opened once. The bytes made are escape strings for the terminal, written by the caller. */

#include "cimages.h"

/* Bytes made by an encoder; free with cimg_bytes_free. */
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} cimg_bytes;

void cimg_bytes_free(cimg_bytes *bytes);

/* Scales the source rectangle of picture to width x height pixels (area average when smaller, the
 * nearest pixel when larger; alpha stays 0 or 255: a pixel at least half covered by opaque ones is
 * opaque). Returns 0, or -1 with status filled. Free scaled with cimg_picture_free. */
int cimg_scale(const cimg_picture *picture, cimg_rect source, int32_t width, int32_t height,
               cimg_picture *scaled, cimg_status *status);

/* How kitty's data is sent: PNG (f=100, libpng's writer) or zlib-compressed pixels (o=z): RGB (f=24)
 * when every pixel is opaque, else RGBA (f=32). CIMG_KITTY_ZLIB_FILE and CIMG_KITTY_RAW_FILE are for a
 * temporary file (t=t): the keys up to their `;`, then the bare data (zlib, or the pixels as they are),
 * neither base64 nor chunks; the caller writes the data to the file and sends the keys with its path. */
typedef enum {
    CIMG_KITTY_PNG = 0, CIMG_KITTY_ZLIB = 1, CIMG_KITTY_ZLIB_FILE = 2, CIMG_KITTY_RAW_FILE = 3
} cimg_kitty_format;

/* The base64 characters of one kitty chunk (the protocol's largest; a multiple of 4). */
static const size_t CIMG_KITTY_CHUNK = 4096;

/* Encodes picture as kitty graphics commands that transmit and display it at the cursor:
 * `ESC _ G a=T,f=…,i=image_id,q=2,z=-1,C=1,m=1;<base64> ESC \`, then chunks of CIMG_KITTY_CHUNK
 * characters `ESC _ G m=1,q=2;… ESC \`, the last with m=0. Appends to out. Returns 0, or -1. */
int cimg_kitty_encode(const cimg_picture *picture, cimg_kitty_format format, uint32_t image_id,
                      cimg_bytes *out, cimg_status *status);

/* Encodes picture as sixel: DCS strings (`ESC P 0;1;0 q "1;1;W;H`, the colour registers the string uses,
 * six-pixel rows, `ESC \`), one for each band of band_height pixel rows from the top (rounded up to a
 * multiple of 6; the last band what is left; 0: one string for the whole picture), each band cut across
 * the width into tiles of tile_width pixel columns (the last what is left; 0: the whole width), left to
 * right, so that each tile is complete and can be placed on its own. The palette: at most `registers` colours (clamped to 2-256) fitted
 * to the picture, the same in every band; a picture of more colours than that is dithered
 * (Floyd-Steinberg). A transparent pixel (alpha 0) is left unpainted. Appends to out. Returns 0, or -1. */
int cimg_sixel_encode(const cimg_picture *picture, int32_t registers, int32_t band_height, int32_t tile_width,
                      cimg_bytes *out, cimg_status *status);

/* Encodes picture as iTerm2 inline images drawn over columns x rows cells at the cursor: for each band of
 * band_rows cell rows (the last the rest; 0: one image for all), the PNG (libpng's writer) of the picture's
 * pixel rows in the same proportion, in base64, `ESC ] 1337 ; File=inline=1;size=N;width=Cc;height=Rr;
 * preserveAspectRatio=0 : <base64> BEL` (iTerm2, WezTerm, mintty). Appends to out. Returns 0, or -1. */
int cimg_iterm2_encode(const cimg_picture *picture, int32_t columns, int32_t rows, int32_t band_rows, cimg_bytes *out,
                       cimg_status *status);

#endif
