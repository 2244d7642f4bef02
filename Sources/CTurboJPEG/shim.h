/* libjpeg-turbo's TurboJPEG API (apt: libturbojpeg0-dev): JPEG headers and decoding,
   at 1/8…1 of the size through its scaling factors. Only Sources/Images uses it. */
#include <turbojpeg.h>
