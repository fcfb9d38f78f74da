/*
 * photo_decoding.c — PNG through libpng, Exif through libexif. See photo_decoding.h.
 *
 * libpng stops on an error by calling our error function, which must not return: it
 * longjmps back into decode_png() below. So that nothing is lost on that jump, decode_png()
 * keeps no state of its own: everything it allocates hangs off the decode_state that its
 * caller owns (C leaves a jumping function's changed locals indeterminate), and the caller
 * frees it all whichever way decode_png() came back.
 */
#include "photo_decoding.h"

#include <libexif/exif-data.h>
#include <libexif/exif-log.h>
#include <libexif/exif-utils.h>
#include <png.h>

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- PNG -------------------------------------------------------------------------------- */

/** Everything one decode owns; lives in tk_photo_decode_png()'s frame. */
typedef struct decode_state {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    png_structp png;
    png_infop info;
    /** The image as libpng hands it over, 4 bytes a pixel, then made RGB in place. */
    uint8_t *pixels;
    png_bytep *rows;
    uint32_t width, height;
    uint8_t *exif;
    size_t exif_length;
    tk_photo_status status;
    char message[TK_PHOTO_TEXT_CAPACITY];
} decode_state;

static void copy_message(char *destination, const char *text) {
    if (destination) snprintf(destination, TK_PHOTO_TEXT_CAPACITY, "%s", text ? text : "");
}

/* Keeps libpng's first words (a chunk error comes as "IDAT: CRC error") and jumps back. */
static void on_png_error(png_structp png, png_const_charp text) {
    decode_state *state = png_get_error_ptr(png);
    if (state) {
        if (state->status == TK_PHOTO_OK) {
            /* libpng's allocation failures all say "memory" ("Out of memory", "Insufficient
             * memory for ..."); nothing else it says does. */
            state->status = text && strstr(text, "memory") ? TK_PHOTO_NO_MEMORY : TK_PHOTO_CORRUPT;
        }
        if (state->message[0] == '\0') copy_message(state->message, text);
    }
    png_longjmp(png, 1);
}

/* libpng's default prints warnings on stderr, under a full-screen terminal app: say nothing.
 * (Warnings are what it survives: a bad CRC in an ancillary chunk, which it then skips.) */
static void on_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void read_from_memory(png_structp png, png_bytep destination, size_t count) {
    decode_state *state = png_get_io_ptr(png);
    if (count > state->length - state->offset) png_error(png, "unexpected end of file (truncated)");
    memcpy(destination, state->bytes + state->offset, count);
    state->offset += count;
}

/* Every change this makes goes through `state`: see the note at the top. */
static void decode_png(decode_state *state) {
    if (setjmp(png_jmpbuf(state->png))) return;

    png_set_read_fn(state->png, state, read_from_memory);
    /* libpng's own limit (a million pixels a side) would stop a large IHDR with an error of
     * its own; ours, below, says how large in our words. */
    png_set_user_limits(state->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(state->png, state->info);

    png_uint_32 width = 0, height = 0;
    int depth = 0, colour = 0;
    png_get_IHDR(state->png, state->info, &width, &height, &depth, &colour, NULL, NULL, NULL);
    if (width > TK_PHOTO_MAX_SIDE || height > TK_PHOTO_MAX_SIDE
        || (uint64_t)width * (uint64_t)height > (uint64_t)TK_PHOTO_MAX_PIXELS) {
        state->status = TK_PHOTO_TOO_LARGE;
        snprintf(state->message, sizeof state->message,
                 "%u x %u pixels is larger than the %u x %u (%u M pixels) decoded", (unsigned)width,
                 (unsigned)height, TK_PHOTO_MAX_SIDE, TK_PHOTO_MAX_SIDE, TK_PHOTO_MAX_PIXELS / (1024u * 1024u));
        return;
    }

    /* Whatever the file holds, ask for 8-bit RGBA: palette and gray to RGB, low depths to 8,
     * tRNS to alpha, 16 bits scaled (rounded) to 8, opaque alpha added where there is none. */
    png_set_expand(state->png);
    png_set_scale_16(state->png);
    png_set_gray_to_rgb(state->png);
    png_set_add_alpha(state->png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(state->png);
    png_read_update_info(state->png, state->info);
    if (png_get_rowbytes(state->png, state->info) != (size_t)width * 4) png_error(state->png, "unexpected row layout after conversion to RGBA");

    size_t rgba_size = (size_t)width * (size_t)height * 4;
    state->pixels = malloc(rgba_size);
    state->rows = malloc((size_t)height * sizeof *state->rows);
    if (!state->pixels || !state->rows) {
        state->status = TK_PHOTO_NO_MEMORY;
        copy_message(state->message, "out of memory for the pixels");
        return;
    }
    for (png_uint_32 y = 0; y < height; y++) state->rows[y] = state->pixels + (size_t)y * width * 4;
    png_read_image(state->png, state->rows);
    /* The chunks after the image, which may hold the eXIf chunk, and the CRCs up to IEND. */
    png_read_end(state->png, state->info);

    png_uint_32 exif_length = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(state->png, state->info, &exif_length, &exif) != 0 && exif && exif_length > 0) {
        state->exif = malloc(exif_length);
        if (!state->exif) {
            state->status = TK_PHOTO_NO_MEMORY;
            copy_message(state->message, "out of memory for the Exif data");
            return;
        }
        memcpy(state->exif, exif, exif_length);
        state->exif_length = exif_length;
    }
    state->width = width;
    state->height = height;
}

/* RGBA to RGB in place, over black: each channel times alpha / 255, rounded. */
static void composite_over_black(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        unsigned alpha = pixels[i * 4 + 3];
        for (size_t channel = 0; channel < 3; channel++) {
            pixels[i * 3 + channel] = (uint8_t)((pixels[i * 4 + channel] * alpha + 127) / 255);
        }
    }
}

tk_photo_status tk_photo_decode_png(const uint8_t *bytes, size_t length, tk_photo_image *out, char *message) {
    copy_message(message, "");
    if (!out) {
        copy_message(message, "no place for the image");
        return TK_PHOTO_NO_MEMORY;
    }
    memset(out, 0, sizeof *out);
    if (length == 0 || !bytes) {
        copy_message(message, "empty file");
        return TK_PHOTO_EMPTY;
    }
    if (length < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        copy_message(message, "not a PNG file (bad signature)");
        return TK_PHOTO_NOT_PNG;
    }

    decode_state state;
    memset(&state, 0, sizeof state);
    state.bytes = bytes;
    state.length = length;
    state.status = TK_PHOTO_OK;
    state.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_png_error, on_png_warning);
    if (state.png) state.info = png_create_info_struct(state.png);
    if (!state.png || !state.info) {
        png_destroy_read_struct(state.png ? &state.png : NULL, NULL, NULL);
        copy_message(message, "out of memory for libpng");
        return TK_PHOTO_NO_MEMORY;
    }

    decode_png(&state);

    png_destroy_read_struct(&state.png, &state.info, NULL);
    free(state.rows);
    if (state.status != TK_PHOTO_OK) {
        free(state.pixels);
        free(state.exif);
        copy_message(message, state.message[0] ? state.message : "libpng failed without saying why");
        return state.status;
    }

    size_t count = (size_t)state.width * state.height;
    composite_over_black(state.pixels, count);
    uint8_t *smaller = realloc(state.pixels, count * 3);
    out->pixels = smaller ? smaller : state.pixels;
    out->width = state.width;
    out->height = state.height;
    out->exif = state.exif;
    out->exif_length = state.exif_length;
    return TK_PHOTO_OK;
}

void tk_photo_image_free(tk_photo_image *image) {
    if (!image) return;
    free(image->pixels);
    free(image->exif);
    memset(image, 0, sizeof *image);
}

/* --- Exif ------------------------------------------------------------------------------- */

/* Keeps the first reason libexif gives for giving up on (part of) the data. */
static void on_exif_log(ExifLog *log, ExifLogCode code, const char *domain, const char *format, va_list arguments, void *data) {
    (void)log;
    (void)domain;
    char *message = data;
    if ((code != EXIF_LOG_CODE_CORRUPT_DATA && code != EXIF_LOG_CODE_NO_MEMORY) || message[0] != '\0') return;
    vsnprintf(message, TK_PHOTO_TEXT_CAPACITY, format, arguments);
}

static ExifEntry *entry_in(ExifData *data, ExifIfd ifd, ExifTag tag) {
    return data->ifd[ifd] ? exif_content_get_entry(data->ifd[ifd], tag) : NULL;
}

/* An ASCII tag's bytes up to its first NUL (Exif strings end with one; a broken file's may not). */
static void copy_text(char *destination, ExifEntry *entry) {
    if (!entry || entry->format != EXIF_FORMAT_ASCII || !entry->data) return;
    size_t count = 0;
    while (count < entry->size && count < TK_PHOTO_TEXT_CAPACITY - 1 && entry->data[count] != 0) count++;
    memcpy(destination, entry->data, count);
    destination[count] = '\0';
}

/* The first `count` RATIONALs of `entry`; 0 when it is not RATIONAL or holds fewer. */
static int copy_rationals(tk_photo_rational *destination, ExifEntry *entry, ExifByteOrder order, unsigned count) {
    if (!entry || entry->format != EXIF_FORMAT_RATIONAL || !entry->data || entry->components < count || entry->size < 8 * count) return 0;
    for (unsigned i = 0; i < count; i++) {
        ExifRational value = exif_get_rational(entry->data + 8 * i, order);
        destination[i].numerator = value.numerator;
        destination[i].denominator = value.denominator;
    }
    return 1;
}

/* The first letter of an ASCII tag if it is one of `allowed` ("NS", "EW"), else 0. */
static char reference(ExifEntry *entry, const char *allowed) {
    if (!entry || entry->format != EXIF_FORMAT_ASCII || !entry->data || entry->size < 1 || entry->data[0] == 0) return 0;
    return strchr(allowed, entry->data[0]) ? (char)entry->data[0] : 0;
}

int tk_photo_read_exif(const uint8_t *tiff, size_t length, tk_photo_exif *out, char *message) {
    static const unsigned char header[6] = {'E', 'x', 'i', 'f', 0, 0};
    copy_message(message, "");
    if (!out) return 0;
    memset(out, 0, sizeof *out);
    if (!tiff || length == 0) {
        copy_message(message, "no Exif data");
        return 0;
    }
    /* libexif counts in unsigned int. */
    if (length > UINT_MAX - sizeof header) {
        copy_message(message, "Exif data too large");
        return 0;
    }

    unsigned char *buffer = malloc(length + sizeof header);
    ExifData *data = exif_data_new();
    ExifLog *log = exif_log_new();
    char log_message[TK_PHOTO_TEXT_CAPACITY] = "";
    if (!buffer || !data || !log) {
        free(buffer);
        if (data) exif_data_unref(data);
        if (log) exif_log_unref(log);
        copy_message(message, "out of memory for the Exif data");
        return 0;
    }
    memcpy(buffer, header, sizeof header);
    memcpy(buffer + sizeof header, tiff, length);
    /* Read the tags as written: following the specification would have libexif add the
     * mandatory tags a file lacks and change the types of others. */
    exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_log_set_func(log, on_exif_log, log_message);
    exif_data_log(data, log);
    exif_data_load_data(data, buffer, (unsigned int)(length + sizeof header));

    unsigned entries = 0;
    for (int ifd = 0; ifd < EXIF_IFD_COUNT; ifd++) entries += data->ifd[ifd] ? data->ifd[ifd]->count : 0;
    ExifByteOrder order = exif_data_get_byte_order(data);

    copy_text(out->make, entry_in(data, EXIF_IFD_0, EXIF_TAG_MAKE));
    copy_text(out->model, entry_in(data, EXIF_IFD_0, EXIF_TAG_MODEL));
    copy_text(out->image_description, entry_in(data, EXIF_IFD_0, EXIF_TAG_IMAGE_DESCRIPTION));
    copy_text(out->lens_model, entry_in(data, EXIF_IFD_EXIF, EXIF_TAG_LENS_MODEL));
    copy_text(out->date_time_original, entry_in(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL));
    if (out->date_time_original[0] == '\0') copy_text(out->date_time_original, entry_in(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_DIGITIZED));

    out->has_exposure_time = copy_rationals(&out->exposure_time, entry_in(data, EXIF_IFD_EXIF, EXIF_TAG_EXPOSURE_TIME), order, 1);
    out->has_f_number = copy_rationals(&out->f_number, entry_in(data, EXIF_IFD_EXIF, EXIF_TAG_FNUMBER), order, 1);
    out->has_focal_length = copy_rationals(&out->focal_length, entry_in(data, EXIF_IFD_EXIF, EXIF_TAG_FOCAL_LENGTH), order, 1);
    ExifEntry *iso = entry_in(data, EXIF_IFD_EXIF, EXIF_TAG_ISO_SPEED_RATINGS);
    if (iso && iso->data && iso->components >= 1) {
        if (iso->format == EXIF_FORMAT_SHORT && iso->size >= 2) {
            out->iso = exif_get_short(iso->data, order);
            out->has_iso = 1;
        } else if (iso->format == EXIF_FORMAT_LONG && iso->size >= 4) {
            out->iso = exif_get_long(iso->data, order);
            out->has_iso = 1;
        }
    }

    /* GPS tags are numbered from 0 again, over IFD0's: look in the GPS IFD only. */
    out->has_latitude = copy_rationals(out->latitude, entry_in(data, EXIF_IFD_GPS, EXIF_TAG_GPS_LATITUDE), order, 3);
    out->latitude_ref = reference(entry_in(data, EXIF_IFD_GPS, EXIF_TAG_GPS_LATITUDE_REF), "NS");
    out->has_longitude = copy_rationals(out->longitude, entry_in(data, EXIF_IFD_GPS, EXIF_TAG_GPS_LONGITUDE), order, 3);
    out->longitude_ref = reference(entry_in(data, EXIF_IFD_GPS, EXIF_TAG_GPS_LONGITUDE_REF), "EW");

    exif_data_unref(data);
    exif_log_unref(log);
    free(buffer);
    if (entries == 0) {
        /* libexif gives up silently on much (an IFD offset past the end, say): then say it. */
        copy_message(message, log_message[0] ? log_message : "no Exif tag could be read");
        return 0;
    }
    return 1;
}
