/* libchafa (Debian libchafa-dev): pictures as Unicode block, sextant and quadrant
   symbols with colours, for terminals without a graphics protocol. */
#include <stdint.h>
#include <chafa.h>

/* Draws `rgba` (width × height, straight alpha, rows packed) into `columns` × `rows`
   character cells with truecolor block/half/quadrant/sextant symbols and writes, per cell
   in row order, its code point and its foreground/background as 0xRRGGBB (-1: none).
   Returns 0, or -1 when chafa cannot make the canvas. On the calling thread: chafa would
   start a pool of threads for every picture (one a core), each with an arena of the
   allocator that keeps its memory, for work that takes ~1 ms at these sizes. */
static inline int reader_chafa_symbols(const uint8_t *rgba, int width, int height, int columns, int rows,
                                       uint32_t *chars, int32_t *fg, int32_t *bg) {
    chafa_set_n_threads(1);
    ChafaSymbolMap *map = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(map, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_QUAD
                                      | CHAFA_SYMBOL_TAG_SEXTANT | CHAFA_SYMBOL_TAG_SPACE);
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS);
    chafa_canvas_config_set_symbol_map(config, map);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    int status = -1;
    if (canvas) {
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < columns; x++) {
                int i = y * columns + x;
                gint f = -1, b = -1;
                chafa_canvas_get_raw_colors_at(canvas, x, y, &f, &b);
                chars[i] = chafa_canvas_get_char_at(canvas, x, y);
                fg[i] = f;
                bg[i] = b;
            }
        }
        chafa_canvas_unref(canvas);
        status = 0;
    }
    chafa_canvas_config_unref(config);
    chafa_symbol_map_unref(map);
    return status;
}
