/* libwebp and libwebpdemux (apt: libwebp-dev): WebP headers (WebPGetFeatures), still
   images (WebPDecodeRGBA) and the first frame of animated ones (WebPAnimDecoder).
   Only Sources/Images uses it. The header's inline initialisers pass the ABI version;
   these wrappers keep that on the C side. */
#include <webp/decode.h>
#include <webp/demux.h>

/* WebPGetFeatures: VP8_STATUS_OK (0) or the error; fills width, height, has_alpha,
   has_animation from the headers only. */
static inline int reader_webp_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return (int)WebPGetFeatures(data, size, features);
}

/* A WebPAnimDecoder giving straight (non-premultiplied) RGBA frames, or NULL. */
static inline WebPAnimDecoder *reader_webp_anim_decoder(const uint8_t *data, size_t size) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = { data, size };
    return WebPAnimDecoderNew(&webp, &options);
}

/* Decodes a still WebP into `rgba` (straight RGBA, `stride` bytes a row, `size` bytes in
   all, allocated by the caller for the width and height WebPGetFeatures gave). Returns
   VP8_STATUS_OK (0) or the error. */
static inline int reader_webp_decode_rgba(const uint8_t *data, size_t data_size,
                                          uint8_t *rgba, int stride, size_t size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return VP8_STATUS_INVALID_PARAM;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = rgba;
    config.output.u.RGBA.stride = stride;
    config.output.u.RGBA.size = size;
    config.options.use_threads = 0;
    int status = (int)WebPDecode(data, data_size, &config);
    WebPFreeDecBuffer(&config.output);
    return status;
}
