#include <lcms2.h>

// lcms2 builds its pixel formats with macros Swift cannot import.
static const cmsUInt32Number FOLIO_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number FOLIO_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number FOLIO_TYPE_GRAY_8 = TYPE_GRAY_8;
static const cmsUInt32Number FOLIO_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
/* Cairo's RGB24 pixels on a little-endian machine: B, G, R, unused. */
static const cmsUInt32Number FOLIO_TYPE_BGRA_8 = TYPE_BGRA_8;
static const cmsUInt32Number FOLIO_TYPE_RGB_16 = TYPE_RGB_16;
static const cmsUInt32Number FOLIO_TYPE_CMYK_16 = TYPE_CMYK_16;
static const cmsUInt32Number FOLIO_TYPE_Lab_DBL = TYPE_Lab_DBL;
