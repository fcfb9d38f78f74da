/*
 * csimdjson.h — TableKit's JSON record loader: a plain C API over Debian's simdjson.
 *
 * A "store" is one JSON file holding records (objects): an array of them at the top, or inside
 * a top-level object (see tk_json_load_file()), one a line (JSON Lines), or an object's member
 * values (an "object of objects"); see tk_json_load_file(). It is kept compactly:
 * the file's bytes, plus per record the byte ranges of its title, its subtitle and the whole
 * object. Strings without backslash escapes point straight into the file bytes; strings with
 * escapes are unescaped once, at load time, into a side arena. Nothing here allocates per
 * row after loading except tk_json_record_fields_prefix().
 *
 * Loading is strict: anything that is not valid JSON (RFC 8259) is rejected, wherever the
 * fault is, with a 1-based line and column. A lenient load (tk_json_load_options.strict 0)
 * reads ill-formed UTF-8 and lone surrogate escapes as U+FFFD instead, and nothing else
 * more leniently. See loader.cpp for the design.
 *
 * Every byte string handed out is UTF-8 and is NOT NUL-terminated (it may contain U+0000);
 * always use the length. Pointers stay valid until tk_json_free() on the store.
 * A store is immutable after loading: its accessors may be called from any thread.
 * Limits: files up to 4 GiB - 1 byte (simdjson's limit), nesting up to 1024 levels.
 */
#ifndef TABLEKIT_CSIMDJSON_H
#define TABLEKIT_CSIMDJSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Why a load failed. */
typedef enum tk_json_error_kind {
    TK_JSON_OK = 0,
    /** The file is missing, unreadable, a directory, too large, or memory ran out. */
    TK_JSON_ERROR_UNREADABLE = 1,
    /** The bytes are not valid JSON (line and column say where). */
    TK_JSON_ERROR_SYNTAX = 2,
    /** Valid JSON, but not an array of objects (line and column point at the culprit). */
    TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS = 3
} tk_json_error_kind;

/** A failed load, described in one line. */
typedef struct tk_json_error {
    tk_json_error_kind kind;
    /** 1-based line of the fault, 0 when there is no position (e.g. unreadable file). */
    uint64_t line;
    /** 1-based column in Unicode scalars (a tab counts as one), 0 when there is none. */
    uint64_t column;
    /** 0-based byte offset of the fault in the file, meaningful only when line > 0. */
    uint64_t byte_offset;
    /** NUL-terminated, printable ASCII only (anything quoted from the file is escaped). */
    char message[256];
} tk_json_error;

/** What kind of JSON value a field holds. */
typedef enum tk_json_value_kind {
    TK_JSON_STRING = 0,
    TK_JSON_NUMBER = 1,
    TK_JSON_BOOL = 2,
    TK_JSON_NULL = 3,
    TK_JSON_OBJECT = 4,
    TK_JSON_ARRAY = 5
} tk_json_value_kind;

typedef struct tk_json_store tk_json_store;
typedef struct tk_json_fields tk_json_fields;

/** How the records are written. */
typedef enum tk_json_format {
    /**
     * JSON Lines when the text's first value is a whole object and a line break and more text
     * follow it (the object is looked for on its first line, else within its first 256 KiB);
     * one JSON text otherwise.
     */
    TK_JSON_FORMAT_DETECT = 0,
    /** One JSON text: an array of objects, or an object holding one (see tk_json_load_file()). */
    TK_JSON_FORMAT_TEXT = 1,
    /**
     * JSON Lines (.jsonl, .ndjson): one object after another with a line break between each
     * two (\n or \r\n; blank lines, and a record written over several lines, allowed), no
     * array around them.
     */
    TK_JSON_FORMAT_LINES = 2
} tk_json_format;

/**
 * The sizes a load works in: none changes what is loaded, only how (how many threads, how
 * much simdjson indexes at once, whether the file is mapped). Tests and benchmarks make them
 * small so that small texts take the paths of big ones; 0 in any field means its default.
 * A store keeps the limits it was loaded with (tk_json_store_limits()); a save that reads
 * its file back (tk_json_store_edited(), tk_json_store_map_file()) uses them.
 */
typedef struct tk_json_limits {
    /**
     * Inputs of at least this many bytes are walked as two halves on two threads when the
     * array (or the JSON Lines) can be cut at a line break between two records. Default 16 MiB.
     */
    size_t split_minimum;
    /** JSON Lines are indexed by simdjson in windows of this many bytes (simdjson takes at least 32). Default 1 MiB. */
    size_t lines_window;
    /** Arrays are indexed by simdjson in windows of at least this many bytes, cut at line breaks between records. Default 1 MiB. */
    size_t array_window;
    /**
     * Regular files of at least this many bytes are mapped privately rather than read
     * (SIZE_MAX maps none). A mapped file costs no memory of the process's own, but its bytes
     * are the file's as it is now: another program's rewrite in place shows through. Default 16 MiB.
     */
    size_t mapping_minimum;
} tk_json_limits;

/** How to load: every field may be left 0 (NULL options mean all 0). */
typedef struct tk_json_load_options {
    /**
     * A JSON Pointer (RFC 6901, such as "/3166-1"), NUL-terminated, naming the array of
     * objects, or the object of objects, that holds the records; NULL to find them (see
     * tk_json_load_file()). Refused with JSON Lines.
     */
    const char *pointer;
    /** The member shown as each row's title (NUL-terminated UTF-8); NULL infers it. */
    const char *title_key;
    /** The member shown under the title; NULL infers it. */
    const char *subtitle_key;
    /**
     * 1: ill-formed UTF-8 and lone UTF-16 surrogate escapes ("\ud800" without its low half, a
     * bare "\udc00") are errors. 0 (lenient): each becomes U+FFFD —
     * one per maximal ill-formed subpart of UTF-8, as Unicode recommends and Python's
     * errors="replace" does, and one per lone surrogate escape — in titles, subtitles, names,
     * fields and raw records; tk_json_replacement_count() says how many. Structural faults
     * (a missing comma, an unterminated string, a control character in a string ...) fail
     * either way, with the same messages. A valid text loads as fast either way: the
     * lenient work runs only after a strict try has failed.
     *
     * When ill-formed UTF-8 was replaced, the store's bytes are a repaired copy, not the
     * file's (tk_json_bytes_repaired()): tk_json_bytes(), tk_json_raw(), tk_json_raw_range()
     * and every offset describe that copy, so a writer must not splice them back over the
     * file as if they were its own. Lone surrogate escapes alone leave the bytes the file's:
     * they are read as U+FFFD where they stand. An error after a repair gives the file's
     * line and byte offset; its column counts each replaced sequence as one character.
     */
    int strict;
    /** JSON text, JSON Lines, or detect which. */
    tk_json_format format;
    /**
     * Asked between chunks while the bytes are read (every few megabytes, and every 50 ms
     * while a pipe or FIFO is silent): a non-zero answer stops the load at once with
     * TK_JSON_ERROR_UNREADABLE, "loading cancelled". NULL: never cancelled.
     */
    int (*is_cancelled)(void *context);
    /** Handed to is_cancelled. */
    void *cancel_context;
    /**
     * How long a pipe or FIFO may stay silent — before its first byte (no writer yet, or a
     * writer that sends nothing) and between any two reads after it (a writer that stopped
     * without closing) — until the load fails with "no data after N seconds" or "no data for
     * N seconds after M bytes"; 0 waits for ever (is_cancelled can still stop it).
     */
    int wait_milliseconds;
    /**
     * The most bytes a pipe or FIFO may send: one byte more fails the load at once ("more
     * than N arrived"), without reading on to the end. 0, or more than 4 GiB - 1: 4 GiB - 1,
     * the most that can be loaded. A regular file is checked against its size instead.
     */
    uint64_t max_stream_bytes;
    /** The sizes the load works in (tk_json_limits; all 0: the defaults). */
    tk_json_limits limits;
} tk_json_load_options;

/**
 * What a load spent where, in nanoseconds (for benchmarks): reading the bytes; simdjson's
 * stage 1 (finding the structure) and walking and checking the records, for each half when
 * the records were walked in two (the second half 0 otherwise; JSON Lines interleave the
 * two, and count all as walking); and settling the title and subtitle keys after.
 *
 * For a pipe or FIFO, also the work its reading did in bytes, each of which a linear read
 * keeps within the bytes that arrived (a test's measure, free of the clock):
 * `stream_scanned`, the bytes looked at for the first that is not white space, and
 * `stream_moved`, the bytes copied to a bigger buffer as the stream outgrew one.
 */
typedef struct tk_json_timings {
    uint64_t read_ns;
    uint64_t parse_ns[2];
    uint64_t walk_ns[2];
    uint64_t refine_ns;
    uint64_t stream_scanned;
    uint64_t stream_moved;
} tk_json_timings;

/** Fills `*timings` for a loaded store (all 0 for NULL). */
void tk_json_get_timings(const tk_json_store *store, tk_json_timings *timings);

/** Where the records are, and so what separates them in the text (for a writer). */
typedef enum tk_json_container {
    /** The top-level array's elements: separated by commas. */
    TK_JSON_CONTAINER_TOP_ARRAY = 0,
    /** An array inside the text (tk_json_records_pointer() names it): commas. */
    TK_JSON_CONTAINER_INNER_ARRAY = 1,
    /** JSON Lines: line breaks, no array around them. */
    TK_JSON_CONTAINER_LINES = 2,
    /**
     * An object's member values (an object of objects, at the top or at the pointer): each
     * record is preceded by its name and a colon (tk_json_record_name()), commas between.
     */
    TK_JSON_CONTAINER_MEMBERS = 3
} tk_json_container;

/**
 * Loads the JSON file at `path` as `options` say (NULL: all 0, i.e. records found wherever
 * they are, keys inferred, lenient text, JSON Lines detected). The records are:
 * - the elements of a top-level array of objects;
 * - in a top-level object, the elements of its largest member array of objects (an empty
 *   array counts as one; tk_json_candidate() lists them all), or, when no member is such an
 *   array and every member's value is an object (at least one), those values ("an object
 *   of objects", each record named by its member: tk_json_record_name());
 * - at `options->pointer`, the array of objects or the object of objects there;
 * - in JSON Lines, the lines' objects.
 * Everything outside the records is checked as strictly as the records.
 * Returns NULL on failure and fills `*error_out` (which may be NULL).
 */
tk_json_store *tk_json_load_file(const char *path, const tk_json_load_options *options, tk_json_error *error_out);

/**
 * Like tk_json_load_file(), from an open descriptor (standard input, say), read to its end
 * from where it stands; the descriptor stays open. A regular file is read against its size,
 * a pipe or FIFO up to options->max_stream_bytes (refused as soon as more arrives; every
 * silence bounded by options->wait_milliseconds; stopped at once when its first byte cannot
 * start JSON); a terminal, a character or block
 * device (/dev/zero) or a socket is refused at once as "not a regular file".
 */
tk_json_store *tk_json_load_descriptor(int descriptor, const tk_json_load_options *options, tk_json_error *error_out);

/** Like tk_json_load_file(), from `length` bytes in memory (copied; the caller keeps `bytes`). */
tk_json_store *tk_json_load_memory(const void *bytes, size_t length, const tk_json_load_options *options,
                                   tk_json_error *error_out);

/**
 * The JSON Pointer of the array (or object of objects) the records were found in (e.g.
 * "/3166-1"), *length bytes, not NUL-terminated; empty when they are the top-level value's
 * (an array, an object of objects) or JSON Lines.
 */
const char *tk_json_records_pointer(const tk_json_store *store, size_t *length);

/**
 * The byte offset in the file's bytes (see tk_json_bytes()) of the records' container: the
 * array's `[`, the object's `{` (an object of objects), or the text's start (JSON Lines).
 */
size_t tk_json_array_offset(const tk_json_store *store);

/**
 * How many U+FFFD a lenient load put in place of ill-formed text: maximal ill-formed UTF-8
 * subparts and lone surrogate escapes, anywhere in the text. 0 after a strict load.
 */
size_t tk_json_replacement_count(const tk_json_store *store);

/**
 * 1 when the store's bytes are not the file's: a lenient load replaced ill-formed UTF-8 in
 * a copy, and tk_json_bytes() and every offset describe that copy (see
 * tk_json_load_options.strict). 0 otherwise, lone surrogate escapes replaced or not.
 */
int tk_json_bytes_repaired(const tk_json_store *store);

/** 1 when the records were read as JSON Lines (separated by line breaks, not commas). */
int tk_json_is_lines(const tk_json_store *store);

/** Where the records are, and what separates them: see tk_json_container. */
tk_json_container tk_json_records_container(const tk_json_store *store);

/**
 * 1 when the records are the members of an object ("an object of objects": a top-level
 * object whose every member is an object, or such an object at the pointer). Each record's
 * name is then its member's name, and its title unless a title key was given: then
 * tk_json_title_key() is NULL (length 0), and the subtitle key is inferred from the records'
 * members as ever.
 */
int tk_json_records_are_members(const tk_json_store *store);

/** Record `index`'s member name (unescaped), like tk_json_title(); 0 when not an object of objects. */
int tk_json_record_name(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length);

/**
 * The number of a top-level object's member arrays of objects (an empty array counts) when
 * the records are one of them, found or named by a pointer ("/books"); 0 otherwise (a
 * top-level array, JSON Lines, an object of objects, a pointer deeper than a member).
 */
size_t tk_json_candidate_count(const tk_json_store *store);

/**
 * Candidate `i`, largest first (file order among equals): its JSON Pointer ("/3166-1", *length
 * bytes, not NUL-terminated; what tk_json_load_options.pointer takes) and the size of its
 * text in bytes, `[` to `]` (*bytes). NULL when out of range.
 */
const char *tk_json_candidate(const tk_json_store *store, size_t i, size_t *length, size_t *bytes);

/** The limits `store` was loaded with, each 0 replaced by its default (all 0 for NULL). */
void tk_json_store_limits(const tk_json_store *store, tk_json_limits *limits);

/**
 * Puts a private mapping of the file at `path` in place of the store's own copy of its
 * bytes, when the file is big enough to be mapped (the store's tk_json_limits.mapping_minimum) and holds
 * exactly those bytes (compared first): a save parses what it writes from memory, and once
 * written the store need not keep that copy. Returns 1 when the store is now mapped, 0 when it
 * keeps its copy (too small, unreadable, different, or mapped already).
 */
int tk_json_store_map_file(tk_json_store *store, const char *path);

/** 1 when the store's bytes are a mapping of its file, 0 when they are its own copy. */
int tk_json_store_is_mapped(const tk_json_store *store);

/**
 * A descriptor of the file the store maps, open for reading, from which a save copies the
 * unchanged stretches file to file (copy_file_range(2)); -1 when the store's bytes are its
 * own copy. The store owns it: it stays open while the store lives, and must not be closed.
 */
int tk_json_store_file_descriptor(const tk_json_store *store);

/**
 * copy_file_range(2) of up to `count` bytes at `offset` of the file open at `source` to where
 * `destination` stands: how many were copied (0 at the source's end), or -1 with errno set.
 * For the save that copies a store's unchanged stretches (tk_json_store_file_descriptor());
 * here because Swift's Glibc module does not declare the call.
 */
long long tk_json_copy_file_range(int source, long long offset, int destination, size_t count);

/**
 * The same copy through a buffer (pread(2), then write(2) until every byte read is written):
 * what tk_json_copy_file_range does where copy_file_range(2) is not, or when TABLEKIT_PORTABLE
 * is defined (platform.cpp). How many bytes were copied (fewer than `count` when the
 * source ends, or when a write failed after some were written: the next call meets the error),
 * or -1 with errno set when none were.
 */
long long tk_json_copy_by_reading(int source, long long offset, int destination, size_t count);

/** 1 when tk_json_copy_file_range copies in the kernel (copy_file_range(2)), 0 by reading. */
int tk_json_copies_in_kernel(void);

/**
 * Exchanges the files at `first` and `second` in one step (renameat2(2) with RENAME_EXCHANGE
 * on Linux, renamex_np(2) with RENAME_SWAP on macOS): each name then holds the other's file.
 * 0, or -1 with errno set: EINVAL, ENOSYS or ENOTSUP where the file system or the system
 * cannot (and always when TABLEKIT_PORTABLE is defined, so that the fallback is tested).
 */
int tk_json_rename_exchange(const char *first, const char *second);

/**
 * rename(2) that fails with EEXIST instead of replacing a file at `destination`
 * (renameat2(2) with RENAME_NOREPLACE, renamex_np(2) with RENAME_EXCL). 0, or -1 with errno
 * set; EINVAL, ENOSYS or ENOTSUP as tk_json_rename_exchange() says.
 */
int tk_json_rename_noreplace(const char *source, const char *destination);

/**
 * 1 when the store's file shrank under its mapping (another program truncated or rewrote
 * it in place) and a read past the new end found zeros instead of the file's bytes: what
 * the store shows may be blank, and its bytes must not be saved back. 0 otherwise.
 */
int tk_json_store_lost_bytes(const tk_json_store *store);

/**
 * One stretch of a store's bytes that a save changed: bytes [start, end) of the old file
 * became `length` bytes, which hold `records` new records (their places are given beside,
 * tk_json_store_edited()). A record replaced is an edit of its own bytes holding one
 * record; a record deleted, of its bytes and a separator, holding none; records added, of
 * the end of the last record kept, holding them with their separators.
 */
typedef struct tk_json_byte_edit {
    size_t start;
    size_t end;
    size_t length;
    size_t records;
} tk_json_byte_edit;

/**
 * The records of `store` as they are in the file open at `descriptor`, which a save wrote
 * from the store's bytes with `edits` made (in order, not overlapping) and every other byte
 * as it was: the file is mapped (or read, when too small to map); the records inside an
 * edit go, and the edit's new records take their place — `new_offsets` (from the edit's
 * start, in the new file) and `new_lengths` give them, edit after edit — each checked to be
 * one valid JSON object as strictly as a whole load would check it, its title and subtitle
 * taken; every other record stays, moved by what the edits before it added or took away.
 * No other byte is parsed again: a save of one edit costs the records' bookkeeping, not a
 * load. In an object of objects, an edit may only replace one record with one (it keeps
 * the record's name). The keys, the format and the limits are the store's: the file is
 * mapped when it has at least the store's mapping_minimum bytes. A store whose bytes are a
 * repaired copy, or that read lone surrogates as U+FFFD, is refused (read the file whole).
 *
 * Returns NULL with `error` saying why: a new record that is not one valid object, a file
 * not of the size the edits make, edits out of order, or a file that cannot be read.
 */
tk_json_store *tk_json_store_edited(const tk_json_store *store, int descriptor, const tk_json_byte_edit *edits, size_t edit_count,
                                    const size_t *new_offsets, const size_t *new_lengths, tk_json_error *error);

/** Frees the store and everything it handed out. NULL is ignored. */
void tk_json_free(tk_json_store *store);

/** The number of records. */
size_t tk_json_count(const tk_json_store *store);

/**
 * The key chosen for titles (given or inferred), or NULL with *length 0 when the file gave
 * nothing to choose from (e.g. no records). Unescaped UTF-8.
 */
const uint8_t *tk_json_title_key(const tk_json_store *store, size_t *length);

/** The key chosen for subtitles, or NULL when rows have no subtitle. */
const uint8_t *tk_json_subtitle_key(const tk_json_store *store, size_t *length);

/**
 * Record `index`'s title: unescaped string value, or the JSON text of a non-string value
 * (1999, true, null, compact [..] / {..}). Returns 1 and sets *bytes / *length; returns 0
 * (with *bytes NULL, *length 0) when the record lacks the key or index is out of range.
 */
int tk_json_title(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length);

/**
 * Writes to `leads[i]`, for each record `from + i` below `from + count`, the first four bytes
 * of its title (as tk_json_title() gives it) after any spaces (U+0020), the first in the
 * low byte, zeros past the title's end; or 0 for a title to be read whole: a number, true,
 * false or null, a missing title, one empty or all spaces, or a record out of range. Far
 * cheaper than reading each title: it fetches the file's bytes ahead of the records it is
 * at. Safe to call from several threads at once.
 */
void tk_json_title_leads(const tk_json_store *store, size_t from, size_t count, uint32_t *leads);

/**
 * What tk_json_title_leads() writes, read from the titles even when the walk kept the leads
 * (it keeps them while each title is in the cache). For tests, which hold the two to each
 * other.
 */
void tk_json_title_leads_from_titles(const tk_json_store *store, size_t from, size_t count, uint32_t *leads);

/** 1 when the walk kept every record's title lead (an array's walk does), else 0. */
int tk_json_title_leads_kept(const tk_json_store *store);

/** Record `index`'s subtitle, like tk_json_title(). */
int tk_json_subtitle(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length);

/**
 * Record `index`'s object exactly as written in the file, `{` to `}` (in the repaired copy
 * when tk_json_bytes_repaired()). 0 when out of range.
 */
int tk_json_raw(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length);

/**
 * Where record `index` is in the file's bytes (see tk_json_bytes()): its object runs from
 * byte *offset for *length bytes. Returns 0 (with 0 and 0) when index is out of range.
 */
int tk_json_raw_range(const tk_json_store *store, size_t index, size_t *offset, size_t *length);

/**
 * The file's bytes exactly as read (a byte-order mark included), *length of them; what a
 * writer splices edited records into. After a lenient load that replaced ill-formed UTF-8
 * (tk_json_bytes_repaired()), the repaired copy instead. Valid until tk_json_free().
 */
const uint8_t *tk_json_bytes(const tk_json_store *store, size_t *length);

/**
 * Every field of record `index` in file order (duplicates kept): keys and string values
 * unescaped, other values as compact JSON text; NULL when out of range or out of memory.
 * Free with tk_json_fields_free(). A string value whose text is longer than
 * `max_value_bytes` is unescaped only as far as that many bytes of it (cut before an escape or
 * a UTF-8 sequence that would not fit), and said to be a prefix (tk_json_fields_is_prefix()):
 * what a screen shows of a 50 MB value costs what it shows.
 */
tk_json_fields *tk_json_record_fields_prefix(const tk_json_store *store, size_t index, size_t max_value_bytes);

/** 1 when field `i`'s value is only its start (tk_json_record_fields_prefix()), else 0. */
int tk_json_fields_is_prefix(const tk_json_fields *fields, size_t i);

/** The number of fields in `fields`. */
size_t tk_json_fields_count(const tk_json_fields *fields);

/** Field `i` of `fields`; returns 0 (outputs untouched) when i is out of range. */
int tk_json_fields_get(const tk_json_fields *fields, size_t i, const uint8_t **key,
                       size_t *key_length, const uint8_t **value, size_t *value_length,
                       tk_json_value_kind *kind);

/**
 * Where field `i`'s value is written inside its record's object (`{` is byte 0): its exact
 * text runs from *offset for *length bytes. Returns 0 (outputs untouched) when i is out of
 * range.
 */
int tk_json_fields_raw_value(const tk_json_fields *fields, size_t i, size_t *offset, size_t *length);

/** Frees a field list. NULL is ignored. */
void tk_json_fields_free(tk_json_fields *fields);

#ifdef __cplusplus
}
#endif

#endif /* TABLEKIT_CSIMDJSON_H */
