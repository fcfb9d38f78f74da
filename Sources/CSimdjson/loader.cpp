// loader.cpp — loads a JSON array of objects fast, strictly and compactly (csimdjson.h).
//
// DESIGN
//
// Where things are. loader_read.cpp reads the file (Bytes); loader_walk.cpp walks a document
// (Fast path, Key inference); loader_split.cpp walks a big array on two threads (Two threads);
// this file runs a load (Loader), explains failures (Failure path) and holds the C API;
// loader_edit.cpp takes the records of a file a save wrote with some records changed,
// parsing only those. loader_internal.hpp declares what they share.
//
// Bytes. A regular file of 16 MiB or more is mapped privately (loader_map.cpp), followed
// by SIMDJSON_PADDING zero bytes (simdjson reads up to 64 bytes past the end): the page
// cache's pages are the store's text, with no copy in the process's own memory and no time
// spent copying. Such bytes are the file's as it is now, so another program's rewrite in
// place shows through them: a save then trusts only the file's identity (DECISIONS). A file
// truncated under the mapping would SIGBUS us; loader_map.cpp's handler puts zero pages
// where the bytes were and the store says it lost bytes. Smaller files, and what cannot be
// mapped (a pipe, a device, standard input part-read), are read into a buffer of the same
// shape; files of 16 MiB or more as two halves by two threads (pread): the time goes into
// the kernel zeroing fresh pages and copying from the page cache, and that splits evenly.
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
// That first choice lets the walk capture titles as it goes; after the walk the keys not
// given are decided again from up to 256 records spread evenly across the array
// (Walker::refine_keys): among the keys holding a non-empty string in more than half of
// them, the title is "title", then "name", then a key containing "name" or "title", then
// the first whose values differ between records, before any constant one; the subtitle is
// the first other key whose values differ, or none. Only when that changes a key are the
// titles taken again from every record (one pass over the records' members).
//
// Inner arrays. A top-level object (or any text, with a JSON Pointer) holds its records
// deeper: the whole text is checked by the strict validator first (nothing outside the
// records is walked), then one On-Demand pass over the object's members takes the raw text
// of each member array that is empty or starts with an object, and the largest by bytes is
// the records' array (or the pointer's, via at_pointer). The walk then runs over that
// array's byte range alone, which is why every offset stays one of the file: titles, raw
// records and a save's splices need no translation. The two-thread split applies within
// the range. Without a pointer, the other members' texts are checked by the strict
// validator one by one (the object's own punctuation by On-Demand); with one, the whole text
// is. That costs stage 1 once more over the whole file (about a quarter more time at
// 1,000,000 records), so the common shape goes a quicker way first (choose_last_array):
// when the records' array is the object's last member ({"source": …, "books": [ … ]}), the
// members before it are scanned and checked one by one, the array is taken to run to the
// text's last `]`, and the walk itself confirms it; any other shape, or a walk that fails,
// starts again the careful way. At 1,000,000 records the wrapped file then loads within
// 3 % of the bare array (DECISIONS). A pointer that names a member of a top-level object
// ("/books", as the app's "Open /books" asks) goes the same two ways, choosing that member
// instead of the largest: the text is not checked whole first, nor the pointer followed
// through it (1,000,000 wrapped records at /books: 0.24 s, was 0.67 s; g++ -O2). Only a
// deeper pointer ("/deep/list") checks the whole text and follows it with at_pointer.
// The members' string values are consumed, not only
// looked at: On-Demand's skip would otherwise take a ':' after one for a key's colon. The
// records of a member's array count nesting from 3, as the strict validator would.
//
// Objects of objects. A top-level object none of whose members is an array of objects, and
// every one of whose members is an object (at least one), holds its records as its members'
// values (a pointer may name such an object too): {"alice": {...}, "bob": {...}}. The walk
// (Walker::walk_members, one thread) takes each value as a record, its byte range the
// value's, and keeps the member's name as a title would be kept (a view of the file, or
// unescaped into the arena). With no title key given, the name is the title and the title
// key is reported as none; the subtitle is inferred from the records as ever. A null or
// scalar member makes the object not records (an error names the choice: --path).
//
// Candidates. A top-level object's member arrays of objects (empty or starting with an
// object) are listed, largest first, with their pointers and byte sizes, when the records
// are one of them, found or named by a pointer ("/small": the same reading of the members
// lists them), so that the app can offer the others, and the way back.
//
// JSON Lines. A text whose first value is one whole object, with a line break and more text
// after it (or one the caller says is JSON Lines), is walked as simdjson's document stream
// (iterate_many, a 1 MiB window; when that fails without a reason, once more with the
// whole text as the window, as a record may be longer): no byte is changed and every
// offset is the file's. Each record is checked as an array element is (nesting counted
// from 1, as a record is a document of its own); its end is found after its last member,
// as a stream's iterator has nowhere to rest between records. simdjson's stream takes
// values parted by any white space; we want a line break between two records, and check
// the bytes between them for one. Where a window ends, simdjson 3.0.1's stream is not
// trusted with where records are: a record begins at its first token (current_index() is
// the white space before it when the window before ended just after a `}`), and the
// records must cover the text, white space aside (the stream can stop early without an
// error); a gap fails without a reason, and the whole text as the window decides. Tests
// shrink the window (tk_json_set_lines_window) so that small texts cross windows.
// A record may run over several lines (as `jq .` prints
// them); detection looks for the first object's end on its first line, else within 256
// KiB, so a big pretty-printed object (a wrapped array) costs at most that. Two threads
// cut the text at a line break near the middle with a `}` before it and a `{` after it
// (white space aside): in valid JSON Lines that is always between records, as inside a
// record a `}` and a `{` are parted by a comma; a wrong cut (invalid text) fails a half
// and one thread starts again. A failure is explained by reading the records one after
// another with the strict validator: the first invalid value with its reason (a record
// left open at the end of its line, with the next record after it, is reported on its own
// line, as a line alone reads), a value on the line of the one before, or a value that is
// not an object, named by its line ("line 3 is a number, not an object"). At 1,000,000
// records (260 MB) it loads a little faster than the same records as an array (0.21 s
// against 0.24 s; with one thread 0.27 s: simdjson's stream already indexes its next
// window on a thread of its own), with less memory (the window, not the whole file, is
// indexed at once). Records over several lines (jq's output) load as fast.
//
// Lenient text. Unless the caller asks for strictness (tk_json_load_options.strict), a
// load that fails is
// tried once more when the text holds ill-formed UTF-8 (simdjson's validate_utf8 says so)
// or lone surrogate escapes (counted by a scan of the backslashes). Ill-formed UTF-8 is
// repaired in a copy: each maximal ill-formed subpart becomes U+FFFD (as Python's
// errors="replace" counts them), and the copy is the store's bytes, so its offsets are not
// the file's (tk_json_bytes_repaired(); the app then refuses to save it back). Lone
// surrogate escapes are left where they stand: the second try reads each as U+FFFD
// (Surrogates::replace in the validator and the unescaper), so a file with only those
// keeps its own bytes and can be saved back. A valid text never pays for this: the second
// try runs only after the first has failed. The first try's failure is not explained
// (the strict validator's pass over the whole text) unless nothing is to be replaced, and
// the repair copies 64 KiB chunks that simdjson finds valid as they are: one Latin-1 byte
// in 1,000,000 records (262 MB) loads in about 2.8 times a valid file's time (0.68 s
// against 0.24 s, g++ -O2; it was 1.2 to 1.8 s). Structural faults fail both tries; the second
// one's error is reported, moved back to the file: its byte offset is the file's (the
// repair's replacements are kept to map it), its line too (no line break is ever replaced),
// its column counts a replaced sequence as the one character it shows as, and a U+FFFD in
// its message is named as the byte that was there.
//
// The C API. tk_json_load_file() and tk_json_load_memory() take every choice in one options
// struct (all-zero, or NULL, means: find the records, infer the keys, lenient, detect JSON
// Lines). tk_json_records_container() tells a writer
// how records are parted: commas (a top-level or inner array), line breaks (JSON Lines),
// or names and commas (an object's members).
//
// Cannot: recover from an error and go on; keep a lone UTF-16 surrogate (none fits in
// UTF-8: a lenient load shows U+FFFD, a strict one refuses it); splice-save a text whose
// UTF-8 was repaired (its bytes are not the file's); walk an object of objects on two
// threads; take JSON Lines separated by a bare carriage return, or two records on one
// line; show a title/subtitle longer than 2 GiB (it is cut at a character boundary); or
// use more than two cores.
#include "csimdjson.h"
#include "json_text.hpp"
#include "loader_internal.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tk_loader {

// MARK: - Errors

void set_error(tk_json_error *error, tk_json_error_kind kind, const std::string &message, uint64_t line,
               uint64_t column, uint64_t offset) {
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

// MARK: - Loading

Loader::Loader(tk_json_store &store, const tk_json_load_options &options, tk::Surrogates surrogates)
    : store_(store), format_(options.format), surrogates_(surrogates) {
    data_ = store.file.bytes.get();
    size_ = store.file.length;
    if (options.pointer) {
        has_pointer_ = true;
        pointer_ = options.pointer;
    }
    if (options.title_key) {
        given_.has_title = given_.title_decided = true;
        given_.title = options.title_key;
    }
    if (options.subtitle_key) {
        given_.has_subtitle = given_.subtitle_decided = true;
        given_.subtitle = options.subtitle_key;
    }
}

bool Loader::load(tk_json_error *error) {
    store_.start = (size_ >= 3 && std::memcmp(data_, "\xEF\xBB\xBF", 3) == 0) ? 3 : 0;
    if (is_json_lines()) {
        if (has_pointer_) {
            set_error(error, TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS, "--path does not apply to JSON Lines");
            return false;
        }
        store_.is_lines = true;
        begin_ = store_.start;
        end_ = size_;
        store_.array_begin = begin_;
        store_.array_end = end_;
        const uint64_t started = now_ns();
        if (!walk_lines_in_two() && !walk_lines_in_one(error)) { return false; }
        store_.timings.walk_ns[0] = now_ns() - started;  // stage 1 runs batch by batch within
    } else if ((!has_pointer_ || find_member_pointer()) && choose_last_array() && (walk_in_two() || walk_in_one(nullptr))) {
        // The records' array was the top-level object's last member, found without a
        // second pass; the walk confirmed the guess.
    } else {
        if (guessed_array_) {
            // The guess did not hold: start again the careful way.
            guessed_array_ = false;
            store_.candidates.clear();
            store_.records.clear();
            store_.leads.clear();
            store_.arena.clear();
        }
        if (!choose_array(error)) { return false; }
        if (members_are_records_) {
            if (!walk_members_in_one(error)) { return false; }
        } else if (!walk_in_two() && !walk_in_one(error)) {
            return false;
        }
    }
    {
        const uint64_t started = now_ns();
        struct Clock {
            uint64_t from;
            uint64_t &into;
            ~Clock() { into = now_ns() - from; }
        } clock{started, store_.timings.refine_ns};
        Walker refiner(data_, store_.keys, store_.records, store_.arena, surrogates_);
        if (store_.leads.size() == store_.records.size()) { refiner.track_leads(store_.leads); }
        refiner.refine_keys(given_.title_decided || (members_are_records_ && !given_.has_title), given_.subtitle_decided);
    }
    if (members_are_records_ && !given_.has_title) {
        // An object of objects is titled by its members' names.
        for (size_t i = 0; i < store_.records.size() && i < store_.names.size(); ++i) { store_.records[i].title = store_.names[i]; }
        store_.leads.clear();
    }
    // Leads the walk could not keep for every record are read from the titles when asked for.
    if (store_.leads.size() != store_.records.size()) { store_.leads = std::vector<uint32_t>(); }
    if (store_.arena.size() > UINT32_MAX) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "escaped titles and subtitles exceed 4 GiB");
        return false;
    }
    // The vector's spare room (reserve_room's quarter, or a doubling's) is left as it is:
    // pages never written are not memory, and shrinking would copy every record.
    return true;
}

bool Loader::walk_in_one(tk_json_error *error) {
    od::parser parser;  // freed on return: only the file and our arrays remain
    if (!windows_failed_) {
        Walker walker(data_, store_.keys, store_.records, store_.arena, surrogates_);
        if (walk_in_one(walker, parser, store_.file.bytes.get(), error)) { return true; }
        if (!walker.walked_in_windows()) { return false; }
        windows_failed_ = true;
    }
    Walker walker(data_, store_.keys, store_.records, store_.arena, surrogates_);
    return walk_in_one(walker, parser, nullptr, error);
}

/// walk_in_one's walk, in windows of `writable` when it is given.
bool Loader::walk_in_one(Walker &walker, od::parser &parser, uint8_t *writable, tk_json_error *error) {
    store_.keys = given_;
    store_.records.clear();
    store_.arena.clear();
    store_.leads.clear();
    walker.track_leads(store_.leads);
    const bool ok = walker.walk(parser, begin_, end_, record_depth_, writable);
    store_.timings.parse_ns[0] = walker.parse_ns;
    store_.timings.walk_ns[0] = walker.walk_ns;
    store_.timings.parse_ns[1] = store_.timings.walk_ns[1] = 0;
    if (!ok) {
        // A failure in windows may be a cut in a nested array (Walker::walk): only a walk
        // of the whole array is explained.
        if (writable == nullptr || !walker.walked_in_windows()) { explain_failure(walker.shape_offset(), walker.shape_message(), error); }
        return false;
    }
    walker.finish_inference();
    return true;
}

// MARK: - JSON Lines

/// Whether the text is JSON Lines: asked for, or (detecting) its first value is one whole
/// object and after it come a line break and more text. The object's end is looked for on
/// its first line, else (a record written over several lines, as `jq .` prints them) within
/// its first 256 KiB: a big object spread over lines (a wrapped array) costs no more.
bool Loader::is_json_lines() const {
    if (format_ != TK_JSON_FORMAT_DETECT) { return format_ == TK_JSON_FORMAT_LINES; }
    const size_t first = tk::skip_space(data_, size_, store_.start);
    if (first >= size_ || data_[first] != '{') { return false; }
    const void *hit = std::memchr(data_ + first, '\n', size_ - first);
    if (!hit) { return false; }
    const size_t line_end = static_cast<size_t>(static_cast<const uint8_t *>(hit) - data_);
    if (tk::skip_space(data_, size_, line_end) >= size_) { return false; }  // one line, then white space
    tk::Fault fault;
    size_t end = 0;
    if (!tk::validate_value_at(data_, line_end, first, 0, end, fault, surrogates_)) {
        const size_t budget = std::min(size_, first + (size_t(256) << 10));
        if (budget <= line_end || !tk::validate_value_at(data_, budget, first, 0, end, fault, surrogates_)) { return false; }
    }
    const size_t next = tk::skip_space(data_, size_, end);
    return next < size_ && std::memchr(data_ + end, '\n', next - end) != nullptr;
}

bool Loader::walk_lines_in_one(tk_json_error *error) {
    // simdjson's window is 1 MiB; a record longer than that is an error of the window, not
    // of the record, and so is a stream that stopped short (Walker::walk_lines), so a failure
    // without a reason is tried once more with the whole text as the window before anything
    // is explained.
    const size_t window = lines_window;
    for (const size_t batch : {window, std::max(window, end_ - begin_ + 64)}) {
        store_.keys = given_;
        store_.records.clear();
        store_.leads.clear();
        store_.arena.clear();
        Walker walker(data_, store_.keys, store_.records, store_.arena, surrogates_);
        bool ok;
        {
            od::parser parser;
            ok = walker.walk_lines(parser, begin_, end_, batch);
        }
        if (ok) {
            walker.finish_inference();
            return true;
        }
        if (!walker.shape_message().empty() || batch >= end_ - begin_) { break; }
    }
    store_.records.clear();
    store_.leads.clear();
    store_.arena.clear();
    explain_lines_failure(error);
    return false;
}

/// Walks an object of objects on one thread: each member's value is a record, titled by
/// the member's name unless a title key was given.
bool Loader::walk_members_in_one(tk_json_error *error) {
    store_.keys = given_;
    if (!given_.has_title) {
        store_.keys.title_decided = true;
        store_.keys.has_title = false;
    }
    store_.members = true;
    store_.records.clear();
    store_.leads.clear();
    store_.arena.clear();
    store_.names.clear();
    Walker walker(data_, store_.keys, store_.records, store_.arena, surrogates_);
    bool ok;
    {
        od::parser parser;
        ok = walker.walk_members(parser, begin_, end_, store_.names);
    }
    if (!ok) {
        explain_failure(walker.shape_offset(), walker.shape_message(), error);
        return false;
    }
    walker.finish_inference();
    return true;
}

namespace {

const char *phrase_of_value(uint8_t first) {
    switch (first) {
    case '[': return "an array";
    case '"': return "a string";
    case 't': case 'f': return "a boolean";
    case 'n': return "null";
    default: return "a number";
    }
}

}  // namespace

/// A failed JSON Lines load explained: the records are read one after another with the
/// strict validator, and the first fault stops it: a value that is not valid JSON, with its
/// reason; a value on the same line as the record before it; a value that is not an object
/// ("line 3 is a number, not an object"). An object left open at the end of its line, with
/// the next line's record after it, is reported on its own line, as a line by itself reads.
void Loader::explain_lines_failure(tk_json_error *error) {
    if (!error) { return; }
    if (defer_) {
        deferred_ = {true, true, 0, std::string()};
        return;
    }
    // Offsets from here on are of the text, after any byte order mark.
    const uint8_t *p = data_ + store_.start;
    const size_t n = size_ - store_.start;
    auto fail = [&](tk_json_error_kind kind, const std::string &message, size_t offset) {
        uint64_t line = 0, column = 0;
        tk::line_column(p, n, offset, 0, line, column);
        std::string text = message;
        const size_t mark = text.find("line %L");
        if (mark != std::string::npos) { text.replace(mark, 7, "line " + std::to_string(line)); }
        set_error(error, kind, text, line, column, store_.start + offset);
    };
    size_t previous_end = 0;
    bool first = true;
    for (size_t i = tk::skip_space(p, n, 0); i < n; i = tk::skip_space(p, n, i)) {
        tk::Fault fault;
        size_t end = 0;
        // Lines and columns in the validator's reasons count from the text's first byte.
        if (!tk::validate_value_at(p, n, i, 0, end, fault, surrogates_)) {
            const void *hit = std::memchr(p + i, '\n', n - i);
            const size_t line_end = hit ? static_cast<size_t>(static_cast<const uint8_t *>(hit) - p) : n;
            tk::Fault alone;
            size_t alone_end = 0;
            if (fault.offset > line_end && fault.offset <= tk::skip_space(p, n, line_end) &&
                !tk::validate_value_at(p, line_end, i, 0, alone_end, alone, surrogates_)) {
                fault = alone;  // the record's own line says it better: it is not closed there
            }
            fail(TK_JSON_ERROR_SYNTAX, fault.reason, fault.offset);
            return;
        }
        if (!first && !std::memchr(p + previous_end, '\n', i - previous_end)) {
            fail(TK_JSON_ERROR_SYNTAX, "a second value on line %L (JSON Lines holds one record a line)", i);
            return;
        }
        if (p[i] != '{') {
            fail(TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS, std::string("line %L is ") + phrase_of_value(p[i]) + ", not an object", i);
            return;
        }
        previous_end = end;
        i = end;
        first = false;
    }
    // The stream refused what the validator accepts: not expected. Refuse the text anyway.
    set_error(error, TK_JSON_ERROR_SYNTAX, "the JSON Lines parser rejected this file but no error position was found");
}

namespace {

/// `key` as a JSON Pointer token: `~` is `~0`, `/` is `~1` (RFC 6901).
std::string pointer_token(std::string_view key) {
    std::string token;
    for (char c : key) {
        if (c == '~') { token += "~0"; } else if (c == '/') { token += "~1"; } else { token += c; }
    }
    return token;
}

/// A member's key unescaped by the validator's rules (simdjson's unescaped_key() would
/// refuse a lone surrogate that a lenient load reads as U+FFFD): it runs from just after its
/// opening quote to the quote before the ':' before the value. False when it does not.
bool member_name(od::field &field, std::string &name, tk::Surrogates surrogates) {
    const uint8_t *key = reinterpret_cast<const uint8_t *>(field.key().raw());
    const uint8_t *q = reinterpret_cast<const uint8_t *>(field.value().raw_json_token().data());
    while (q > key && (tk::is_json_space(q[-1]) || q[-1] == ':')) { --q; }
    tk::Fault fault;
    return q > key && q[-1] == '"' && tk::unescape(key, static_cast<size_t>(q - 1 - key), &name, fault, surrogates);
}

bool larger(const tk_json_store::Candidate &a, const tk_json_store::Candidate &b) { return a.bytes > b.bytes; }

/// Whether the array whose text is `raw` is empty or starts with an object.
bool holds_objects(std::string_view raw) {
    const auto *p = reinterpret_cast<const uint8_t *>(raw.data());
    const size_t i = tk::skip_space(p, raw.size(), 1);
    return i < raw.size() && (p[i] == '{' || p[i] == ']');
}

/// Whether the object whose text is `raw` has members and every one is an object: an
/// object of objects, whose members are records.
bool is_object_of_objects(std::string_view raw) {
    bool all_objects = true, any = false;
    tk::for_each_member(reinterpret_cast<const uint8_t *>(raw.data()), raw.size(),
                        [&](const uint8_t *, size_t, const uint8_t *member_value, size_t) {
                            any = true;
                            all_objects = all_objects && member_value[0] == '{';
                            return all_objects;
                        });
    return any && all_objects;
}

}  // namespace

/// Whether the pointer names one member of a top-level object ("/books", "/a~1b"): then
/// the object's members are read one by one, as without a pointer, instead of checking the
/// whole text first and following the pointer through it (sets member_pointer_, member_).
bool Loader::find_member_pointer() {
    const size_t first = tk::skip_space(data_, size_, store_.start);
    if (first >= size_ || data_[first] != '{' || pointer_.size() < 1 || pointer_[0] != '/') { return false; }
    std::string name;
    for (size_t i = 1; i < pointer_.size(); ++i) {
        const char c = pointer_[i];
        if (c == '/') { return false; }
        if (c == '~') {
            if (i + 1 >= pointer_.size() || (pointer_[i + 1] != '0' && pointer_[i + 1] != '1')) { return false; }
            name += pointer_[++i] == '0' ? '~' : '/';
        } else {
            name += c;
        }
    }
    member_ = std::move(name);
    member_pointer_ = true;
    return true;
}

/// The quick way to a top-level object's records when they are its last member, as in
/// {"source": …, "books": [ … ]}: the members before it are scanned and checked strictly
/// one by one (they are small), and the array runs to the last `]` before the closing `}`
/// (a small array of objects before it is a member like the others, found by its end).
/// Nothing is taken on trust: the walk that follows must load that range as an array of
/// objects, or the loader starts again with choose_array(). False when the shape differs.
bool Loader::choose_last_array() {
    const uint8_t *p = data_;
    const size_t n = size_;
    size_t i = tk::skip_space(p, n, store_.start);
    if (i >= n || p[i] != '{') { return false; }
    // The end: `]` ws `}` ws.
    size_t close = n;
    while (close > i && tk::is_json_space(p[close - 1])) { --close; }
    if (close <= i || p[close - 1] != '}') { return false; }
    size_t last = close - 1;
    while (last > i && tk::is_json_space(p[last - 1])) { --last; }
    if (last <= i || p[last - 1] != ']') { return false; }
    const size_t array_end = last;  // just past the array's `]`
    i = tk::skip_space(p, n, i + 1);
    std::vector<tk_json_store::Candidate> candidates;
    tk::Fault fault;
    while (i < n && p[i] == '"') {
        size_t key_end = 0;
        bool escaped = false;
        if (!tk::scan_string(p, n, i, key_end, escaped, fault, surrogates_)) { return false; }
        std::string name;
        if (!tk::unescape(p + i + 1, key_end - i - 2, &name, fault, surrogates_)) { return false; }
        size_t value = tk::skip_space(p, n, key_end);
        if (value >= n || p[value] != ':') { return false; }
        value = tk::skip_space(p, n, value + 1);
        if (value >= n) { return false; }
        const size_t after_open = p[value] == '[' ? tk::skip_space(p, n, value + 1) : n;
        const bool named = member_pointer_ && name == member_;
        if (p[value] == '[' && after_open < n && (p[after_open] == '{' || p[after_open] == ']')) {
            // An array of objects: the records' if it is the last member. Its end is not
            // looked for past the first MiB (a scalar scan of a big array would cost what
            // this saves): one that runs on is taken to end at the text's last `]`.
            const size_t budget_end = std::min(array_end, value + (size_t(1) << 20));
            const size_t end = tk::skip_value(p, budget_end, value);
            if (end == array_end || (end == budget_end && budget_end < array_end)) {
                candidates.push_back({"/" + pointer_token(name), array_end - value});
                std::stable_sort(candidates.begin(), candidates.end(), larger);
                if (member_pointer_ ? name != member_ : candidates.front().bytes != array_end - value) {
                    return false;  // not the member named, or a larger one came first
                }
                begin_ = value;
                end_ = array_end;
                store_.array_begin = begin_;
                store_.array_end = end_;
                store_.records_pointer = member_pointer_ ? pointer_ : candidates.front().pointer;
                store_.candidates = std::move(candidates);
                record_depth_ = 3;
                guessed_array_ = true;
                return true;
            }
            if (named || !tk::validate(p + value, end - value, 1, fault, surrogates_)) { return false; }
            candidates.push_back({"/" + pointer_token(name), end - value});
            i = end;
        } else if (named) {
            return false;  // the member named is not the last: the careful way finds it
        } else {
            const size_t end = tk::skip_value(p, n, value);
            if (end <= value || !tk::validate(p + value, end - value, 1, fault, surrogates_)) { return false; }
            i = end;
        }
        i = tk::skip_space(p, n, i);
        if (i >= n || p[i] != ',') { return false; }
        i = tk::skip_space(p, n, i + 1);
    }
    return false;
}

/// Finds the records' array (see DESIGN, "Inner arrays"): the top-level array as it is; in
/// a top-level object, the largest member array of objects; at a pointer, the array there.
bool Loader::choose_array(tk_json_error *error) {
    const size_t first = tk::skip_space(data_, size_, store_.start);
    begin_ = first;
    end_ = size_;
    store_.array_begin = first;
    store_.array_end = size_;
    if (!has_pointer_ && (first >= size_ || data_[first] != '{')) { return true; }
    tk::Fault fault;
    // With a pointer, the whole text is checked first: what lies outside the array is not
    // walked. Without one, or with one that names a top-level member ("/books"), each
    // member other than the records is checked on its own (read_members).
    if (has_pointer_ && !member_pointer_ && !tk::validate(data_ + store_.start, size_ - store_.start, 0, fault, surrogates_)) {
        explain_failure(0, "", error);
        return false;
    }
    od::parser parser;
    od::document doc;
    const size_t length = size_ - store_.start;
    if (parser.iterate(data_ + store_.start, length, length + simdjson::SIMDJSON_PADDING).get(doc)) {
        explain_failure(0, "", error);
        return false;
    }
    Members members;
    if (has_pointer_ && !member_pointer_) {
        if (!choose_at_pointer(doc, first, members.chosen, error)) { return false; }
        members.chosen_pointer = pointer_;
    } else {
        if (!choose_member(doc, first, members, error)) { return false; }
        // An object of objects at the top: its members are the records, the whole text.
        if (members_are_records_ && members.chosen.empty()) { return true; }
    }
    begin_ = static_cast<size_t>(reinterpret_cast<const uint8_t *>(members.chosen.data()) - data_);
    end_ = begin_ + members.chosen.size();
    store_.array_begin = begin_;
    store_.array_end = end_;
    store_.records_pointer = members.chosen_pointer;
    // A member's array holds its records at depth 3; at a deeper pointer the whole text was
    // checked against the nesting limit already.
    if (!has_pointer_ || member_pointer_) { record_depth_ = 3; }
    return true;
}

/// The value at a pointer deeper than a top-level member ("/deep/list"), the whole text
/// checked already: an array of objects, or an object of objects; its text goes to `chosen`.
bool Loader::choose_at_pointer(od::document &doc, size_t first, std::string_view &chosen, tk_json_error *error) {
    od::value value;
    od::json_type type;
    if (doc.at_pointer(pointer_).get(value)) {
        explain_failure(first, "nothing at --path " + pointer_, error);
        return false;
    }
    od::object object;
    if (!value.type().get(type) && type == od::json_type::object && !value.get_object().get(object) && !object.raw_json().get(chosen)) {
        // An object at the pointer: its members are the records, if they are all objects.
        if (!is_object_of_objects(chosen)) {
            explain_failure(first, "the value at --path " + pointer_ + " is not an array of objects or an object of objects", error);
            return false;
        }
        members_are_records_ = true;
        return true;
    }
    od::array array;
    if (value.type().get(type) || type != od::json_type::array || value.get_array().get(array) || array.raw_json().get(chosen)) {
        explain_failure(first, "the value at --path " + pointer_ + " is not an array of objects", error);
        return false;
    }
    return true;
}

/// A top-level object's records, read from its members one by one (read_members): the
/// member the pointer names, else the largest member array of objects, else, when every
/// member is an object, the members themselves (members_are_records_, `chosen` empty).
bool Loader::choose_member(od::document &doc, size_t first, Members &members, tk_json_error *error) {
    const bool ok = read_members(doc, members);
    std::stable_sort(store_.candidates.begin(), store_.candidates.end(), larger);
    if (!ok) {
        explain_failure(0, "", error);
        return false;
    }
    if (member_pointer_) { return choose_named_member(members, first, error); }
    if (members.chosen.empty() && members.objects > 0 && members.objects == members.count) {
        // An object of objects: its members are the records, keyed by their names
        // (their texts were checked above; walking them checks them again as records).
        members_are_records_ = true;
        store_.candidates.clear();
        return true;
    }
    if (members.chosen.empty()) {
        explain_failure(first, "the top-level object holds no array of objects (--path chooses a value)", error);
        return false;
    }
    return true;
}

/// Reads every member of the top-level object (read_member), and checks strictly every
/// member's text but the records' (On-Demand checks the object's own commas, colons and
/// keys as it goes). False when the object is not valid.
bool Loader::read_members(od::document &doc, Members &members) {
    od::object object;
    if (doc.get_object().get(object)) { return false; }
    for (auto member : object) {
        od::field field;
        od::json_type type;
        std::string name;
        if (std::move(member).get(field) || field.value().type().get(type) || !member_name(field, name, surrogates_) ||
            !read_member(field, type, name, members)) {
            return false;
        }
    }
    if (doc.current_location().error() != simdjson::OUT_OF_BOUNDS) { return false; }
    tk::Fault fault;
    for (std::string_view raw : members.others) {
        if (!tk::validate(reinterpret_cast<const uint8_t *>(raw.data()), raw.size(), 1, fault, surrogates_)) { return false; }
    }
    return true;
}

/// Takes one member `name` of the top-level object: an array of objects is a candidate, and
/// the records' when the pointer names it or, without a pointer, when it is the largest so
/// far; an object counts towards an object of objects; the text of every other member goes
/// to `members.others`, to be checked. False when simdjson cannot read it.
bool Loader::read_member(od::field &field, od::json_type type, const std::string &name, Members &members) {
    std::string_view raw;
    ++members.count;
    const bool named = member_pointer_ && !members.found && name == member_;  // the first of that name, as at_pointer
    members.found = members.found || named;
    if (type == od::json_type::array) {
        od::array array;
        if (field.value().get_array().get(array) || array.raw_json().get(raw)) { return false; }
        if (holds_objects(raw)) { store_.candidates.push_back({"/" + pointer_token(name), raw.size()}); }
        if (named) {
            members.chosen = raw;
            members.chosen_pointer = pointer_;
            return true;
        }
        if (!member_pointer_ && holds_objects(raw) && raw.size() > members.chosen.size()) {
            if (!members.chosen.empty()) { members.others.push_back(members.chosen); }
            members.chosen = raw;
            members.chosen_pointer = "/" + pointer_token(name);
            return true;
        }
    } else if (type == od::json_type::object) {
        od::object inner;
        if (field.value().get_object().get(inner) || inner.raw_json().get(raw)) { return false; }
        ++members.objects;
        if (named) {
            members.named_object = raw;
            return true;  // walked as records, or refused
        }
    } else {
        members.named_scalar = members.named_scalar || named;
        raw = field.value().raw_json_token();
        // Consume a string: left unconsumed, On-Demand's skip would take a ':' after it for
        // a key's colon and accept {"a": "b": 1} (see Walker::check_value).
        od::raw_json_string ignored;
        if (type == od::json_type::string && field.value().get_raw_json_string().get(ignored)) { return false; }
    }
    members.others.push_back(raw);
    return true;
}

/// The member a pointer names ("/books"), read by read_members: an array (of objects: the
/// walk says), or an object of objects; the other arrays are offered only beside one of them.
bool Loader::choose_named_member(Members &members, size_t first, tk_json_error *error) {
    if (!members.found) {
        explain_failure(first, "nothing at --path " + pointer_, error);
        return false;
    }
    if (members.named_scalar) {
        explain_failure(first, "the value at --path " + pointer_ + " is not an array of objects", error);
        return false;
    }
    if (!members.named_object.empty()) {
        if (!is_object_of_objects(members.named_object)) {
            explain_failure(first, "the value at --path " + pointer_ + " is not an array of objects or an object of objects", error);
            return false;
        }
        members_are_records_ = true;
        members.chosen = members.named_object;
        members.chosen_pointer = pointer_;
    }
    const bool among = std::any_of(store_.candidates.begin(), store_.candidates.end(),
                                   [&](const tk_json_store::Candidate &c) { return c.pointer == members.chosen_pointer; });
    if (!among) { store_.candidates.clear(); }
    return true;
}

void Loader::explain_failure(size_t shape_offset, const std::string &shape_message, tk_json_error *error) {
    if (!error) { return; }  // nobody would read it: spare the validator's pass
    if (defer_) {
        deferred_ = {true, false, shape_offset, shape_message};
        return;
    }
    const uint8_t *text = data_ + store_.start;
    const size_t length = size_ - store_.start;
    tk::Fault fault;
    uint64_t line = 0, column = 0;
    if (!tk::validate(text, length, 0, fault, surrogates_)) {
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

/// After a load that failed with explanations deferred: explains the failure now.
void Loader::explain_deferred(tk_json_error *error) {
    if (!deferred_.any) { return; }  // the error was set without an explanation to defer
    defer_ = false;
    if (deferred_.lines) {
        explain_lines_failure(error);
    } else {
        explain_failure(deferred_.shape_offset, deferred_.shape_message, error);
    }
}

namespace {

// MARK: - Lenient text

/// The length of the well-formed UTF-8 sequence at `p[i]`, or 0 with `bad` set to the
/// length of its maximal ill-formed subpart (at least 1), as Unicode's U+FFFD rule counts.
size_t utf8_sequence(const uint8_t *p, size_t n, size_t i, size_t &bad) {
    const uint8_t b0 = p[i];
    if (b0 < 0x80) { return 1; }
    size_t need;
    uint8_t low = 0x80, high = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) { need = 1; }
    else if (b0 >= 0xE0 && b0 <= 0xEF) { need = 2; if (b0 == 0xE0) { low = 0xA0; } if (b0 == 0xED) { high = 0x9F; } }
    else if (b0 >= 0xF0 && b0 <= 0xF4) { need = 3; if (b0 == 0xF0) { low = 0x90; } if (b0 == 0xF4) { high = 0x8F; } }
    else { bad = 1; return 0; }
    for (size_t k = 1; k <= need; ++k) {
        const uint8_t lo = k == 1 ? low : 0x80, hi = k == 1 ? high : 0xBF;
        if (i + k >= n || p[i + k] < lo || p[i + k] > hi) {
            bad = k;
            return 0;
        }
    }
    return need + 1;
}

/// Where a repair put U+FFFD in place of ill-formed bytes: its offset in the repaired text,
/// the ill-formed bytes' length (1 to 3) and their first byte, to map positions back.
struct Replacement {
    size_t offset;
    uint8_t length;
    uint8_t first;
};

/// The text with every maximal ill-formed UTF-8 subpart replaced by U+FFFD (EF BF BD),
/// one Replacement each. The text is taken in chunks of 64 KiB, each ending before a
/// sequence that would run past it: a chunk simdjson finds valid is copied as it is, only
/// the others are read byte by byte (twice: once to size the copy, once to fill it).
/// Returns false (out untouched) when out of memory or too large.
bool repair_utf8(const Buffer &in, Buffer &out, std::vector<Replacement> &replacements) {
    const uint8_t *p = in.bytes.get();
    const size_t n = in.length;
    auto chunk_end = [&](size_t from) {
        size_t end = std::min(n, from + (size_t(64) << 10));
        for (int k = 0; k < 3 && end < n && end > from + 1 && (p[end] & 0xC0) == 0x80; ++k) { --end; }
        return end;
    };
    // `emit(from, length)` copies bytes of the text; `replace(at, length)` stands for U+FFFD.
    auto walk = [&](auto &&emit, auto &&replace) {
        for (size_t from = 0; from < n;) {
            const size_t end = chunk_end(from);
            if (simdjson::validate_utf8(reinterpret_cast<const char *>(p + from), end - from)) {
                emit(from, end - from);
            } else {
                for (size_t i = from; i < end;) {
                    size_t bad = 0;
                    const size_t good = utf8_sequence(p, end, i, bad);
                    if (good) {
                        emit(i, good);
                        i += good;
                    } else {
                        replace(i, bad);
                        i += bad;
                    }
                }
            }
            from = end;
        }
    };
    size_t length = 0;
    walk([&](size_t, size_t count) { length += count; }, [&](size_t, size_t) { length += 3; });
    if (length > kMaxFileSize || !out.allocate(length)) { return false; }
    uint8_t *o = out.bytes.get();
    size_t w = 0;
    walk([&](size_t from, size_t count) {
        std::memcpy(o + w, p + from, count);
        w += count;
    }, [&](size_t at, size_t bad) {
        replacements.push_back({w, static_cast<uint8_t>(bad), p[at]});
        std::memcpy(o + w, "\xEF\xBF\xBD", 3);
        w += 3;
    });
    out.length = length;
    out.pad();
    return true;
}

/// An error found in a repaired text, told of the file: its byte offset is moved back to
/// the file's (the line is the file's already: a line break is never replaced; the column
/// counts each replaced sequence as the one character it shows as), and a U+FFFD the
/// message names is the byte that was there.
void map_error_to_file(tk_json_error *error, const std::vector<Replacement> &replacements) {
    if (!error || error->line == 0) { return; }
    const size_t offset = error->byte_offset;
    size_t shift = 0;  // bytes the repair added before `offset`
    const Replacement *at = nullptr;
    for (const Replacement &r : replacements) {
        if (r.offset > offset) { break; }
        if (offset < r.offset + 3) {
            at = &r;
            break;
        }
        shift += 3 - r.length;
    }
    error->byte_offset = offset - shift;
    std::string message = error->message;
    const size_t mark = message.find("U+FFFD");
    if (at && mark != std::string::npos) {
        char byte[48];
        std::snprintf(byte, sizeof byte, "byte 0x%02X (invalid UTF-8)", at->first);
        message.replace(mark, 6, byte);
        set_error(error, static_cast<tk_json_error_kind>(error->kind), message, error->line, error->column, error->byte_offset);
    }
}

/// Loads the store whose file bytes are already in `store->file`. Takes ownership. Unless
/// `options.strict`, a text that fails only for ill-formed UTF-8 or lone surrogate escapes
/// is loaded again: with its ill-formed UTF-8 replaced by U+FFFD in a repaired copy, and
/// lone surrogate escapes read as U+FFFD where they stand (see DESIGN, "Lenient text"). A
/// valid text never pays for that.
tk_json_store *finish_load(std::unique_ptr<tk_json_store> store, const tk_json_load_options &options, tk_json_error *error) {
    bool utf8_valid = true;
    {
        Loader loader(*store, options);
        // Lenient: a failure is explained only when there is nothing to replace (the
        // explanation is a scalar pass over the whole text, wasted before a second try).
        if (!options.strict) { loader.defer_explanations(); }
        if (loader.load(error)) {
            set_error(error, TK_JSON_OK, "");
            return store.release();
        }
        if (options.strict) { return nullptr; }
        const uint8_t *bytes = store->file.bytes.get();
        const size_t length = store->file.length;
        utf8_valid = simdjson::validate_utf8(reinterpret_cast<const char *>(bytes), length);
        if (utf8_valid && tk::count_lone_surrogates(bytes, length) == 0) {
            loader.explain_deferred(error);  // nothing to replace: the first try's error stands
            return nullptr;
        }
    }
    auto retry = std::make_unique<tk_json_store>();
    retry->timings.read_ns = store->timings.read_ns;
    std::vector<Replacement> replacements;
    if (!utf8_valid) {
        if (!repair_utf8(store->file, retry->file, replacements)) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "out of memory");
            return nullptr;
        }
        retry->bytes_repaired = true;
    } else {
        retry->file = std::move(store->file);  // the same bytes: lone surrogate escapes are ASCII
    }
    store.reset();  // the first try's records, and the original bytes if repaired
    retry->replacements = replacements.size() + tk::count_lone_surrogates(retry->file.bytes.get(), retry->file.length);
    Loader loader(*retry, options, tk::Surrogates::replace);
    if (!loader.load(error)) {
        map_error_to_file(error, replacements);
        return nullptr;
    }
    set_error(error, TK_JSON_OK, "");
    return retry.release();
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

}  // namespace tk_loader

using namespace tk_loader;

// MARK: - C API

namespace {

void report_read_failure(tk_json_error *error, const tk_loader::ReadFailure &failure) {
    if (failure.is_syntax) {
        set_error(error, TK_JSON_ERROR_SYNTAX, failure.why, failure.line, failure.column, failure.offset);
    } else {
        set_error(error, TK_JSON_ERROR_UNREADABLE, failure.why);
    }
}

tk_loader::ReadLimits read_limits(const tk_json_load_options &options) {
    tk_loader::ReadLimits limits;
    limits.is_cancelled = options.is_cancelled;
    limits.cancel_context = options.cancel_context;
    limits.wait_milliseconds = options.wait_milliseconds;
    limits.max_stream_bytes = options.max_stream_bytes;
    return limits;
}

/// Reads the bytes with `read` (a file, a descriptor), timing it, then loads them as
/// `options` say (NULL: all 0).
template <typename Read>
tk_json_store *read_and_load(const tk_json_load_options *options, tk_json_error *error, Read read) {
    try {
        const tk_json_load_options chosen = options ? *options : tk_json_load_options{};
        auto store = std::make_unique<tk_json_store>();
        ReadFailure failure;
        const uint64_t started = now_ns();
        if (!read(store->file, read_limits(chosen), failure)) {
            report_read_failure(error, failure);
            return nullptr;
        }
        store->timings.read_ns = now_ns() - started;
        tk_json_store *loaded = finish_load(std::move(store), chosen, error);
        if (loaded && loaded->file.bytes.lost_bytes()) {
            // Truncated while it was being parsed: what was parsed is partly zeros.
            tk_json_free(loaded);
            set_error(error, TK_JSON_ERROR_UNREADABLE, "the file changed while it was being read");
            return nullptr;
        }
        return loaded;
    } catch (...) {  // std::bad_alloc from a vector or string
        set_error(error, TK_JSON_ERROR_UNREADABLE, "out of memory");
        return nullptr;
    }
}

}  // namespace

extern "C" {

tk_json_store *tk_json_load_file(const char *path, const tk_json_load_options *options, tk_json_error *error) {
    if (!path) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "no such file");
        return nullptr;
    }
    return read_and_load(options, error, [path](Buffer &file, const ReadLimits &limits, ReadFailure &failure) {
        return read_file(path, file, limits, failure);
    });
}

tk_json_store *tk_json_load_descriptor(int descriptor, const tk_json_load_options *options, tk_json_error *error) {
    return read_and_load(options, error, [descriptor](Buffer &file, const ReadLimits &limits, ReadFailure &failure) {
        return read_descriptor(descriptor, file, limits, failure);
    });
}

tk_json_store *tk_json_load_memory(const void *bytes, size_t length, const tk_json_load_options *options,
                                   tk_json_error *error) {
    try {
        const tk_json_load_options chosen = options ? *options : tk_json_load_options{};
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
        return finish_load(std::move(store), chosen, error);
    } catch (...) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "out of memory");
        return nullptr;
    }
}

void tk_json_set_split_minimum(size_t bytes) { split_minimum = bytes; }

void tk_json_set_lines_window(size_t bytes) { lines_window = bytes; }

void tk_json_set_array_window(size_t bytes) { array_window = bytes; }

void tk_json_free(tk_json_store *store) { delete store; }

size_t tk_json_count(const tk_json_store *store) { return store ? store->records.size() : 0; }

const char *tk_json_records_pointer(const tk_json_store *store, size_t *length) {
    if (length) { *length = store ? store->records_pointer.size() : 0; }
    return store ? store->records_pointer.data() : nullptr;
}

void tk_json_get_timings(const tk_json_store *store, tk_json_timings *timings) {
    if (!timings) { return; }
    *timings = store ? store->timings : tk_json_timings{};
}

int tk_json_is_lines(const tk_json_store *store) { return store && store->is_lines ? 1 : 0; }

tk_json_container tk_json_records_container(const tk_json_store *store) {
    if (!store) { return TK_JSON_CONTAINER_TOP_ARRAY; }
    if (store->is_lines) { return TK_JSON_CONTAINER_LINES; }
    if (store->members) { return TK_JSON_CONTAINER_MEMBERS; }
    return store->records_pointer.empty() ? TK_JSON_CONTAINER_TOP_ARRAY : TK_JSON_CONTAINER_INNER_ARRAY;
}

int tk_json_bytes_repaired(const tk_json_store *store) { return store && store->bytes_repaired ? 1 : 0; }

size_t tk_json_replacement_count(const tk_json_store *store) { return store ? store->replacements : 0; }

int tk_json_records_are_members(const tk_json_store *store) { return store && store->members ? 1 : 0; }

int tk_json_record_name(const tk_json_store *store, size_t index, const uint8_t **bytes, size_t *length) {
    if (!store || index >= store->names.size()) {
        if (bytes) { *bytes = nullptr; }
        if (length) { *length = 0; }
        return 0;
    }
    return resolve(store, store->names[index], bytes, length) ? 1 : 0;
}

size_t tk_json_candidate_count(const tk_json_store *store) { return store ? store->candidates.size() : 0; }

const char *tk_json_candidate(const tk_json_store *store, size_t i, size_t *length, size_t *bytes) {
    if (!store || i >= store->candidates.size()) { return nullptr; }
    if (length) { *length = store->candidates[i].pointer.size(); }
    if (bytes) { *bytes = store->candidates[i].bytes; }
    return store->candidates[i].pointer.data();
}

size_t tk_json_array_offset(const tk_json_store *store) { return store ? store->array_begin : 0; }

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

void tk_json_title_leads(const tk_json_store *store, size_t from, size_t count, uint32_t *leads) {
    if (!leads) { return; }
    const size_t total = store ? store->records.size() : 0;
    const size_t end = from < total ? from + std::min(count, total - from) : from;
    if (store && store->leads.size() == total && total > 0) {
        std::copy(store->leads.begin() + static_cast<ptrdiff_t>(from), store->leads.begin() + static_cast<ptrdiff_t>(end), leads);
        for (size_t i = end; i < from + count; ++i) { leads[i - from] = 0; }
        return;
    }
    tk_json_title_leads_from_titles(store, from, count, leads);
}

int tk_json_title_leads_kept(const tk_json_store *store) {
    return store && !store->records.empty() && store->leads.size() == store->records.size() ? 1 : 0;
}

void tk_json_title_leads_from_titles(const tk_json_store *store, size_t from, size_t count, uint32_t *leads) {
    if (!leads) { return; }
    const size_t total = store ? store->records.size() : 0;
    const size_t end = from < total ? from + std::min(count, total - from) : from;
    const Record *records = store ? store->records.data() : nullptr;
    const uint8_t *data = store ? store->file.bytes.get() : nullptr;
    // Titles lie a record apart in the file, one cache line each: asking for the bytes a few
    // records ahead keeps the memory busy while the loop reads the ones at hand.
    constexpr size_t kAhead = 16;
    for (size_t i = from; i < end; ++i) {
        if (i + kAhead < end) {
            const Span ahead = records[i + kAhead].title;
            if (ahead.length != kAbsent && !(ahead.length & kInArena)) { __builtin_prefetch(data + ahead.offset); }
        }
        const uint32_t lead = tk_loader::title_lead(data, store->arena, records[i].title);
        leads[i - from] = lead;
    }
    for (size_t i = end; i < from + count; ++i) { leads[i - from] = 0; }
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

int tk_json_raw_range(const tk_json_store *store, size_t index, size_t *offset, size_t *length) {
    const Record *record = record_at(store, index);
    if (offset) { *offset = record ? record->raw_offset : 0; }
    if (length) { *length = record ? record->raw_length : 0; }
    return record ? 1 : 0;
}

int tk_json_store_map_file(tk_json_store *store, const char *path) {
    if (!store || !path || store->file.bytes.is_mapped()) { return 0; }
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { return 0; }
    struct stat info {};
    OwnedBytes mapped;
    const bool same_size = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && static_cast<uint64_t>(info.st_size) == store->file.length;
    const bool ok = same_size && map_file(fd, store->file.length, mapped) &&
                    std::memcmp(mapped.get(), store->file.bytes.get(), store->file.length) == 0;
    ::close(fd);
    if (!ok) { return 0; }
    store->file.bytes = std::move(mapped);
    return 1;
}

int tk_json_store_is_mapped(const tk_json_store *store) { return store && store->file.bytes.is_mapped() ? 1 : 0; }

int tk_json_store_file_descriptor(const tk_json_store *store) { return store ? store->file.bytes.descriptor() : -1; }

int tk_json_store_lost_bytes(const tk_json_store *store) { return store && store->file.bytes.lost_bytes() ? 1 : 0; }

const uint8_t *tk_json_bytes(const tk_json_store *store, size_t *length) {
    if (length) { *length = store ? store->file.length : 0; }
    return store ? store->file.bytes.get() : nullptr;
}

namespace {

/// How many bytes of the string body `body` (`length` bytes, between its quotes) to unescape
/// for at most about `limit` bytes of it: whole escapes and whole UTF-8 sequences only.
size_t prefix_cut(const uint8_t *body, size_t length, size_t limit) {
    size_t at = 0;
    while (at < length && at < limit) {
        const size_t step = body[at] != '\\' ? 1 : (at + 1 < length && body[at + 1] == 'u' ? 6 : 2);
        if (at + step > limit) { break; }
        at += step;
    }
    // A cut inside a UTF-8 sequence goes back to its first byte (escapes are ASCII).
    while (at > 0 && at < length && (body[at] & 0xC0) == 0x80) { --at; }
    return at;
}

}  // namespace

int tk_json_fields_is_prefix(const tk_json_fields *fields, size_t i) {
    return fields && i < fields->entries.size() && fields->entries[i].is_prefix ? 1 : 0;
}

tk_json_fields *tk_json_record_fields_prefix(const tk_json_store *store, size_t index, size_t max_value_bytes) {
    const Record *record = record_at(store, index);
    if (!record) { return nullptr; }
    try {
        auto fields = std::make_unique<tk_json_fields>();
        const uint8_t *object = store->file.bytes.get() + record->raw_offset;
        tk::for_each_member(object, record->raw_length,
                            [&](const uint8_t *key, size_t key_length, const uint8_t *value, size_t value_length) {
                                tk_json_fields::Entry entry{};
                                entry.raw_value_offset = static_cast<size_t>(value - object);
                                entry.raw_value_length = value_length;
                                entry.key_offset = fields->text.size();
                                tk::Fault fault;
                                // A lone surrogate escape is in the text only after a lenient load.
                                if (!tk::unescape(key, key_length, &fields->text, fault, tk::Surrogates::replace)) {
                                    fields->text.resize(entry.key_offset);  // validated at load; not expected
                                }
                                entry.key_length = fields->text.size() - entry.key_offset;
                                entry.value_offset = fields->text.size();
                                const size_t trimmed = tk::trim_space_end(value, value_length);
                                if (trimmed > max_value_bytes && trimmed >= 2 && value[0] == '"') {
                                    const size_t cut = prefix_cut(value + 1, trimmed - 2, max_value_bytes);
                                    tk::Fault ignored;
                                    if (!tk::unescape(value + 1, cut, &fields->text, ignored, tk::Surrogates::replace)) {
                                        fields->text.resize(entry.value_offset);  // validated at load; not expected
                                    }
                                    entry.is_prefix = true;
                                } else {
                                    tk::append_display_text(value, value_length, fields->text);
                                }
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

int tk_json_fields_raw_value(const tk_json_fields *fields, size_t i, size_t *offset, size_t *length) {
    if (!fields || i >= fields->entries.size()) { return 0; }
    if (offset) { *offset = fields->entries[i].raw_value_offset; }
    if (length) { *length = fields->entries[i].raw_value_length; }
    return 1;
}

void tk_json_fields_free(tk_json_fields *fields) { delete fields; }

}  // extern "C"
