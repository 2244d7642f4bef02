/* libpng 1.6 (apt: libpng-dev), through its simplified API only
   (png_image_begin_read_from_memory / png_image_finish_read): it catches libpng's
   longjmp errors itself and reports them in png_image.message, so Swift never sees a
   longjmp. Only Sources/Images uses it. */
#include <png.h>
#include <string.h>

/* A png_image ready for png_image_begin_read_*: zeroed, with the API version set. */
static inline void reader_png_image_init(png_image *image) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
}

/* The output format: 8-bit sRGB red, green, blue, alpha (straight alpha). */
static inline png_uint_32 reader_png_format_rgba(void) {
    return PNG_FORMAT_RGBA;
}

/* Whether png_image.warning_or_error holds an error (not only a warning). */
static inline int reader_png_image_failed(const png_image *image) {
    return (image->warning_or_error & PNG_IMAGE_ERROR) != 0;
}
