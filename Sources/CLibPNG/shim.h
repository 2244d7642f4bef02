/* libpng 1.6 (apt: libpng-dev), through its simplified API only
   (png_image_begin_read_from_memory / png_image_finish_read; png_image_write_to_memory):
   it catches libpng's longjmp errors itself and reports them in png_image.message, so
   Swift never sees a longjmp. Only Sources/Images uses it. */
#include <png.h>
#include <string.h>

/* A png_image ready for png_image_begin_read_*: zeroed, with the API version set. */
static inline void reader_png_image_init(png_image *image) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
}

/* After png_image_begin_read_* (which clears the flags): asks png_image_finish_read for
   8-bit sRGB red, green, blue, alpha (straight alpha), and takes a 16-bit file without
   gAMA or sRGB chunk as sRGB, as browsers do (libpng would otherwise assume linear values
   and brighten them on the way to 8 bits). */
static inline void reader_png_request_rgba(png_image *image) {
    image->format = PNG_FORMAT_RGBA;
    image->flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
}


/* A png_image ready for png_image_write_to_memory: zeroed, the API version set, a
   width × height picture of 8-bit red, green, blue, alpha (straight alpha). */
static inline void reader_png_image_init_rgba_write(png_image *image, png_uint_32 width, png_uint_32 height) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    image->width = width;
    image->height = height;
    image->format = PNG_FORMAT_RGBA;
}
