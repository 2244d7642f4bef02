/* zlib (Debian zlib1g-dev): deflate for the kitty protocol's compressed pictures (o=z). */
#include <zlib.h>
