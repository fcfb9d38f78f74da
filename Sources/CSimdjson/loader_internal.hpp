// loader_internal.hpp — what the loader's files share (internal: the public API is include/csimdjson.h).
// The store's layout (Span, Record, Buffer, Keys), the Walker and the Loader, and the functions
// one loader_*.cpp file calls in another. See the DESIGN comment in loader.cpp.
#ifndef TABLEKIT_LOADER_INTERNAL_HPP
#define TABLEKIT_LOADER_INTERNAL_HPP

#include "csimdjson.h"
#include "json_text.hpp"

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace tk_loader {

namespace od = simdjson::ondemand;

constexpr uint32_t kAbsent = UINT32_MAX;        // Span::length of a missing title/subtitle
constexpr uint32_t kInArena = 1u << 31;         // Span::length flag: offset is into the arena
constexpr uint32_t kMaxSpanLength = kInArena - 2;
constexpr size_t kMaxFileSize = simdjson::SIMDJSON_MAXSIZE_BYTES;  // 4 GiB - 1

/// What each 0 of tk_json_limits stands for: inputs of 16 MiB or more are walked on two
/// threads (loader_split.cpp) and mapped rather than read (loader_map.cpp); simdjson indexes
/// JSON Lines, and arrays (Walker::walk), 1 MiB at a time.
constexpr tk_json_limits kDefaultLimits = {size_t(16) << 20, size_t(1) << 20, size_t(1) << 20, size_t(16) << 20};

/// `given` with each 0 replaced by its default (kDefaultLimits).
inline tk_json_limits resolved(const tk_json_limits &given) {
    return {given.split_minimum ? given.split_minimum : kDefaultLimits.split_minimum,
            given.lines_window ? given.lines_window : kDefaultLimits.lines_window,
            given.array_window ? given.array_window : kDefaultLimits.array_window,
            given.mapping_minimum ? given.mapping_minimum : kDefaultLimits.mapping_minimum};
}

/// A title or subtitle: bytes [offset, offset + length) of the file, or of the arena when
/// the length has kInArena set.
struct Span {
    uint32_t offset = 0;
    uint32_t length = kAbsent;
};

/// One record: its object's bytes in the file, `{` to `}`, and its title and subtitle.
struct Record {
    uint32_t raw_offset = 0;
    uint32_t raw_length = 0;
    Span title;
    Span subtitle;
};

/// Bytes owned either as a heap array or as a private mapping of a file (loader_map.cpp),
/// released the way they were had.
class OwnedBytes {
public:
    OwnedBytes() = default;
    OwnedBytes(const OwnedBytes &) = delete;
    OwnedBytes &operator=(const OwnedBytes &) = delete;
    OwnedBytes(OwnedBytes &&other) noexcept { take(other); }
    OwnedBytes &operator=(OwnedBytes &&other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    ~OwnedBytes() { release(); }

    uint8_t *get() const { return pointer_; }
    uint8_t &operator[](size_t index) const { return pointer_[index]; }
    explicit operator bool() const { return pointer_ != nullptr; }
    /// Owns `heap` (from new[]), or nothing.
    void reset(uint8_t *heap = nullptr) {
        release();
        pointer_ = heap;
    }
    /// Owns the mapping `region` (`length` bytes) that map_file() made, its slot, and a
    /// descriptor of the file mapped (-1 for none).
    void adopt_mapping(uint8_t *region, size_t length, int slot, int descriptor) {
        release();
        pointer_ = region;
        mapped_length_ = length;
        slot_ = slot;
        descriptor_ = descriptor;
    }
    /// Owns `region`, an anonymous mapping of `length` bytes (a stream's reservation,
    /// loader_read.cpp): unmapped on release, and not a mapping of the file.
    void adopt_anonymous(uint8_t *region, size_t length) {
        release();
        pointer_ = region;
        mapped_length_ = length;
        anonymous_ = true;
    }
    /// Gives back the pages of an anonymous mapping past its first `length` bytes (rounded
    /// up to a page).
    void shrink_anonymous(size_t length);
    /// Whether the bytes are a mapping of the file.
    bool is_mapped() const { return mapped_length_ > 0 && !anonymous_; }
    /// A descriptor of the file mapped, open for reading (a save copies the unchanged
    /// stretches from it, file to file); -1 when the bytes are not a mapping, or none was
    /// kept.
    int descriptor() const { return descriptor_; }
    /// Whether the file shrank under the mapping and a read past its new end found zeros
    /// instead of its bytes (loader_map.cpp).
    bool lost_bytes() const;

private:
    void release();
    void take(OwnedBytes &other) {
        pointer_ = other.pointer_;
        mapped_length_ = other.mapped_length_;
        slot_ = other.slot_;
        descriptor_ = other.descriptor_;
        anonymous_ = other.anonymous_;
        other.pointer_ = nullptr;
        other.mapped_length_ = 0;
        other.slot_ = -1;
        other.descriptor_ = -1;
        other.anonymous_ = false;
    }

    uint8_t *pointer_ = nullptr;
    size_t mapped_length_ = 0;  // > 0: a mapping, unmapped on release
    int slot_ = -1;             // the mapping's slot in loader_map.cpp's table
    int descriptor_ = -1;       // of the file mapped, closed on release
    bool anonymous_ = false;    // the mapping is of no file (a stream's reservation)
};

/// Maps `size` bytes of the regular file `fd` privately, followed by SIMDJSON_PADDING zero
/// bytes, into `bytes`, when it is at least `minimum` bytes. False when it is smaller, or
/// the platform or the file will not (then read it).
bool map_file(int fd, size_t size, size_t minimum, OwnedBytes &bytes);

/// File bytes followed by SIMDJSON_PADDING zero bytes.
struct Buffer {
    OwnedBytes bytes;
    size_t length = 0;
    size_t capacity = 0;  // bytes allocated, excluding the padding

    bool allocate(size_t new_capacity) {
        bytes.reset(new (std::nothrow) uint8_t[new_capacity + simdjson::SIMDJSON_PADDING]);
        capacity = bytes.get() != nullptr ? new_capacity : 0;
        return bytes.get() != nullptr;
    }
    /// Reserves room for up to `most` bytes without committing memory to it: pages are
    /// given as they are first written (an anonymous mapping), so that the buffer never
    /// grows, never moves, and holds in memory only what was written. False where the system
    /// will not reserve so much (then allocate(), and grow).
    bool reserve(size_t most);
    void pad() { std::memset(bytes.get() + length, 0, simdjson::SIMDJSON_PADDING); }
};

/// The keys whose values title and subtitle the rows, and whether each is settled (given,
/// or inferred) yet.
struct Keys {
    bool title_decided = false;
    bool subtitle_decided = false;
    bool has_title = false;  // false: rows have empty titles
    bool has_subtitle = false;
    std::string title;
    std::string subtitle;

    bool decided() const { return title_decided && subtitle_decided; }
};

/// A member key seen while keys are still being inferred.
struct SeenKey {
    std::string key;
    bool is_string;
};

}  // namespace tk_loader

struct tk_json_store {
    tk_loader::Buffer file;
    size_t start = 0;  // where the JSON text begins: 3 after a byte order mark, else 0
    std::string arena;
    std::vector<tk_loader::Record> records;
    tk_loader::Keys keys;
    /// Where the records' array is: its `[` to its `]`, end exclusive.
    size_t array_begin = 0, array_end = 0;
    /// The JSON Pointer of that array: empty for the top-level array.
    std::string records_pointer;
    bool is_lines = false;  // JSON Lines: records one a line, no array around them
    size_t replacements = 0;  // U+FFFD put in by a lenient load (ill-formed UTF-8 and lone surrogate escapes)
    bool bytes_repaired = false;  // `file` is the text with ill-formed UTF-8 replaced, not the file's bytes
    bool members = false;  // an object of objects: the records are its members' values
    std::vector<tk_loader::Span> names;  // then each record's member name
    /// Each record's title's first four bytes (tk_json_title_leads), taken by the walk while
    /// the title was at hand; empty when the load could not keep them (then they are read
    /// from the titles when asked for).
    std::vector<uint32_t> leads;
    struct Candidate {
        std::string pointer;
        size_t bytes;
    };
    std::vector<Candidate> candidates;  // a top-level object's arrays of objects, largest first
    tk_json_timings timings{};  // what the load spent where (tk_json_get_timings)
    /// The sizes the load worked in, defaults filled in; a save reading the file back uses them.
    tk_json_limits limits = tk_loader::kDefaultLimits;
};

struct tk_json_fields {
    struct Entry {
        size_t key_offset, key_length, value_offset, value_length;
        /// Where the value is written in the record, `{` being byte 0.
        size_t raw_value_offset, raw_value_length;
        tk_json_value_kind kind;
        /// Whether the value is only its start (tk_json_record_fields_prefix()).
        bool is_prefix;
    };
    std::string text;
    std::vector<Entry> entries;
};

namespace tk_loader {

// -- loader.cpp

/// Fills `*error` (when not null). The message is cut to fit and anything outside
/// printable ASCII is replaced, so it can never carry a control character to a terminal.
void set_error(tk_json_error *error, tk_json_error_kind kind, const std::string &message, uint64_t line = 0,
               uint64_t column = 0, uint64_t offset = 0);

// -- loader_lenient.cpp

/// Loads the store whose file bytes are already in `store->file` (taking it), and tries a
/// text that fails for ill-formed UTF-8 or lone surrogates once more leniently unless
/// `options.strict` (see DESIGN, "Lenient text"). NULL on failure, with `error` filled.
tk_json_store *finish_load(std::unique_ptr<tk_json_store> store, const tk_json_load_options &options, tk_json_error *error);

// -- loader_read.cpp

/// What a read may be told: when to stop, how long a silent pipe may keep it waiting, and
/// from what size a regular file is mapped (tk_json_limits.mapping_minimum).
struct ReadLimits {
    int (*is_cancelled)(void *context) = nullptr;
    void *cancel_context = nullptr;
    int wait_milliseconds = 0;
    /// The most bytes a pipe or FIFO may send; 0 (or more than can be loaded): kMaxFileSize.
    uint64_t max_stream_bytes = 0;
    size_t mapping_minimum = kDefaultLimits.mapping_minimum;
    /// Where a stream's reading counts its work (tk_json_timings' stream_scanned and
    /// stream_moved), or nowhere.
    tk_json_timings *counts = nullptr;

    bool cancelled() const { return is_cancelled && is_cancelled(cancel_context) != 0; }
    size_t stream_limit() const {
        return max_stream_bytes == 0 || max_stream_bytes > kMaxFileSize ? kMaxFileSize : static_cast<size_t>(max_stream_bytes);
    }
};

/// Why a read failed: a sentence, and for a stream stopped at a byte that cannot start JSON,
/// where that byte is (a syntax error, 1-based line and column).
struct ReadFailure {
    std::string why;
    bool is_syntax = false;
    uint64_t line = 0, column = 0, offset = 0;
};

/// Nanoseconds on a steady clock, for the phase timings.
inline uint64_t now_ns() {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch()).count());
}

bool read_file(const char *path, Buffer &buffer, const ReadLimits &limits, ReadFailure &failure);
bool read_descriptor(int fd, Buffer &buffer, const ReadLimits &limits, ReadFailure &failure);
std::string too_large_message(size_t size);

/// The first four bytes of the title `span` after any spaces, the first in the low byte
/// (tk_json_title_leads); 0 for a title that is not a string (a span of the file not
/// after a quote), missing, empty or all spaces.
inline uint32_t title_lead(const uint8_t *data, const std::string &arena, Span span) {
    const uint8_t *p = nullptr;
    if (span.length == kAbsent) { return 0; }
    if (span.length & kInArena) {
        p = reinterpret_cast<const uint8_t *>(arena.data()) + span.offset;
    } else if (span.offset > 0 && data[span.offset - 1] == '"') {
        p = data + span.offset;
    } else {
        return 0;
    }
    const uint8_t *stop = p + (span.length & ~kInArena);
    while (p < stop && *p == ' ') { ++p; }
    uint32_t lead = 0;
    for (int k = 0; k < 4 && p + k < stop; ++k) { lead |= static_cast<uint32_t>(p[k]) << (8 * k); }
    return lead;
}

// -- loader_split.cpp

/// Where an array may be cut between two records: the ',' after one, and the line break
/// after it (only white space between them).
struct Cut {
    size_t comma;
    size_t line_break;
};

bool find_cut(const uint8_t *data, size_t begin, size_t end, size_t from, size_t stop, Cut &cut);

// -- loader_walk.cpp

void decide(Keys &keys, const std::vector<SeenKey> &members, bool has_string);

// Walker's private steps keep the internal linkage they had in loader.cpp's anonymous namespace
// before the split, so clang inlines them into the walk loop as it did then (it would not with
// external linkage). They are defined, and can only be called, in loader_walk.cpp.
#if defined(__clang__)
#define TK_LOADER_LOCAL [[clang::internal_linkage]]
#else
#define TK_LOADER_LOCAL
#endif

/// Walks one JSON document — the whole array, or one half of it (see Loader::walk_in_two)
/// — checking every value and appending a Record per element to `records`. Any `false`
/// means "not loadable"; the reason is worked out afterwards by Loader::explain_failure.
/// Its member functions are in loader_walk.cpp.
class Walker {
public:
    Walker(const uint8_t *data, Keys &keys, std::vector<Record> &records, std::string &arena,
           tk::Surrogates surrogates = tk::Surrogates::reject)
        : data_(data), keys_(keys), records_(records), arena_(arena), surrogates_(surrogates) {}

    /// Walks bytes [begin, end) of the buffer, which must be followed by SIMDJSON_PADDING
    /// readable bytes. The parser is reused, not freed. `record_depth`: how deep the records
    /// are in the whole text (2 in a top-level array, 3 in an array in a top-level object),
    /// which the nesting limit counts from.
    ///
    /// Given `writable`, the buffer's own bytes, an array of more than two windows
    /// (`window` bytes, tk_json_limits.array_window) is walked a window at a time, cut where find_cut finds a line break
    /// between two records: for the window's walk its ',' becomes ']' and its line break
    /// '[', so that the window is an array, and both are restored. simdjson's index of a
    /// window stays in the cache, where the whole array's would be written to fresh memory
    /// and read back. When every window walks, the array is valid (the grammar composes);
    /// a cut inside a nested array fails a window, so a failure in windows
    /// (walked_in_windows) proves nothing: the caller walks the array whole.
    bool walk(od::parser &parser, size_t begin, size_t end, size_t record_depth, uint8_t *writable, size_t window);
    /// Whether the last walk() cut the array into windows.
    bool walked_in_windows() const { return windowed_; }
    /// What the last walk() spent in simdjson's stage 1 (finding the structure) and then in
    /// walking and checking the records, in nanoseconds.
    uint64_t parse_ns = 0, walk_ns = 0;
    /// The bytes whose records will end up in this walker's vector, to reserve room for
    /// them once the first records show their size (0: the walk's own range). The first
    /// half of a two-thread walk plans for the whole array, which the second half joins.
    size_t planned_bytes = 0;
    /// Walks [begin, end) as JSON Lines: one object after another, with a line break
    /// between each two and no array around them; `batch` is simdjson's window, at least
    /// the longest record.
    bool walk_lines(od::parser &parser, size_t begin, size_t end, size_t batch);
    /// Walks the object [begin, end) whose member values are the records; their names go
    /// to `names` (file spans, or arena spans when escaped).
    bool walk_members(od::parser &parser, size_t begin, size_t end, std::vector<Span> &names);

    /// Has the walk append each record's title lead (title_lead) to `leads`, beside the
    /// records, and keep them right when titles are taken again.
    void track_leads(std::vector<uint32_t> &leads) { leads_ = &leads; }

    /// Takes record `index`'s title and subtitle (and title lead, when tracked) again from
    /// its bytes, which must be one valid object: for a record replaced after the walk
    /// (tk_json_store_edited). The keys stay as they are.
    void retake(size_t index) { retake_records(index, index + 1); }

    /// After a successful walk: settles keys that no record with a string decided.
    void finish_inference();

    /// After a successful walk: decides the inferred keys again from up to 256 records
    /// spread across the array (see DESIGN, "Key inference"), and takes every record's title
    /// and subtitle again when they change. Keys given by name are kept.
    void refine_keys(bool title_given, bool subtitle_given);

    size_t shape_offset() const { return shape_offset_; }
    const std::string &shape_message() const { return shape_message_; }

private:
    TK_LOADER_LOCAL bool walk_window(od::parser &parser, size_t begin, size_t end, size_t &index);
    TK_LOADER_LOCAL void take_leads(size_t first);
    TK_LOADER_LOCAL bool walk_record(od::value &value, od::document &doc, size_t index, size_t stream_end = 0);
    TK_LOADER_LOCAL bool visit_member(od::field &field, Record &record, size_t &value_end);
    TK_LOADER_LOCAL bool key_extent(const uint8_t *key, const uint8_t *value_first, size_t &length) const;
    TK_LOADER_LOCAL std::string_view unescaped_key(const uint8_t *key, size_t length);
    TK_LOADER_LOCAL bool has_backslash(const uint8_t *p, size_t n);
    TK_LOADER_LOCAL bool check_value(od::value &value, std::string_view token, size_t &length);
    TK_LOADER_LOCAL bool check_container(std::string_view text, size_t &length);

    // -- Titles and subtitles

    TK_LOADER_LOCAL Span capture(const uint8_t *v, size_t n);
    TK_LOADER_LOCAL Span file_span(const uint8_t *p, size_t n) const;
    TK_LOADER_LOCAL Span arena_span(size_t before);
    TK_LOADER_LOCAL static size_t cut_length(const uint8_t *p, size_t n);

    // -- Key inference (single-threaded walks only: a split walk has its keys settled)

    TK_LOADER_LOCAL void after_undecided_record(size_t index);
    TK_LOADER_LOCAL void reextract(size_t from, size_t to);
    void retake_records(size_t from, size_t to);

    TK_LOADER_LOCAL bool shape_error(size_t offset, std::string message);
    TK_LOADER_LOCAL size_t offset_of(const void *p) const;

    const uint8_t *data_;
    Keys &keys_;
    std::vector<Record> &records_;
    /// Where the walk's records begin and how many bytes they span (reserve_room()).
    size_t walk_begin_ = 0, walk_bytes_ = 0;
    void reserve_room(size_t records_end);
    std::string &arena_;
    std::vector<SeenKey> seen_members_;      // members of the current record, while undecided
    std::vector<SeenKey> fallback_members_;  // members of the first non-empty record
    std::string key_scratch_;
    tk::Surrogates surrogates_;
    size_t record_depth_ = 2;  // of the records being walked, for the nesting limit
    bool windowed_ = false;    // the last walk() cut its array into windows
    std::vector<uint32_t> *leads_ = nullptr;  // track_leads()
    // has_backslash's last search: no backslash in [scan_from_, scan_to_), one at scan_to_
    // when scan_hit_.
    const uint8_t *scan_from_ = nullptr, *scan_to_ = nullptr;
    bool scan_hit_ = false;
    size_t shape_offset_ = 0;
    std::string shape_message_;
};

// -- loader.cpp (the one-thread walk and error reporting), loader_choose.cpp (where the
// records are) and loader_split.cpp (the rest)

/// Loads a store whose file bytes are in place: walks them (in two halves on two threads
/// when it can), settles the keys, and on failure explains where and why.
class Loader {
public:
    /// `surrogates`: whether lone surrogate escapes are errors or U+FFFD (a lenient retry).
    Loader(tk_json_store &store, const tk_json_load_options &options, tk::Surrogates surrogates = tk::Surrogates::reject);

    bool load(tk_json_error *error);

    /// Failures are not explained by load() but kept for explain_deferred() (a lenient
    /// load's first try, which a second try may make moot).
    void defer_explanations() { defer_ = true; }
    void explain_deferred(tk_json_error *error);

private:
    // loader_choose.cpp
    /// What choose_array reads of a top-level object's members (loader_choose.cpp).
    struct Members {
        size_t count = 0, objects = 0;
        /// The records' container so far, and its pointer.
        std::string_view chosen;
        std::string chosen_pointer;
        /// Every member's text but the records', to be checked strictly.
        std::vector<std::string_view> others;
        /// Whether the member a pointer names was found, and whether it is a scalar or an object.
        bool found = false, named_scalar = false;
        std::string_view named_object;
    };
    bool choose_array(tk_json_error *error);
    bool choose_at_pointer(od::document &doc, size_t first, std::string_view &chosen, tk_json_error *error);
    bool choose_member(od::document &doc, size_t first, Members &members, tk_json_error *error);
    bool read_members(od::document &doc, Members &members);
    bool read_member(od::field &field, od::json_type type, const std::string &name, Members &members);
    bool choose_named_member(Members &members, size_t first, tk_json_error *error);
    bool choose_last_array();
    bool find_member_pointer();
    bool walk_in_one(tk_json_error *error);
    bool walk_in_one(Walker &walker, od::parser &parser, uint8_t *writable, tk_json_error *error);
    void explain_failure(size_t shape_offset, const std::string &shape_message, tk_json_error *error);

    // loader_split.cpp
    bool walk_in_two();
    bool is_json_lines() const;
    bool walk_lines_in_one(tk_json_error *error);
    bool walk_members_in_one(tk_json_error *error);
    bool walk_lines_in_two();
    void explain_lines_failure(tk_json_error *error);
    bool append(const std::vector<Record> &records, const std::string &arena);
    bool settle_keys_from_first_record();

    tk_json_store &store_;
    const uint8_t *data_ = nullptr;
    size_t size_ = 0;
    /// The records' array, `[` to `]` (end exclusive): the whole text, or the array found
    /// in a top-level object or at the pointer.
    size_t begin_ = 0, end_ = 0;
    std::string pointer_;
    bool has_pointer_ = false;
    bool member_pointer_ = false;  // the pointer names a member of a top-level object: member_
    std::string member_;
    bool members_are_records_ = false;  // an object of objects
    size_t record_depth_ = 2;           // levels open at a record: 2 in a top-level array, 3 in a member's
    bool guessed_array_ = false;        // chosen by choose_last_array(), to be confirmed by the walk
    tk_json_format format_ = TK_JSON_FORMAT_TEXT;
    tk::Surrogates surrogates_ = tk::Surrogates::reject;
    bool defer_ = false;
    /// A walk in windows failed: the one-thread walk goes whole, which alone can tell a
    /// cut inside a nested array from an invalid file.
    bool windows_failed_ = false;
    struct Deferred {
        bool any = false;
        bool lines = false;
        size_t shape_offset = 0;
        std::string shape_message;
    } deferred_;
    Keys given_;
};

}  // namespace tk_loader

#endif  // TABLEKIT_LOADER_INTERNAL_HPP
