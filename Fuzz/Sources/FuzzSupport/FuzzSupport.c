// Declarations only (include/FuzzSupport.h); libFuzzer provides the definitions.
#include "FuzzSupport.h"
