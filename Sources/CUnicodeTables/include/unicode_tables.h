// The generated Unicode tables of UnicodeData as read-only data of the program
// (Tools/unicode/generate.py writes them to data/*.bin; unicode_tables.c embeds them).
// Nothing is decoded at start, and only the pages a book's text touches are ever read.
// Each function returns the table's first element; `reader_unicode_table_bytes` its size,
// which UnicodeData checks against the generated counts before the first lookup.
#ifndef READER_UNICODE_TABLES_H
#define READER_UNICODE_TABLES_H
#include <stddef.h>
#include <stdint.h>

/// The tables, for `reader_unicode_table_bytes`.
enum {
    READER_PROPERTIES_STAGE1 = 0,
    READER_PROPERTIES_STAGE2 = 1,
    READER_PROPERTIES_BMP = 2,
    READER_LINE_BREAK_STAGE1 = 3,
    READER_LINE_BREAK_STAGE2 = 4,
    READER_SEGMENTATION_STAGE1 = 5,
    READER_SEGMENTATION_STAGE2 = 6,
    READER_SEGMENTATION_RECORDS = 7,
    READER_FIT_KINDS_BMP = 8
};

/// Property table stage 1: code point >> 6 -> block number.
const uint16_t *reader_properties_stage1(void);
/// Property table stage 2: block number * 64 + low bits -> packed PropertyRecord.
const uint32_t *reader_properties_stage2(void);
/// The packed PropertyRecord of each code point U+0000…U+FFFF.
const uint32_t *reader_properties_bmp(void);
/// TextLayout's `FitKind` of each code point U+0000…U+FFFF: (kind << 2) | width.
const uint8_t *reader_fit_kinds_bmp(void);
/// Resolved line-break classes, stage 1: code point >> 6 -> block number.
const uint16_t *reader_line_break_stage1(void);
/// Resolved line-break classes, stage 2: block number * 64 + low bits -> class raw value.
const uint8_t *reader_line_break_stage2(void);
/// Segmentation table stage 1: code point >> 6 -> block number.
const uint16_t *reader_segmentation_stage1(void);
/// Segmentation table stage 2: block number * 64 + low bits -> record index.
const uint8_t *reader_segmentation_stage2(void);
/// The distinct packed SegmentationRecords.
const uint16_t *reader_segmentation_records(void);

/// The size in bytes of a table (`READER_PROPERTIES_STAGE1`…), 0 for an unknown one.
size_t reader_unicode_table_bytes(int table);

#endif
