#ifndef STORIES_TUI_CIMAGES_LIBRARIES_H
#define STORIES_TUI_CIMAGES_LIBRARIES_H

/* The image libraries, opened with dlopen the first time a picture is decoded or converted
 * (docs/IMAGES.md, "The helper process"). The program is not linked with them: the viewer's
 * process never maps libpng, TurboJPEG, chafa or glib (a faster start, a smaller footprint, and a
 * crafted file can only reach the helper process that decodes it). Each table's fields are named
 * after the library's own functions and typed from its header, so a call reads as the library's
 * documentation does: png->png_image_free(&image). */

#include "internal.h"

#include <chafa.h>
#include <png.h>
#include <turbojpeg.h>
#include <zlib.h>

#define CIMG_LIBRARY_POINTER(name) __typeof__(&name) name;

/* The functions used of each library: one list, for the table's fields and for dlsym. */
#define CIMG_PNG_FUNCTIONS(X) \
    X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free) \
    X(png_create_read_struct) X(png_create_info_struct) X(png_destroy_read_struct) X(png_set_read_fn) \
    X(png_get_io_ptr) X(png_get_error_ptr) X(png_error) X(png_read_info) \
    X(png_get_color_type) X(png_set_scale_16) X(png_set_expand) X(png_set_gray_to_rgb) \
    X(png_set_add_alpha) X(png_set_interlace_handling) X(png_read_update_info) X(png_get_rowbytes) \
    X(png_read_image) X(png_read_end) X(png_image_write_to_memory)
#define CIMG_ZLIB_FUNCTIONS(X) X(compress2) X(compressBound)
#define CIMG_JPEG_FUNCTIONS(X) \
    X(tjInitDecompress) X(tjDecompressHeader3) X(tjDecompress2) X(tjDestroy) X(tjGetErrorStr2) X(tjGetErrorCode)
#define CIMG_CHAFA_FUNCTIONS(X) \
    X(chafa_symbol_map_new) X(chafa_symbol_map_add_by_tags) X(chafa_symbol_map_unref) \
    X(chafa_canvas_config_new) X(chafa_canvas_config_set_geometry) X(chafa_canvas_config_set_canvas_mode) \
    X(chafa_canvas_config_set_symbol_map) X(chafa_canvas_config_unref) X(chafa_canvas_new) \
    X(chafa_canvas_draw_all_pixels) X(chafa_canvas_get_char_at) X(chafa_canvas_get_raw_colors_at) \
    X(chafa_canvas_unref) X(chafa_canvas_config_set_color_space) X(chafa_canvas_config_set_dither_mode) \
    X(chafa_canvas_config_set_dither_grain_size) X(chafa_canvas_config_set_dither_intensity) \
    X(chafa_set_n_threads) X(chafa_canvas_config_set_work_factor)

typedef struct { CIMG_PNG_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_png_library;
typedef struct { CIMG_ZLIB_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_zlib_library;
typedef struct { CIMG_JPEG_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_jpeg_library;
typedef struct { CIMG_CHAFA_FUNCTIONS(CIMG_LIBRARY_POINTER) } cimg_chafa_library;

/* Each library's table, opened once (thread-safe); NULL with status CIMG_UNDECODABLE and the
 * loader's reason (a library not installed, a function missing) when it cannot be opened. */
const cimg_png_library *cimg_png_library_open(cimg_status *status);
const cimg_zlib_library *cimg_zlib_library_open(cimg_status *status);
const cimg_jpeg_library *cimg_jpeg_library_open(cimg_status *status);
const cimg_chafa_library *cimg_chafa_library_open(cimg_status *status);

#endif
