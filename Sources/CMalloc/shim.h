/* glibc's malloc.h: mallopt, for the reader's choice of when freed memory goes back to the system. */
#include <malloc.h>
