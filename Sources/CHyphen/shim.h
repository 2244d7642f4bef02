/* libhyphen (apt: libhyphen-dev): the pattern hyphenator of LibreOffice, with the
   hyph_<lang>.dic pattern files under /usr/share/hyphen (apt: hyphen-en-us, hyphen-de…).
   Only Sources/Hyphenation uses it; it validates a file before hnj_hyphen_load sees it. */
#include <hyphen.h>
#include <stdlib.h>
