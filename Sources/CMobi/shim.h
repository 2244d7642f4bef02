/* libmobi (Debian libmobi-dev): Mobipocket/Kindle MOBI 6, KF8 (AZW3) and PalmDOC files. */
#include <mobi.h>
/* malloc_trim: the MOBI reader hands libmobi's freed text records back to the system. */
#include <malloc.h>
