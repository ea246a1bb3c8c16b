#include "libraries.h"

static ChafaCanvasMode chafa_mode(cimg_mode mode) {
    switch (mode) {
    case CIMG_MODE_INDEXED_240: return CHAFA_CANVAS_MODE_INDEXED_240;
    case CIMG_MODE_INDEXED_16: return CHAFA_CANVAS_MODE_INDEXED_16;
    case CIMG_MODE_INDEXED_8: return CHAFA_CANVAS_MODE_INDEXED_8;
    default: return CHAFA_CANVAS_MODE_TRUECOLOR;
    }
}

static ChafaDitherMode chafa_dither(cimg_dither dither) {
    switch (dither) {
    case CIMG_DITHER_ORDERED: return CHAFA_DITHER_MODE_ORDERED;
    case CIMG_DITHER_DIFFUSION: return CHAFA_DITHER_MODE_DIFFUSION;
    default: return CHAFA_DITHER_MODE_NONE;
    }
}

/* The choice measured by Benchmarks/colours.py (Benchmarks/README.md, "Pictures in fewer colours"):
 * 240 colours take our own mapping of the truecolour cells, 0.46 of the error of chafa's nearest
 * colour and 0.55 of its best (DIN99d with diffusion). 16 and 8 take chafa's: ours had less mean error
 * there too, but by grey pairs, which lose the hues (docs/IMAGES.md, "Fewer colours"). Shapes take our own lightness
 * symbols (shapes.c): chafa's FGBG mode, even with diffusion, drew a threshold. */
cimg_conversion cimg_conversion_for(cimg_mode mode, uint32_t background_rgb) {
    cimg_conversion conversion = { mode, CIMG_DITHER_NONE, 4, 1.0f, 0, 0, background_rgb };
    if (mode == CIMG_MODE_INDEXED_240) {
        conversion.own_palette = 1;
    }
    return conversion;
}

/* The ink of shapes mode: white on a dark background, black on a light one. */
static uint32_t opposite(uint32_t rgb) {
    unsigned luma = (((rgb >> 16) & 0xFF) * 299 + ((rgb >> 8) & 0xFF) * 587 + (rgb & 0xFF) * 114) / 1000;
    return luma < 128 ? 0xFFFFFF : 0x000000;
}

/* chafa's cells for width x height RGBA pixels at origin (rows stride bytes apart), before our palette. */
int cimg_chafa_cells(const uint8_t *origin, int32_t width, int32_t height, int32_t stride, int32_t columns,
                     int32_t rows, const cimg_conversion *conversion, cimg_cell *cells, cimg_status *status) {
    const cimg_chafa_library *chafa = cimg_chafa_library_open(status);
    if (chafa == NULL) return -1;
    /* Half blocks (▀▄▌▐), space and full block: in every terminal font (they are in CP437), and
     * as good as quadrants at these sizes for a fraction of the glyph risk (docs/IMAGES.md). */
    ChafaSymbolTags tags = CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID;
    ChafaSymbolMap *symbols = chafa->chafa_symbol_map_new();
    chafa->chafa_symbol_map_add_by_tags(symbols, tags);
    ChafaCanvasConfig *config = chafa->chafa_canvas_config_new();
    chafa->chafa_canvas_config_set_geometry(config, columns, rows);
    chafa->chafa_canvas_config_set_canvas_mode(config, conversion->own_palette ? CHAFA_CANVAS_MODE_TRUECOLOR
                                                                               : chafa_mode(conversion->mode));
    chafa->chafa_canvas_config_set_symbol_map(config, symbols);
    chafa->chafa_canvas_config_set_color_space(config, conversion->perceptual ? CHAFA_COLOR_SPACE_DIN99D : CHAFA_COLOR_SPACE_RGB);
    chafa->chafa_canvas_config_set_dither_mode(config, chafa_dither(conversion->dither));
    if (conversion->dither != CIMG_DITHER_NONE) {
        chafa->chafa_canvas_config_set_dither_grain_size(config, conversion->grain, conversion->grain);
        chafa->chafa_canvas_config_set_dither_intensity(config, conversion->intensity);
    }
    /* A playing frame's lighter symbol search (docs/IMAGES.md, "Cells that did not change"); 0: chafa's own. */
    if (conversion->work_factor > 0) chafa->chafa_canvas_config_set_work_factor(config, conversion->work_factor);
    /* -1: as many as chafa finds cores (its default). */
    chafa->chafa_set_n_threads(conversion->one_thread ? 1 : -1);
    ChafaCanvas *canvas = chafa->chafa_canvas_new(config);
    chafa->chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, origin, width, height, stride);
    for (int32_t y = 0; y < rows; y++) {
        for (int32_t x = 0; x < columns; x++) {
            cimg_cell *cell = cells + (size_t)y * (size_t)columns + (size_t)x;
            gint foreground = -1, background = -1;
            cell->codepoint = chafa->chafa_canvas_get_char_at(canvas, x, y);
            chafa->chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground, &background);
            cell->foreground = foreground;
            cell->background = background;
        }
    }
    chafa->chafa_canvas_unref(canvas);
    chafa->chafa_canvas_config_unref(config);
    chafa->chafa_symbol_map_unref(symbols);
    status->code = CIMG_OK;
    return 0;
}

int cimg_convert(const cimg_picture *picture, cimg_rect source, int32_t columns, int32_t rows,
                 const cimg_conversion *conversion, cimg_cell *cells, cimg_status *status) {
    if (columns <= 0 || rows <= 0 || source.width <= 0 || source.height <= 0 || source.x < 0 || source.y < 0
        || source.x + source.width > picture->width || source.y + source.height > picture->height) {
        return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    }
    if (conversion->mode == CIMG_MODE_SHAPES) {
        return cimg_convert_shapes(picture, source, columns, rows, opposite(conversion->background_rgb) == 0xFFFFFF,
                                   cells, status);
    }
    const uint8_t *origin = picture->pixels + ((size_t)source.y * (size_t)picture->width + (size_t)source.x) * 4;
    if (cimg_chafa_cells(origin, source.width, source.height, picture->width * 4, columns, rows, conversion, cells,
                         status) != 0) {
        return -1;
    }
    if (conversion->own_palette) cimg_map_to_palette(cells, columns, rows, conversion->mode);
    status->code = CIMG_OK;
    return 0;
}
