/* cmark-gfm (Debian libcmark-gfm-dev, libcmark-gfm-extensions-dev): CommonMark with
   GitHub's table extension. */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
