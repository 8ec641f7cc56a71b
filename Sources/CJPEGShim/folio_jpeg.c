// libjpeg reports errors by longjmp: Swift cannot call setjmp, so every libjpeg call that can
// fail lives here. Without this, libjpeg calls exit(1) on a bad photo and ends the whole batch.
#include "folio_jpeg.h"
#include <stdio.h>  /* before jpeglib.h, which uses FILE */
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>  /* message codes, to tell harmless warnings from corruption */

/* Exported by libjpeg-turbo's libjpeg.so.62 but not declared in Debian's jpeglib.h. */
extern boolean jpeg_read_icc_profile(j_decompress_ptr cinfo, JOCTET **icc_data_ptr,
                                     unsigned int *icc_data_len);
extern void jpeg_write_icc_profile(j_compress_ptr cinfo, const JOCTET *icc_data_ptr,
                                   unsigned int icc_data_len);

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t capacity;
} folio_error_mgr;

static void folio_error_exit(j_common_ptr cinfo) {
    folio_error_mgr *err = (folio_error_mgr *)cinfo->err;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    snprintf(err->message, err->capacity, "%s", buffer);
    longjmp(err->jump, 1);
}

/* Warnings (corrupt scan data, premature end) are counted, and the first is kept as the reason.
   Stray bytes before a marker are harmless (the image decodes whole) and are not counted. */
static void folio_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0 && cinfo->err->msg_code != JWRN_EXTRANEOUS_DATA) {
        folio_error_mgr *err = (folio_error_mgr *)cinfo->err;
        if (cinfo->err->num_warnings == 0 && err->message[0] == 0) {
            char buffer[JMSG_LENGTH_MAX];
            (*cinfo->err->format_message)(cinfo, buffer);
            snprintf(err->message, err->capacity, "%s", buffer);
        }
        cinfo->err->num_warnings++;
    }
}

static void folio_install_errors(folio_error_mgr *err, char *message, size_t capacity) {
    jpeg_std_error(&err->base);
    err->base.error_exit = folio_error_exit;
    err->base.emit_message = folio_emit_message;
    err->message = message;
    err->capacity = capacity;
    if (capacity > 0) message[0] = 0;
}

int folio_jpeg_read_info(const unsigned char *data, size_t length, folio_jpeg_info *info,
                         char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    folio_error_mgr err;
    folio_install_errors(&err, message, message_capacity);
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    info->width = (int)cinfo.image_width;
    info->height = (int)cinfo.image_height;
    info->components = cinfo.num_components;
    info->precision = cinfo.data_precision;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

static void folio_copy_exif(struct jpeg_decompress_struct *cinfo, folio_jpeg_image *image) {
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length > 6 && memcmp(m->data, "Exif\0\0", 6) == 0) {
            image->exif_length = m->data_length - 6;
            image->exif = malloc(image->exif_length);
            if (image->exif) memcpy(image->exif, m->data + 6, image->exif_length);
            else image->exif_length = 0;
            return;
        }
    }
}

int folio_jpeg_decode(const unsigned char *data, size_t length, int scale_eighths,
                      folio_jpeg_image *image) {
    struct jpeg_decompress_struct cinfo;
    folio_error_mgr err;
    memset(image, 0, sizeof(*image));
    folio_install_errors(&err, image->message, sizeof(image->message));
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(image->pixels); image->pixels = NULL;
        free(image->icc); image->icc = NULL;
        free(image->exif); image->exif = NULL;
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    JOCTET *icc = NULL;
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(&cinfo, &icc, &icc_length) && icc != NULL) {
        image->icc = icc;
        image->icc_length = icc_length;
    }
    folio_copy_exif(&cinfo, image);

    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        cinfo.out_color_space = JCS_CMYK;
        image->adobe_inverted = cinfo.saw_Adobe_marker ? 1 : 0;
    } else if (cinfo.jpeg_color_space == JCS_GRAYSCALE) {
        cinfo.out_color_space = JCS_GRAYSCALE;
    } else {
        cinfo.out_color_space = JCS_RGB;
    }
    /* libjpeg-turbo scales in the DCT by any eighth (its v7-style scaled IDCTs). */
    cinfo.scale_num = (unsigned int)(scale_eighths >= 1 && scale_eighths <= 8 ? scale_eighths : 8);
    cinfo.scale_denom = 8;
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&cinfo);

    image->width = (int)cinfo.output_width;
    image->height = (int)cinfo.output_height;
    image->components = cinfo.output_components;
    size_t stride = (size_t)image->width * (size_t)image->components;
    image->pixels = malloc(stride * (size_t)image->height);
    if (image->pixels == NULL) {
        snprintf(image->message, sizeof(image->message), "out of memory for %dx%d pixels",
                 image->width, image->height);
        jpeg_destroy_decompress(&cinfo);
        free(image->icc); image->icc = NULL;
        free(image->exif); image->exif = NULL;
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = image->pixels + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    image->warnings = err.base.num_warnings;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

void folio_jpeg_image_free(folio_jpeg_image *image) {
    free(image->pixels);
    free(image->icc);
    free(image->exif);
    image->pixels = NULL;
    image->icc = NULL;
    image->exif = NULL;
}

static int folio_jpeg_encode_rows(const unsigned char *pixels, int width, int height, int components,
                                  J_COLOR_SPACE space, size_t stride, int quality,
                                  const unsigned char *icc, unsigned int icc_length,
                                  unsigned char **output, unsigned long *output_length,
                                  char *message, size_t message_capacity);

int folio_jpeg_encode(const unsigned char *pixels, int width, int height, int components,
                      int quality, const unsigned char *icc, unsigned int icc_length,
                      unsigned char **output, unsigned long *output_length,
                      char *message, size_t message_capacity) {
    J_COLOR_SPACE space = components == 1 ? JCS_GRAYSCALE : (components == 4 ? JCS_CMYK : JCS_RGB);
    return folio_jpeg_encode_rows(pixels, width, height, components, space,
                                  (size_t)width * (size_t)components, quality, icc, icc_length,
                                  output, output_length, message, message_capacity);
}

int folio_jpeg_encode_bgrx(const unsigned char *pixels, int width, int height, int stride,
                           int quality, const unsigned char *icc, unsigned int icc_length,
                           unsigned char **output, unsigned long *output_length,
                           char *message, size_t message_capacity) {
    return folio_jpeg_encode_rows(pixels, width, height, 4, JCS_EXT_BGRX, (size_t)stride, quality,
                                  icc, icc_length, output, output_length, message, message_capacity);
}

static int folio_jpeg_encode_rows(const unsigned char *pixels, int width, int height, int components,
                                  J_COLOR_SPACE space, size_t stride, int quality,
                                  const unsigned char *icc, unsigned int icc_length,
                                  unsigned char **output, unsigned long *output_length,
                                  char *message, size_t message_capacity) {
    struct jpeg_compress_struct cinfo;
    folio_error_mgr err;
    folio_install_errors(&err, message, message_capacity);
    *output = NULL;
    *output_length = 0;
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(*output);
        *output = NULL;
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, output, output_length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = space;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    /* Deterministic bytes: no JFIF density guesswork beyond the defaults. */
    jpeg_start_compress(&cinfo, TRUE);
    if (icc != NULL && icc_length > 0) jpeg_write_icc_profile(&cinfo, icc, icc_length);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * cinfo.next_scanline);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}

void folio_jpeg_free_buffer(unsigned char *buffer) { free(buffer); }
