/*
 * photo_decoding.h — the photo board's PNG and Exif decoding: a plain C API over Debian's
 * libpng (1.6) and libexif (issue 27).
 *
 * Every libpng call stays behind this API, in photo_decoding.c: libpng reports errors by
 * longjmp, which must never cross a Swift frame. Nothing here aborts, exits or prints: each
 * failure comes back as a NUL-terminated message (libpng's or libexif's own words where they
 * have them), and everything allocated is freed on every path.
 *
 * Both functions are pure (no global state) and may be called from any thread at once.
 */
#ifndef TABLEKIT_PHOTO_DECODING_H
#define TABLEKIT_PHOTO_DECODING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The largest width or height decoded; a PNG that claims more is refused unread. */
#define TK_PHOTO_MAX_SIDE 16384u
/** The most pixels decoded (64 M, 192 MiB of RGB); a PNG that claims more is refused unread. */
#define TK_PHOTO_MAX_PIXELS (64u * 1024u * 1024u)
/** The capacity of every message and string field below, NUL included. */
#define TK_PHOTO_TEXT_CAPACITY 256

/** Why a decode failed. */
typedef enum tk_photo_status {
    TK_PHOTO_OK = 0,
    /** No bytes at all. */
    TK_PHOTO_EMPTY = 1,
    /** The bytes do not start with PNG's eight-byte signature. */
    TK_PHOTO_NOT_PNG = 2,
    /** The header claims more than TK_PHOTO_MAX_SIDE or TK_PHOTO_MAX_PIXELS. */
    TK_PHOTO_TOO_LARGE = 3,
    /** libpng stopped: a truncated file, a bad CRC in a critical chunk, bad compressed data... */
    TK_PHOTO_CORRUPT = 4,
    /** Memory ran out. */
    TK_PHOTO_NO_MEMORY = 5
} tk_photo_status;

/** A decoded PNG. Free with tk_photo_image_free(); a zeroed struct is safe to free. */
typedef struct tk_photo_image {
    uint32_t width;
    uint32_t height;
    /** width * height pixels of 3 bytes (red, green, blue), row by row from the top. */
    uint8_t *pixels;
    /** A copy of the eXIf chunk (a TIFF stream: "II" or "MM", then IFDs), or NULL if none. */
    uint8_t *exif;
    size_t exif_length;
} tk_photo_image;

/**
 * Decodes the PNG in `bytes` into 8-bit RGB, whatever its colour type and depth: palettes
 * and gray expand to RGB, depths below 8 bits widen, 16-bit samples scale to 8 (rounded),
 * transparency (an alpha channel or tRNS) is composited over black, interlaced images are
 * de-interlaced. No gamma correction: samples are taken as stored.
 *
 * On TK_PHOTO_OK `out` holds the image (free it with tk_photo_image_free()); otherwise `out`
 * is zeroed and `message` (TK_PHOTO_TEXT_CAPACITY bytes) says why, in libpng's words when
 * libpng stopped. `message` may be NULL.
 */
tk_photo_status tk_photo_decode_png(const uint8_t *bytes, size_t length, tk_photo_image *out, char *message);

/** Frees what tk_photo_decode_png() allocated and zeroes `image`; NULL is ignored. */
void tk_photo_image_free(tk_photo_image *image);

/** An unsigned Exif RATIONAL, as stored (the denominator may be 0 in a broken file). */
typedef struct tk_photo_rational {
    uint32_t numerator;
    uint32_t denominator;
} tk_photo_rational;

/**
 * The Exif facts the photo board shows. A `has_` flag of 0 means the tag is missing or not
 * of a usable type and count; an empty string means the same for text. Strings are the
 * tag's bytes up to its first NUL, cut at TK_PHOTO_TEXT_CAPACITY - 1 bytes; they are not
 * checked for UTF-8.
 */
typedef struct tk_photo_exif {
    /** Make (0x010F), Model (0x0110) and ImageDescription (0x010E), from IFD0. */
    char make[TK_PHOTO_TEXT_CAPACITY];
    char model[TK_PHOTO_TEXT_CAPACITY];
    char image_description[TK_PHOTO_TEXT_CAPACITY];
    /** LensModel (0xA434), from the Exif IFD. */
    char lens_model[TK_PHOTO_TEXT_CAPACITY];
    /** DateTimeOriginal (0x9003), else DateTimeDigitized (0x9004): "YYYY:MM:DD HH:MM:SS". */
    char date_time_original[TK_PHOTO_TEXT_CAPACITY];

    /** ExposureTime (0x829A), seconds. */
    int has_exposure_time;
    tk_photo_rational exposure_time;
    /** FNumber (0x829D). */
    int has_f_number;
    tk_photo_rational f_number;
    /** ISOSpeedRatings / PhotographicSensitivity (0x8827), its first value (SHORT or LONG). */
    int has_iso;
    uint32_t iso;
    /** FocalLength (0x920A), millimetres. */
    int has_focal_length;
    tk_photo_rational focal_length;

    /** GPSLatitude (0x0002): degrees, minutes, seconds; GPSLatitudeRef (0x0001): 'N' or 'S',
     *  or 0 when missing. */
    int has_latitude;
    tk_photo_rational latitude[3];
    char latitude_ref;
    /** GPSLongitude (0x0004) and GPSLongitudeRef (0x0003): 'E' or 'W', or 0 when missing. */
    int has_longitude;
    tk_photo_rational longitude[3];
    char longitude_ref;
} tk_photo_exif;

/**
 * Reads the facts of `tiff`, an Exif TIFF stream as PNG's eXIf chunk holds it (without the
 * JPEG "Exif\0\0" header, which is added here for libexif), into `out` (zeroed first).
 * Returns 1 when libexif found at least one IFD entry. Returns 0 when it found none, with
 * `message` (TK_PHOTO_TEXT_CAPACITY bytes, may be NULL) saying why: libexif's words when it
 * logged a reason ("Unknown encoding."), else "no Exif tag could be read" (libexif passes
 * over much without a word, such as an IFD offset past the end).
 */
int tk_photo_read_exif(const uint8_t *tiff, size_t length, tk_photo_exif *out, char *message);

#ifdef __cplusplus
}
#endif

#endif
