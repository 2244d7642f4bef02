/* libmobi (Debian libmobi-dev): Mobipocket/Kindle MOBI 6, KF8 (AZW3) and PalmDOC files. */
#include <mobi.h>
