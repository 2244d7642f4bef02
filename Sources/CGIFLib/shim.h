/* giflib 5 (apt: libgif-dev): GIF records read one at a time from memory (DGifOpen with
   a read callback), so that only the first frame is ever decoded. Only Sources/Images
   uses it. */
#include <gif_lib.h>
