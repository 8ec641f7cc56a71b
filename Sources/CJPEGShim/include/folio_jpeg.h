#ifndef FOLIO_JPEG_H
#define FOLIO_JPEG_H
#include <stddef.h>

/// Facts read from a JPEG header without decoding the scan.
typedef struct {
    int width;
    int height;
    int components;   /* 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK */
    int precision;    /* bits per sample: 8, or 12 (which this libjpeg cannot decode) */
} folio_jpeg_info;

/// A decoded image. Pixels are interleaved: 1 (gray), 3 (RGB) or 4 (CMYK) bytes per pixel.
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int components;
    int adobe_inverted;      /* CMYK written by Adobe with inverted values */
    unsigned char *icc;      /* ICC profile from APP2 chunks, or NULL */
    unsigned int icc_length;
    unsigned char *exif;     /* APP1 Exif payload (after "Exif\0\0"), or NULL */
    unsigned int exif_length;
    long warnings;           /* libjpeg warnings: corrupt data decodes as garbage */
    char message[200];       /* libjpeg's own words for the first error or warning */
} folio_jpeg_image;

/// Reads only the header. Returns 0, or -1 with `message` filled.
int folio_jpeg_read_info(const unsigned char *data, size_t length, folio_jpeg_info *info,
                         char *message, size_t message_capacity);

/// Decodes with DCT scaling by scale_eighths/8 (1 to 8). Returns 0, or -1 with
/// `image->message` filled; on success free with folio_jpeg_image_free.
int folio_jpeg_decode(const unsigned char *data, size_t length, int scale_eighths,
                      folio_jpeg_image *image);

void folio_jpeg_image_free(folio_jpeg_image *image);

/// Encodes interleaved 8-bit pixels (1 gray, 3 RGB, 4 CMYK). On success returns 0 and
/// `*output` (free with folio_jpeg_free_buffer).
int folio_jpeg_encode(const unsigned char *pixels, int width, int height, int components,
                      int quality, const unsigned char *icc, unsigned int icc_length,
                      unsigned char **output, unsigned long *output_length,
                      char *message, size_t message_capacity);

/// Encodes Cairo RGB24 pixels (B, G, R, unused per pixel on little-endian) with `stride`
/// bytes per row, as a 3-component JPEG.
int folio_jpeg_encode_bgrx(const unsigned char *pixels, int width, int height, int stride,
                           int quality, const unsigned char *icc, unsigned int icc_length,
                           unsigned char **output, unsigned long *output_length,
                           char *message, size_t message_capacity);

void folio_jpeg_free_buffer(unsigned char *buffer);

#endif
