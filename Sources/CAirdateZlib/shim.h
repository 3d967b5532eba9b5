#ifndef C_AIRDATE_ZLIB_H
#define C_AIRDATE_ZLIB_H
#include <zlib.h>

// `inflateInit2` and `deflateInit2` are macros; Swift sees these functions instead.
static inline int CAirdateZlib_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

static inline int CAirdateZlib_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY);
}
#endif
