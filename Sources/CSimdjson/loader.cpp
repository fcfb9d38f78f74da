// loader.cpp — loads a JSON array of objects fast, strictly and compactly (csimdjson.h).
//
// DESIGN
//
// Where things are. loader_read.cpp reads the file (Bytes); loader_walk.cpp walks a document
// (Fast path, Key inference); loader_split.cpp walks a big array on two threads (Two threads);
// loader_choose.cpp finds where the records are (Inner arrays, Objects of objects);
// loader_lenient.cpp tries a failed text again leniently (Lenient text); this file runs a
// load (Loader) and explains failures (Failure path); loader_api.cpp holds the C API;
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
// shrink the window (tk_json_limits.lines_window) so that small texts cross windows.
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
#include <cstring>
#include <string>
#include <vector>

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
    const bool ok = walker.walk(parser, begin_, end_, record_depth_, writable, store_.limits.array_window);
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
    const size_t window = store_.limits.lines_window;
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

}  // namespace tk_loader
