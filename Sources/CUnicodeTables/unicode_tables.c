// The generated tables as read-only data (see include/unicode_tables.h). The files in
// data/ are little-endian: this target is built for little-endian machines only.
#include "unicode_tables.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the table files are little-endian");

#pragma clang diagnostic ignored "-Wc23-extensions"

#define ALIGNED __attribute__((aligned(64)))

static const unsigned char properties_stage1[] ALIGNED = {
#embed "data/properties_stage1.bin"
};
static const unsigned char properties_stage2[] ALIGNED = {
#embed "data/properties_stage2.bin"
};
static const unsigned char properties_bmp[] ALIGNED = {
#embed "data/properties_bmp.bin"
};
static const unsigned char fit_kinds_bmp[] ALIGNED = {
#embed "data/fit_kinds_bmp.bin"
};
static const unsigned char line_break_stage1[] ALIGNED = {
#embed "data/line_break_stage1.bin"
};
static const unsigned char line_break_stage2[] ALIGNED = {
#embed "data/line_break_stage2.bin"
};
static const unsigned char segmentation_stage1[] ALIGNED = {
#embed "data/segmentation_stage1.bin"
};
static const unsigned char segmentation_stage2[] ALIGNED = {
#embed "data/segmentation_stage2.bin"
};
static const unsigned char segmentation_records[] ALIGNED = {
#embed "data/segmentation_records.bin"
};

const uint16_t *reader_properties_stage1(void) { return (const uint16_t *)properties_stage1; }
const uint32_t *reader_properties_stage2(void) { return (const uint32_t *)properties_stage2; }
const uint32_t *reader_properties_bmp(void) { return (const uint32_t *)properties_bmp; }
const uint8_t *reader_fit_kinds_bmp(void) { return fit_kinds_bmp; }
const uint16_t *reader_line_break_stage1(void) { return (const uint16_t *)line_break_stage1; }
const uint8_t *reader_line_break_stage2(void) { return line_break_stage2; }
const uint16_t *reader_segmentation_stage1(void) { return (const uint16_t *)segmentation_stage1; }
const uint8_t *reader_segmentation_stage2(void) { return segmentation_stage2; }
const uint16_t *reader_segmentation_records(void) { return (const uint16_t *)segmentation_records; }

size_t reader_unicode_table_bytes(int table) {
    switch (table) {
    case READER_PROPERTIES_STAGE1: return sizeof properties_stage1;
    case READER_PROPERTIES_STAGE2: return sizeof properties_stage2;
    case READER_PROPERTIES_BMP: return sizeof properties_bmp;
    case READER_LINE_BREAK_STAGE1: return sizeof line_break_stage1;
    case READER_LINE_BREAK_STAGE2: return sizeof line_break_stage2;
    case READER_SEGMENTATION_STAGE1: return sizeof segmentation_stage1;
    case READER_SEGMENTATION_STAGE2: return sizeof segmentation_stage2;
    case READER_SEGMENTATION_RECORDS: return sizeof segmentation_records;
    case READER_FIT_KINDS_BMP: return sizeof fit_kinds_bmp;
    default: return 0;
    }
}
