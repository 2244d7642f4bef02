#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
