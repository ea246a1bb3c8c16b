#include "libraries.h"

static ChafaCanvasMode chafa_mode(cimg_mode mode) {
    switch (mode) {
    case CIMG_MODE_INDEXED_240: return CHAFA_CANVAS_MODE_INDEXED_240;
    case CIMG_MODE_INDEXED_16: return CHAFA_CANVAS_MODE_INDEXED_16;
    case CIMG_MODE_INDEXED_8: return CHAFA_CANVAS_MODE_INDEXED_8;
    default: return CHAFA_CANVAS_MODE_TRUECOLOR;
    }
}

int cimg_convert(const cimg_picture *picture, cimg_rect source, int32_t columns, int32_t rows,
                 cimg_mode mode, cimg_cell *cells, cimg_status *status) {
    if (columns <= 0 || rows <= 0 || source.width <= 0 || source.height <= 0 || source.x < 0 || source.y < 0
        || source.x + source.width > picture->width || source.y + source.height > picture->height) {
        return cimg_fail(status, CIMG_UNDECODABLE, "nothing to draw");
    }
    const cimg_chafa_library *chafa = cimg_chafa_library_open(status);
    if (chafa == NULL) return -1;
    /* Half blocks (▀▄▌▐), space and full block: in every terminal font (they are in CP437), and
     * as good as quadrants at these sizes for a fraction of the glyph risk (docs/IMAGES.md). */
    ChafaSymbolMap *symbols = chafa->chafa_symbol_map_new();
    chafa->chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID);
    ChafaCanvasConfig *config = chafa->chafa_canvas_config_new();
    chafa->chafa_canvas_config_set_geometry(config, columns, rows);
    chafa->chafa_canvas_config_set_canvas_mode(config, chafa_mode(mode));
    chafa->chafa_canvas_config_set_symbol_map(config, symbols);
    ChafaCanvas *canvas = chafa->chafa_canvas_new(config);
    const uint8_t *origin = picture->pixels + ((size_t)source.y * (size_t)picture->width + (size_t)source.x) * 4;
    chafa->chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, origin, source.width, source.height,
                                        picture->width * 4);
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
