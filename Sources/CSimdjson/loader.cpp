// loader.cpp — loads a JSON array of objects fast, strictly and compactly (csimdjson.h).
//
// DESIGN
//
// Bytes. The file is read once (read(2), no mmap: a file truncated under a mapping would
// SIGBUS us) into a buffer of its size plus SIMDJSON_PADDING zero bytes (simdjson reads up
// to 64 bytes past the end); that buffer is the store's only copy of the text. Files of
// 16 MiB or more are read as two halves by two threads (pread): the time goes into the
// kernel zeroing fresh pages and copying from the page cache, and that splits evenly.
// A leading UTF-8 byte order mark is skipped (RFC 8259 lets parsers ignore it). Files of
// 4 GiB or more are refused: simdjson indexes with 32-bit offsets, and so do we.
//
// Per record we keep 24 bytes (Record): the object's byte range, and the title's and the
// subtitle's (offset, length). A string without backslashes is a range of the file (zero
// copy); a string with escapes is unescaped once into `arena`, and bit 31 of its length says
// so. Non-string titles (1999, true, null) are ranges of their JSON text; array/object
// titles are compacted into the arena. At 1,000,000 records that is 24 MB next to the file.
//
// Fast path. simdjson's On-Demand API: parser.iterate() runs stage 1 (SIMD structural
// indexing) over the whole file, which also rejects invalid UTF-8, unescaped control
// characters inside strings and unterminated strings anywhere in the file. On-Demand then
// checks only what is visited, so we visit everything: the root must be an array, each
// element an object (commas, colons and key quotes are checked by On-Demand's iterators);
// for every member we check the key's escapes and the value: strings by their raw token
// (quotes, and escapes when there is a backslash), numbers against the JSON grammar,
// true/false/null exactly, and nested arrays/objects by taking their raw text from
// simdjson (array/object::raw_json) and running our strict validator over it (json_text.cpp,
// depth counted from 2). Finally nothing may follow the array. Numbers are never converted:
// 1e999 and 30-digit integers are valid JSON and are shown as written (simdjson 3.0.1's
// get_number() rejects both with NUMBER_ERROR, which is why we do not use it).
//
// Two threads. An array of 16 MiB or more is walked as two documents at once when it can
// be cut at a line break between two records ("}," newline "{" near the middle; a raw line
// break is never inside a valid string): for the duration of the walk the ',' becomes ']'
// and the line break '[', so each half is a complete array, then both bytes are restored.
// If both halves load, the whole is valid (the grammar composes); if either fails, or the
// cut was inside a nested array, or the file has no line breaks (minified), everything is
// thrown away and the whole file is walked on one thread, which also explains errors.
// Keys are settled from the first record beforehand (as the one-thread walk would settle
// them when that record has a string member; otherwise we do not split).
//
// Failure path. simdjson's errors have no reliable position, so whenever the fast path fails
// (for any reason) we run the strict, iterative validator over the whole file: it finds the
// first fault with a reason, and we turn its byte offset into line and column. If the file
// is valid JSON, the fast path's shape error stands ("element 3 is a number, not an
// object"), positioned at the culprit. Cost: one extra scalar pass, only when loading fails.
//
// Memory. During the walk simdjson's parser holds 4 bytes per structural character (about
// 90 MB for 1 M books); it is freed when the walk ends, before the function returns.
// Its string buffer is allocated but never touched (we never ask simdjson to unescape).
// Measured at 1 M books (262 MB): peak RSS about 375 MiB, of which 250 MiB is the file.
//
// Key inference (when a key is not given). The inference record is the first record with
// a string-valued member. Title: "title" if that record has it, else "name", else its first
// string-valued member. Subtitle: its first string-valued member other than the title key,
// else none. With no string values anywhere, the title is "title", "name" or the first key
// of the first non-empty record, and there is no subtitle. Duplicate keys in a record: the
// first occurrence gives the title/subtitle (the detail screen shows all of them).
//
// Cannot: load more than one top-level value (no JSON Lines), recover from an error and go
// on, keep lone UTF-16 surrogates (\ud800 alone is rejected: no UTF-8 string can hold it),
// or show a title/subtitle longer than 2 GiB (it is cut at a character boundary), or use
// more than two cores.
#include "csimdjson.h"
#include "json_text.hpp"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <thread>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

namespace od = simdjson::ondemand;

constexpr uint32_t kAbsent = UINT32_MAX;        // Span::length of a missing title/subtitle
constexpr uint32_t kInArena = 1u << 31;         // Span::length flag: offset is into the arena
constexpr uint32_t kMaxSpanLength = kInArena - 2;
constexpr size_t kMaxFileSize = simdjson::SIMDJSON_MAXSIZE_BYTES;  // 4 GiB - 1
constexpr size_t kRecordDepth = 2;              // root array 1, record object 2

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

/// File bytes followed by SIMDJSON_PADDING zero bytes.
struct Buffer {
    std::unique_ptr<uint8_t[]> bytes;
    size_t length = 0;
    size_t capacity = 0;  // bytes allocated, excluding the padding

    bool allocate(size_t new_capacity) {
        bytes.reset(new (std::nothrow) uint8_t[new_capacity + simdjson::SIMDJSON_PADDING]);
        capacity = bytes ? new_capacity : 0;
        return bytes != nullptr;
    }
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

}  // namespace

struct tk_json_store {
    Buffer file;
    size_t start = 0;  // where the JSON text begins: 3 after a byte order mark, else 0
    std::string arena;
    std::vector<Record> records;
    Keys keys;
};

struct tk_json_fields {
    struct Entry {
        size_t key_offset, key_length, value_offset, value_length;
        tk_json_value_kind kind;
    };
    std::string text;
    std::vector<Entry> entries;
};

namespace {

// MARK: - Errors

/// Fills `*error` (when not null). The message is cut to fit and anything outside
/// printable ASCII is replaced, so it can never carry a control character to a terminal.
void set_error(tk_json_error *error, tk_json_error_kind kind, const std::string &message, uint64_t line = 0,
               uint64_t column = 0, uint64_t offset = 0) {
    if (!error) { return; }
    error->kind = kind;
    error->line = line;
    error->column = column;
    error->byte_offset = offset;
    const size_t length = std::min(message.size(), sizeof error->message - 1);
    for (size_t i = 0; i < length; ++i) {
        const char c = message[i];
        error->message[i] = (c >= 0x20 && c < 0x7F) ? c : '?';
    }
    error->message[length] = '\0';
}

std::string describe_errno(int code) {
    switch (code) {
    case ENOENT: return "no such file";
    case EACCES: case EPERM: return "permission denied";
    case EISDIR: return "is a directory";
    case ENOTDIR: return "a component of the path is not a directory";
    case ENOMEM: return "out of memory";
    default: break;
    }
    std::string text = std::strerror(code);
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') { text[0] = static_cast<char>(text[0] - 'A' + 'a'); }
    return text;
}

std::string too_large_message(size_t size) {
    return "file is " + std::to_string(size) + " bytes; the largest that can be loaded is 4 GiB - 1 (" +
           std::to_string(kMaxFileSize) + " bytes)";
}

// MARK: - Reading

/// Reads until `buffer` holds `want` bytes or the file ends. Returns false (errno set) on
/// a read error.
bool read_into(int fd, Buffer &buffer, size_t want) {
    while (buffer.length < want) {
        const size_t chunk = std::min<size_t>(want - buffer.length, size_t(1) << 30);
        const ssize_t got = ::read(fd, buffer.bytes.get() + buffer.length, chunk);
        if (got < 0 && errno == EINTR) { continue; }
        if (got < 0) { return false; }
        if (got == 0) { return true; }
        buffer.length += static_cast<size_t>(got);
    }
    return true;
}

/// Reads bytes [from, to) of the file into the same range of `bytes`; `got` counts them.
/// Stops early at the end of the file. Returns false (errno set) on a read error.
bool pread_fully(int fd, uint8_t *bytes, size_t from, size_t to, size_t &got) {
    got = 0;
    while (from + got < to) {
        const size_t chunk = std::min<size_t>(to - from - got, size_t(1) << 30);
        const ssize_t n = ::pread(fd, bytes + from + got, chunk, static_cast<off_t>(from + got));
        if (n < 0 && errno == EINTR) { continue; }
        if (n < 0) { return false; }
        if (n == 0) { return true; }
        got += static_cast<size_t>(n);
    }
    return true;
}

/// Reads a pipe or device of unknown size, doubling the buffer as it fills.
bool read_stream(int fd, Buffer &buffer, std::string &why) {
    if (!buffer.allocate(size_t(1) << 16)) { why = "out of memory"; return false; }
    while (true) {
        if (!read_into(fd, buffer, buffer.capacity)) { why = describe_errno(errno); return false; }
        if (buffer.length < buffer.capacity) { return true; }
        if (buffer.capacity >= kMaxFileSize) { why = "input is larger than 4 GiB - 1 bytes"; return false; }
        Buffer bigger;
        if (!bigger.allocate(std::min(buffer.capacity * 2, kMaxFileSize))) { why = "out of memory"; return false; }
        std::memcpy(bigger.bytes.get(), buffer.bytes.get(), buffer.length);
        bigger.length = buffer.length;
        buffer = std::move(bigger);
    }
}

/// Reads `size` bytes of a regular file into `buffer` (allocated, empty). Big files are
/// read as two halves by two threads: most of the time goes into the kernel allocating
/// (zeroing) fresh pages and copying from the page cache, and that work splits evenly.
bool read_regular(int fd, size_t size, Buffer &buffer, std::string &why) {
    constexpr size_t kParallelReadMinimum = size_t(16) << 20;
    size_t split = size >= kParallelReadMinimum ? size / 2 : size;
    int second_errno = 0;
    size_t second_got = 0;
    std::thread second;
    if (split < size) {
        try {
            second = std::thread([&] {
                if (!pread_fully(fd, buffer.bytes.get(), split, size, second_got)) { second_errno = errno; }
            });
        } catch (...) {  // no thread available: read it all here
            split = size;
        }
    }
    size_t first_got = 0;
    const bool first_ok = pread_fully(fd, buffer.bytes.get(), 0, split, first_got);
    const int first_errno = errno;
    if (second.joinable()) { second.join(); }
    if (!first_ok || second_errno != 0) {
        why = describe_errno(first_ok ? second_errno : first_errno);
        return false;
    }
    if (first_got + second_got != size) {
        why = "the file changed while it was being read";
        return false;
    }
    buffer.length = size;
    return true;
}

/// Reads the whole file at `path` into `buffer` (padded). On failure says why in `why`.
bool read_file(const char *path, Buffer &buffer, std::string &why) {
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { why = describe_errno(errno); return false; }
    struct stat info {};
    bool ok = ::fstat(fd, &info) == 0;
    if (!ok) {
        why = describe_errno(errno);
    } else if (S_ISDIR(info.st_mode)) {
        why = "is a directory";
        ok = false;
    } else if (!S_ISREG(info.st_mode) || info.st_size == 0) {
        ok = read_stream(fd, buffer, why);  // pipes, devices, and /proc-style files of size 0
    } else if (static_cast<uint64_t>(info.st_size) > kMaxFileSize) {
        why = too_large_message(static_cast<size_t>(info.st_size));
        ok = false;
    } else if (!buffer.allocate(static_cast<size_t>(info.st_size))) {
        why = "out of memory";
        ok = false;
    } else {
        ok = read_regular(fd, buffer.capacity, buffer, why);
    }
    ::close(fd);
    if (ok) { buffer.pad(); }
    return ok;
}

// MARK: - Loading

std::atomic<size_t> split_minimum{size_t(16) << 20};

const char *type_phrase(od::json_type type) {
    switch (type) {
    case od::json_type::array: return "an array";
    case od::json_type::object: return "an object";
    case od::json_type::number: return "a number";
    case od::json_type::string: return "a string";
    case od::json_type::boolean: return "a boolean";
    case od::json_type::null: return "null";
    }
    return "an unknown value";
}

/// Chooses the keys still open from one record's members (see DESIGN, "Key inference").
/// `has_string`: whether any member is a string (false for the no-strings fallback).
void decide(Keys &keys, const std::vector<SeenKey> &members, bool has_string) {
    auto has = [&](const char *name) {
        return std::any_of(members.begin(), members.end(), [&](const SeenKey &k) { return k.key == name; });
    };
    if (!keys.title_decided && !members.empty()) {
        keys.has_title = true;
        if (has("title")) {
            keys.title = "title";
        } else if (has("name")) {
            keys.title = "name";
        } else {
            auto first = std::find_if(members.begin(), members.end(), [&](const SeenKey &k) { return k.is_string || !has_string; });
            keys.title = first != members.end() ? first->key : members.front().key;
        }
    }
    if (!keys.subtitle_decided && has_string) {
        auto first = std::find_if(members.begin(), members.end(), [&](const SeenKey &k) {
            return k.is_string && !(keys.has_title && k.key == keys.title);
        });
        if (first != members.end()) {
            keys.has_subtitle = true;
            keys.subtitle = first->key;
        }
    }
    keys.title_decided = true;
    keys.subtitle_decided = true;
}

/// Walks one JSON document — the whole array, or one half of it (see Loader::walk_in_two)
/// — checking every value and appending a Record per element to `records`. Any `false`
/// means "not loadable"; the reason is worked out afterwards by Loader::explain_failure.
class Walker {
public:
    Walker(const uint8_t *data, Keys &keys, std::vector<Record> &records, std::string &arena)
        : data_(data), keys_(keys), records_(records), arena_(arena) {}

    /// Walks bytes [begin, end) of the buffer, which must be followed by SIMDJSON_PADDING
    /// readable bytes. The parser is reused, not freed.
    bool walk(od::parser &parser, size_t begin, size_t end) {
        od::document doc;
        const size_t length = end - begin;
        if (parser.iterate(data_ + begin, length, length + simdjson::SIMDJSON_PADDING).get(doc)) { return false; }
        od::json_type type;
        if (doc.type().get(type)) { return false; }
        if (type != od::json_type::array) {
            const size_t at = tk::skip_space(data_, end, begin);
            return shape_error(at, std::string("the top-level value is ") + type_phrase(type) + ", not an array of objects");
        }
        od::array array;
        if (doc.get_array().get(array)) { return false; }
        size_t index = 0;
        for (auto element : array) {
            od::value value;
            if (std::move(element).get(value) || !walk_record(value, doc, index)) { return false; }
            ++index;
        }
        // Nothing may follow the array: simdjson reports OUT_OF_BOUNDS at the very end.
        return doc.current_location().error() == simdjson::OUT_OF_BOUNDS;
    }

    /// After a successful walk: settles keys that no record with a string decided.
    void finish_inference() {
        if (keys_.decided()) { return; }
        decide(keys_, fallback_members_, false);
        reextract(0, records_.size());
    }

    size_t shape_offset() const { return shape_offset_; }
    const std::string &shape_message() const { return shape_message_; }

private:
    bool walk_record(od::value &value, od::document &doc, size_t index) {
        od::json_type type;
        if (value.type().get(type)) { return false; }
        const size_t first = offset_of(value.raw_json_token().data());
        if (type != od::json_type::object) {
            return shape_error(first, "element " + std::to_string(index) + " is " + type_phrase(type) + ", not an object");
        }
        od::object object;
        if (value.get_object().get(object)) { return false; }
        Record record;
        record.raw_offset = static_cast<uint32_t>(first);
        for (auto member : object) {
            od::field field;
            if (std::move(member).get(field) || !visit_member(field, record)) { return false; }
        }
        // The iterator now rests on the ',' or ']' after the object: back up to its '}'.
        const char *next = nullptr;
        if (doc.current_location().get(next)) { return false; }
        size_t end = offset_of(next);
        while (end > first && tk::is_json_space(data_[end - 1])) { --end; }
        if (end <= first || data_[end - 1] != '}') { return false; }
        record.raw_length = static_cast<uint32_t>(end - first);
        records_.push_back(record);
        if (!keys_.decided()) { after_undecided_record(records_.size() - 1); }
        return true;
    }

    bool visit_member(od::field &field, Record &record) {
        const uint8_t *key = reinterpret_cast<const uint8_t *>(field.key().raw());
        od::value &value = field.value();
        const std::string_view token = value.raw_json_token();
        const uint8_t *value_first = reinterpret_cast<const uint8_t *>(token.data());
        size_t key_length = 0;
        size_t value_length = 0;
        if (!key_extent(key, value_first, key_length) || !check_value(value, token, value_length)) { return false; }
        const std::string_view name = unescaped_key(key, key_length);
        if (name.data() == nullptr) { return false; }
        if (!keys_.decided()) { seen_members_.push_back({std::string(name), value_first[0] == '"'}); }
        if (keys_.title_decided && keys_.has_title && record.title.length == kAbsent && name == keys_.title) {
            record.title = capture(value_first, value_length);
        }
        if (keys_.subtitle_decided && keys_.has_subtitle && record.subtitle.length == kAbsent && name == keys_.subtitle) {
            record.subtitle = capture(value_first, value_length);
        }
        return true;
    }

    /// The key's content runs from `key` (just after its opening quote) to its closing
    /// quote, which is the last byte before the value apart from whitespace and ':'.
    bool key_extent(const uint8_t *key, const uint8_t *value_first, size_t &length) const {
        const uint8_t *p = value_first;
        while (p > key && tk::is_json_space(p[-1])) { --p; }
        if (p <= key || p[-1] != ':') { return false; }
        --p;
        while (p > key && tk::is_json_space(p[-1])) { --p; }
        if (p <= key || p[-1] != '"') { return false; }
        length = static_cast<size_t>(p - 1 - key);
        return true;
    }

    /// The key unescaped (checking its escapes): a view of the file when it has no
    /// backslash, else of a scratch string. A null view means a bad escape.
    std::string_view unescaped_key(const uint8_t *key, size_t length) {
        if (!std::memchr(key, '\\', length)) { return {reinterpret_cast<const char *>(key), length}; }
        key_scratch_.clear();
        tk::Fault fault;
        if (!tk::unescape(key, length, &key_scratch_, fault)) { return {}; }
        return key_scratch_.empty() ? std::string_view("", 0) : std::string_view(key_scratch_);
    }

    /// Checks one member value completely; sets `length` to its text's length (from its
    /// first byte, without trailing whitespace).
    bool check_value(od::value &value, std::string_view token, size_t &length) {
        const uint8_t *p = reinterpret_cast<const uint8_t *>(token.data());
        const size_t n = tk::trim_space_end(p, token.size());
        length = n;
        if (n == 0) { return false; }
        switch (p[0]) {
        case '"': {
            // Consume the string: left unconsumed, On-Demand's skip would take a ':' after
            // it for a key's colon and accept {"a": "b": 1}.
            od::raw_json_string ignored;
            if (value.get_raw_json_string().get(ignored) || n < 2 || p[n - 1] != '"') { return false; }
            tk::Fault fault;
            return !std::memchr(p + 1, '\\', n - 2) || tk::unescape(p + 1, n - 2, nullptr, fault);
        }
        case '{': {
            od::object object;
            std::string_view text;
            if (value.get_object().get(object) || object.raw_json().get(text)) { return false; }
            return check_container(text, length);
        }
        case '[': {
            od::array array;
            std::string_view text;
            if (value.get_array().get(array) || array.raw_json().get(text)) { return false; }
            return check_container(text, length);
        }
        case 't': case 'f': case 'n':
            return tk::is_literal_token(p, n);
        default:
            return tk::is_number_token(p, n);
        }
    }

    bool check_container(std::string_view text, size_t &length) {
        const uint8_t *p = reinterpret_cast<const uint8_t *>(text.data());
        length = tk::trim_space_end(p, text.size());
        tk::Fault fault;
        return tk::validate(p, length, kRecordDepth, fault);
    }

    // -- Titles and subtitles

    /// The span showing the valid value [v, v + n): a string's content (unescaped into the
    /// arena when needed), a scalar's text, or a container compacted into the arena.
    Span capture(const uint8_t *v, size_t n) {
        if (n >= 2 && v[0] == '"') {
            if (!std::memchr(v + 1, '\\', n - 2)) { return file_span(v + 1, n - 2); }
            const size_t before = arena_.size();
            tk::Fault fault;
            if (!tk::unescape(v + 1, n - 2, &arena_, fault)) { arena_.resize(before); }
            return arena_span(before);
        }
        if (v[0] == '{' || v[0] == '[') {
            const size_t before = arena_.size();
            tk::append_compact(v, n, arena_);
            return arena_span(before);
        }
        return file_span(v, n);
    }

    Span file_span(const uint8_t *p, size_t n) const {
        return {static_cast<uint32_t>(offset_of(p)), static_cast<uint32_t>(cut_length(p, n))};
    }

    Span arena_span(size_t before) {
        if (before > UINT32_MAX) { return {}; }  // Loader::load refuses such an arena
        const uint8_t *p = reinterpret_cast<const uint8_t *>(arena_.data()) + before;
        const size_t n = cut_length(p, arena_.size() - before);
        return {static_cast<uint32_t>(before), static_cast<uint32_t>(n) | kInArena};
    }

    /// n, or (beyond kMaxSpanLength) the longest prefix that ends on a character boundary.
    static size_t cut_length(const uint8_t *p, size_t n) {
        if (n <= kMaxSpanLength) { return n; }
        n = kMaxSpanLength;
        while (n > 0 && (p[n] & 0xC0) == 0x80) { --n; }
        return n;
    }

    // -- Key inference (single-threaded walks only: a split walk has its keys settled)

    void after_undecided_record(size_t index) {
        const bool has_string = std::any_of(seen_members_.begin(), seen_members_.end(), [](const SeenKey &k) { return k.is_string; });
        if (has_string) {
            decide(keys_, seen_members_, true);
            reextract(0, index + 1);
        } else if (fallback_members_.empty()) {
            fallback_members_ = seen_members_;
        }
        seen_members_.clear();
    }

    /// Fills titles and subtitles of records [from, to) from their raw text (for the
    /// records walked before the keys were known).
    void reextract(size_t from, size_t to) {
        for (size_t i = from; i < to && i < records_.size(); ++i) {
            Record &record = records_[i];
            record.title = Span();
            record.subtitle = Span();
            tk::for_each_member(data_ + record.raw_offset, record.raw_length,
                                [&](const uint8_t *key, size_t key_length, const uint8_t *value, size_t value_length) {
                                    const std::string name(unescaped_key(key, key_length));
                                    if (keys_.has_title && record.title.length == kAbsent && name == keys_.title) {
                                        record.title = capture(value, value_length);
                                    }
                                    if (keys_.has_subtitle && record.subtitle.length == kAbsent && name == keys_.subtitle) {
                                        record.subtitle = capture(value, value_length);
                                    }
                                    return true;
                                });
        }
    }

    bool shape_error(size_t offset, std::string message) {
        shape_offset_ = offset;
        shape_message_ = std::move(message);
        return false;
    }

    size_t offset_of(const void *p) const {
        return static_cast<size_t>(static_cast<const uint8_t *>(p) - data_);
    }

    const uint8_t *data_;
    Keys &keys_;
    std::vector<Record> &records_;
    std::string &arena_;
    std::vector<SeenKey> seen_members_;      // members of the current record, while undecided
    std::vector<SeenKey> fallback_members_;  // members of the first non-empty record
    std::string key_scratch_;
    size_t shape_offset_ = 0;
    std::string shape_message_;
};

/// A place to cut the array for two threads: the ',' between two records, and a line
/// break after it (only whitespace between them).
struct Split {
    size_t comma;
    size_t line_break;
};

/// Looks for `}` ws `,` ws `\n` ws `{` from the middle of [begin, end) on (at most 8 MiB).
/// A raw line break is never inside a string of valid JSON, so this is a boundary between
/// two objects — of the top array, or of a nested one. A wrong guess (nested, or invalid
/// JSON) makes a half fail to load, and the loader starts again on one thread.
/// Minified files have no line breaks: they are walked on one thread.
bool find_split(const uint8_t *data, size_t begin, size_t end, Split &split) {
    size_t from = begin + (end - begin) / 2;
    const size_t stop = std::min(end, from + (size_t(8) << 20));
    while (from < stop) {
        const void *hit = std::memchr(data + from, '\n', stop - from);
        if (!hit) { return false; }
        const size_t line_break = static_cast<size_t>(static_cast<const uint8_t *>(hit) - data);
        from = line_break + 1;
        size_t comma = line_break;
        while (comma > begin && tk::is_json_space(data[comma - 1])) { --comma; }
        if (comma <= begin + 1 || data[comma - 1] != ',') { continue; }
        --comma;
        size_t close = comma;
        while (close > begin && tk::is_json_space(data[close - 1])) { --close; }
        const size_t open = tk::skip_space(data, end, line_break + 1);
        if (close > begin && data[close - 1] == '}' && open < end && data[open] == '{') {
            split = {comma, line_break};
            return true;
        }
    }
    return false;
}

/// Loads a store whose file bytes are in place: walks them (in two halves on two threads
/// when it can), settles the keys, and on failure explains where and why.
class Loader {
public:
    Loader(tk_json_store &store, const char *title_key, const char *subtitle_key) : store_(store) {
        data_ = store.file.bytes.get();
        size_ = store.file.length;
        if (title_key) {
            given_.has_title = given_.title_decided = true;
            given_.title = title_key;
        }
        if (subtitle_key) {
            given_.has_subtitle = given_.subtitle_decided = true;
            given_.subtitle = subtitle_key;
        }
    }

    bool load(tk_json_error *error) {
        store_.start = (size_ >= 3 && std::memcmp(data_, "\xEF\xBB\xBF", 3) == 0) ? 3 : 0;
        if (!walk_in_two() && !walk_in_one(error)) { return false; }
        if (store_.arena.size() > UINT32_MAX) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "escaped titles and subtitles exceed 4 GiB");
            return false;
        }
        if (store_.records.capacity() > store_.records.size() + store_.records.size() / 4) {
            store_.records.shrink_to_fit();
        }
        return true;
    }

private:
    bool walk_in_one(tk_json_error *error) {
        store_.keys = given_;
        store_.records.clear();
        store_.arena.clear();
        Walker walker(data_, store_.keys, store_.records, store_.arena);
        bool ok;
        {
            od::parser parser;  // freed at the end of this block: only the file and our arrays remain
            ok = walker.walk(parser, store_.start, size_);
        }
        if (!ok) {
            explain_failure(walker.shape_offset(), walker.shape_message(), error);
            return false;
        }
        walker.finish_inference();
        return true;
    }

    /// Walks a big array as two documents on two threads, by overwriting, for the
    /// duration, the ',' of a split with ']' and the line break after it with '['. Returns
    /// false, with the bytes restored and the store empty, whenever it cannot (or a half
    /// fails): then walk_in_one decides, and explains any error.
    bool walk_in_two() {
        const size_t begin = store_.start;
        Split split{};
        store_.keys = given_;
        if (size_ - begin < split_minimum.load() || !settle_keys_from_first_record() ||
            !find_split(data_, begin, size_, split)) {
            return false;
        }
        std::vector<Record> second_records;
        std::string second_arena;
        bool ok;
        {
            od::parser first_parser, second_parser;
            // Allocating here, on this thread, also lets simdjson pick its implementation
            // before two threads race to do it.
            if (first_parser.allocate(split.comma + 1 - begin) || second_parser.allocate(size_ - split.line_break)) {
                return false;
            }
            Walker first(data_, store_.keys, store_.records, store_.arena);
            Walker second(data_, store_.keys, second_records, second_arena);
            uint8_t *bytes = store_.file.bytes.get();
            bytes[split.comma] = ']';
            bytes[split.line_break] = '[';
            ok = run_pair([&] { return first.walk(first_parser, begin, split.comma + 1); },
                          [&] { return second.walk(second_parser, split.line_break, size_); });
            bytes[split.comma] = ',';
            bytes[split.line_break] = '\n';
        }
        if (ok) { ok = append(second_records, second_arena); }
        if (!ok) {
            store_.records.clear();
            store_.arena.clear();
        }
        return ok;
    }

    /// Runs `a` here and `b` on a new thread; true when both return true. Exceptions
    /// (out of memory) count as false; with no thread to be had, returns false.
    template <typename A, typename B>
    static bool run_pair(A &&a, B &&b) {
        bool b_ok = false;
        std::thread thread;
        try {
            thread = std::thread([&] {
                try { b_ok = b(); } catch (...) { b_ok = false; }
            });
        } catch (...) {
            return false;
        }
        bool a_ok = false;
        try { a_ok = a(); } catch (...) { a_ok = false; }
        thread.join();
        return a_ok && b_ok;
    }

    /// Appends the second half's records, moving their arena spans past the first's arena.
    bool append(const std::vector<Record> &records, const std::string &arena) {
        const size_t shift = store_.arena.size();
        if (shift + arena.size() > UINT32_MAX) { return false; }
        store_.arena += arena;
        store_.records.reserve(store_.records.size() + records.size());
        for (Record record : records) {
            for (Span *span : {&record.title, &record.subtitle}) {
                if (span->length != kAbsent && (span->length & kInArena)) { span->offset += static_cast<uint32_t>(shift); }
            }
            store_.records.push_back(record);
        }
        return true;
    }

    /// Settles inferred keys before a split walk, from the first record, as a single walk
    /// would when that record has a string member; false when it has none (or is not
    /// found: the file is then empty or malformed, and walk_in_one will tell).
    bool settle_keys_from_first_record() {
        if (store_.keys.decided()) { return true; }
        size_t i = tk::skip_space(data_, size_, store_.start);
        if (i >= size_ || data_[i] != '[') { return false; }
        i = tk::skip_space(data_, size_, i + 1);
        if (i >= size_ || data_[i] != '{') { return false; }
        std::vector<SeenKey> members;
        bool has_string = false;
        tk::for_each_member(data_ + i, size_ - i,
                            [&](const uint8_t *key, size_t key_length, const uint8_t *value, size_t) {
                                std::string name;
                                tk::Fault fault;
                                if (!tk::unescape(key, key_length, &name, fault)) { name.clear(); }
                                has_string = has_string || value[0] == '"';
                                members.push_back({std::move(name), value[0] == '"'});
                                return true;
                            });
        if (!has_string) { return false; }
        decide(store_.keys, members, true);
        return true;
    }

    void explain_failure(size_t shape_offset, const std::string &shape_message, tk_json_error *error) {
        const uint8_t *text = data_ + store_.start;
        const size_t length = size_ - store_.start;
        tk::Fault fault;
        uint64_t line = 0, column = 0;
        if (!tk::validate(text, length, 0, fault)) {
            const size_t offset = store_.start + fault.offset;
            tk::line_column(data_, size_, offset, store_.start, line, column);
            set_error(error, TK_JSON_ERROR_SYNTAX, fault.reason, line, column, offset);
        } else if (!shape_message.empty()) {
            tk::line_column(data_, size_, shape_offset, store_.start, line, column);
            set_error(error, TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS, shape_message, line, column, shape_offset);
        } else {
            // The fast path refused what the validator accepts: a disagreement we do not
            // expect (none was found by differential fuzzing). Refuse the file anyway.
            set_error(error, TK_JSON_ERROR_SYNTAX, "the JSON parser rejected this file but no error position was found");
        }
    }

    tk_json_store &store_;
    const uint8_t *data_ = nullptr;
    size_t size_ = 0;
    Keys given_;
};

/// Loads the store whose file bytes are already in `store->file`. Takes ownership.
tk_json_store *finish_load(std::unique_ptr<tk_json_store> store, const char *title_key, const char *subtitle_key,
                           tk_json_error *error) {
    Loader loader(*store, title_key, subtitle_key);
    if (!loader.load(error)) { return nullptr; }
    set_error(error, TK_JSON_OK, "");
    return store.release();
}

bool resolve(const tk_json_store *store, Span span, const uint8_t **bytes, size_t *length) {
    const uint8_t *p = nullptr;
    size_t n = 0;
    if (span.length != kAbsent) {
        n = span.length & ~kInArena;
        p = (span.length & kInArena) ? reinterpret_cast<const uint8_t *>(store->arena.data()) + span.offset
                                     : store->file.bytes.get() + span.offset;
    }
    if (bytes) { *bytes = p; }
    if (length) { *length = n; }
    return p != nullptr;
}

const Record *record_at(const tk_json_store *store, size_t index) {
    return (store && index < store->records.size()) ? &store->records[index] : nullptr;
}

const uint8_t *key_bytes(bool has, const std::string &key, size_t *length) {
    if (length) { *length = has ? key.size() : 0; }
    return has ? reinterpret_cast<const uint8_t *>(key.data()) : nullptr;
}

}  // namespace

// MARK: - C API

extern "C" {

tk_json_store *tk_json_load(const char *path, const char *title_key, const char *subtitle_key, tk_json_error *error) {
    try {
        if (!path) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "no such file");
            return nullptr;
        }
        auto store = std::make_unique<tk_json_store>();
        std::string why;
        if (!read_file(path, store->file, why)) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, why);
            return nullptr;
        }
        return finish_load(std::move(store), title_key, subtitle_key, error);
    } catch (...) {  // std::bad_alloc from a vector or string
        set_error(error, TK_JSON_ERROR_UNREADABLE, "out of memory");
        return nullptr;
    }
}

tk_json_store *tk_json_load_bytes(const void *bytes, size_t length, const char *title_key, const char *subtitle_key,
                                  tk_json_error *error) {
    try {
        if (length > kMaxFileSize) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, too_large_message(length));
            return nullptr;
        }
        auto store = std::make_unique<tk_json_store>();
        if (!store->file.allocate(length)) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "out of memory");
            return nullptr;
        }
        if (length > 0 && bytes) { std::memcpy(store->file.bytes.get(), bytes, length); }
        store->file.length = (bytes || length == 0) ? length : 0;
        store->file.pad();
        return finish_load(std::move(store), title_key, subtitle_key, error);
    } catch (...) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "out of memory");
        return nullptr;
    }
}

int tk_json_validate(const void *bytes, size_t length, tk_json_error *error) {
    try {
        static const uint8_t nothing[1] = {0};
        const uint8_t *p = bytes ? static_cast<const uint8_t *>(bytes) : nothing;
        if (!bytes) { length = 0; }
        const size_t start = (length >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) ? 3 : 0;
        tk::Fault fault;
        if (tk::validate(p + start, length - start, 0, fault)) {
            set_error(error, TK_JSON_OK, "");
            return 1;
        }
        uint64_t line = 0, column = 0;
        tk::line_column(p, length, start + fault.offset, start, line, column);
        set_error(error, TK_JSON_ERROR_SYNTAX, fault.reason, line, column, start + fault.offset);
        return 0;
    } catch (...) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "out of memory");
        return 0;
    }
}

void tk_json_set_split_minimum(size_t bytes) { split_minimum.store(bytes); }

void tk_json_free(tk_json_store *store) { delete store; }

size_t tk_json_count(const tk_json_store *store) { return store ? store->records.size() : 0; }

const uint8_t *tk_json_title_key(const tk_json_store *store, size_t *length) {
    return store ? key_bytes(store->keys.has_title, store->keys.title, length) : key_bytes(false, {}, length);
}

const uint8_t *tk_json_subtitle_key(const tk_json_store *store, size_t *length) {
    return store ? key_bytes(store->keys.has_subtitle, store->keys.subtitle, length) : key_bytes(false, {}, length);
}

int tk_json_title(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length) {
    const Record *record = record_at(store, index);
    return resolve(store, record ? record->title : Span(), bytes, length) ? 1 : 0;
}

int tk_json_subtitle(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length) {
    const Record *record = record_at(store, index);
    return resolve(store, record ? record->subtitle : Span(), bytes, length) ? 1 : 0;
}

int tk_json_raw(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length) {
    const Record *record = record_at(store, index);
    if (bytes) { *bytes = record ? store->file.bytes.get() + record->raw_offset : nullptr; }
    if (length) { *length = record ? record->raw_length : 0; }
    return record ? 1 : 0;
}

tk_json_fields *tk_json_record_fields(const tk_json_store *store, size_t index) {
    const Record *record = record_at(store, index);
    if (!record) { return nullptr; }
    try {
        auto fields = std::make_unique<tk_json_fields>();
        tk::for_each_member(store->file.bytes.get() + record->raw_offset, record->raw_length,
                            [&](const uint8_t *key, size_t key_length, const uint8_t *value, size_t value_length) {
                                tk_json_fields::Entry entry{};
                                entry.key_offset = fields->text.size();
                                tk::Fault fault;
                                if (!tk::unescape(key, key_length, &fields->text, fault)) {
                                    fields->text.resize(entry.key_offset);  // validated at load; not expected
                                }
                                entry.key_length = fields->text.size() - entry.key_offset;
                                entry.value_offset = fields->text.size();
                                tk::append_display_text(value, value_length, fields->text);
                                entry.value_length = fields->text.size() - entry.value_offset;
                                entry.kind = tk::kind_of_value(value[0]);
                                fields->entries.push_back(entry);
                                return true;
                            });
        return fields.release();
    } catch (...) {
        return nullptr;
    }
}

size_t tk_json_fields_count(const tk_json_fields *fields) { return fields ? fields->entries.size() : 0; }

int tk_json_fields_get(const tk_json_fields *fields, size_t i, const uint8_t **key, size_t *key_length,
                       const uint8_t **value, size_t *value_length, tk_json_value_kind *kind) {
    if (!fields || i >= fields->entries.size()) { return 0; }
    const tk_json_fields::Entry &entry = fields->entries[i];
    const uint8_t *text = reinterpret_cast<const uint8_t *>(fields->text.data());
    if (key) { *key = text + entry.key_offset; }
    if (key_length) { *key_length = entry.key_length; }
    if (value) { *value = text + entry.value_offset; }
    if (value_length) { *value_length = entry.value_length; }
    if (kind) { *kind = entry.kind; }
    return 1;
}

void tk_json_fields_free(tk_json_fields *fields) { delete fields; }

}  // extern "C"
