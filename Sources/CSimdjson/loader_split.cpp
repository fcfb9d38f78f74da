// loader_split.cpp — the two-thread walk (see DESIGN, "Two threads", in loader.cpp): finding
// a cut, settling keys from the first record, walking both halves at once, joining the results.
#include "loader_internal.hpp"
#include "json_text.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace tk_loader {

/// Looks for `}` ws `,` ws `\n` ws `{` with its line break in [from, stop), within the
/// array [begin, end). A raw line break is never inside a string of valid JSON, so this is
/// a boundary between two objects — of the array, or of a nested one: the walk of what it
/// cuts tells which, as only a cut between two of the array's own records leaves both
/// sides whole arrays.
bool find_cut(const uint8_t *data, size_t begin, size_t end, size_t from, size_t stop, Cut &cut) {
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
            cut = {comma, line_break};
            return true;
        }
    }
    return false;
}

namespace {

/// A place to cut the array for two threads: find_cut from the middle on (at most 8 MiB).
/// A wrong guess (nested, or invalid JSON) makes a half fail to load, and the loader starts
/// again on one thread. Minified files have no line breaks: they are walked on one thread.
bool find_split(const uint8_t *data, size_t begin, size_t end, Cut &split) {
    const size_t from = begin + (end - begin) / 2;
    return find_cut(data, begin, end, from, std::min(end, from + (size_t(8) << 20)), split);
}

/// Runs `a` here and `b` on a new thread; true when both return true. Exceptions
/// (out of memory) count as false; with no thread to be had, returns false.
template <typename A, typename B>
bool run_pair(A &&a, B &&b) {
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

}  // namespace

/// Walks a big array as two documents on two threads, by overwriting, for the
/// duration, the ',' of a split with ']' and the line break after it with '['. Returns
/// false, with the bytes restored and the store empty, whenever it cannot (or a half
/// fails): then walk_in_one decides, and explains any error.
bool Loader::walk_in_two() {
    const size_t begin = begin_;
    Cut split{};
    store_.keys = given_;
    if (end_ - begin < store_.limits.split_minimum || !settle_keys_from_first_record() ||
        !find_split(data_, begin, end_, split)) {
        return false;
    }
    std::vector<Record> second_records;
    std::string second_arena;
    std::vector<uint32_t> second_leads;
    store_.leads.clear();
    bool ok;
    {
        od::parser first_parser, second_parser;
        // Allocating here, on this thread, also lets simdjson pick its implementation
        // before two threads race to do it. Each half is walked in windows (Walker::walk),
        // and a longer window makes simdjson allocate again.
        const size_t room = 3 * store_.limits.array_window;
        if (first_parser.allocate(std::min(split.comma + 1 - begin, room)) ||
            second_parser.allocate(std::min(end_ - split.line_break, room))) {
            return false;
        }
        Walker first(data_, store_.keys, store_.records, store_.arena, surrogates_);
        Walker second(data_, store_.keys, second_records, second_arena, surrogates_);
        first.planned_bytes = end_ - begin;  // the second half's records are appended to these
        first.track_leads(store_.leads);
        second.track_leads(second_leads);
        uint8_t *bytes = store_.file.bytes.get();
        bytes[split.comma] = ']';
        bytes[split.line_break] = '[';
        // The halves' windows are cut apart from each other: the threads write different bytes.
        const size_t window = store_.limits.array_window;
        ok = run_pair([&] { return first.walk(first_parser, begin, split.comma + 1, record_depth_, bytes, window); },
                      [&] { return second.walk(second_parser, split.line_break, end_, record_depth_, bytes, window); });
        bytes[split.comma] = ',';
        bytes[split.line_break] = '\n';
        windows_failed_ = windows_failed_ || (!ok && (first.walked_in_windows() || second.walked_in_windows()));
        store_.timings.parse_ns[0] = first.parse_ns;
        store_.timings.parse_ns[1] = second.parse_ns;
        store_.timings.walk_ns[0] = first.walk_ns;
        store_.timings.walk_ns[1] = second.walk_ns;
    }
    if (ok) { ok = append(second_records, second_arena); }
    if (ok) { store_.leads.insert(store_.leads.end(), second_leads.begin(), second_leads.end()); }
    if (!ok) {
        store_.records.clear();
        store_.arena.clear();
        store_.leads.clear();
    }
    return ok;
}

/// Walks big JSON Lines as two streams on two threads, cut at a line break near the middle
/// that has a `}` before it and a `{` after it (white space aside): no byte needs changing,
/// as in valid JSON Lines such a line break lies between two records (inside a record, a
/// `}` and a `{` are parted by a comma). Returns false, with the store empty, whenever it
/// cannot (or a half fails).
bool Loader::walk_lines_in_two() {
    store_.keys = given_;
    if (end_ - begin_ < store_.limits.split_minimum || !settle_keys_from_first_record()) { return false; }
    size_t from = begin_ + (end_ - begin_) / 2;
    const size_t stop = std::min(end_, from + (size_t(8) << 20));
    size_t cut = 0;
    while (from < stop && cut == 0) {
        const void *hit = std::memchr(data_ + from, '\n', stop - from);
        if (!hit) { return false; }
        const size_t line_break = static_cast<size_t>(static_cast<const uint8_t *>(hit) - data_);
        from = line_break + 1;
        size_t close = line_break;
        while (close > begin_ && tk::is_json_space(data_[close - 1])) { --close; }
        const size_t open = tk::skip_space(data_, end_, line_break + 1);
        if (close > begin_ && data_[close - 1] == '}' && open < end_ && data_[open] == '{') { cut = line_break + 1; }
    }
    if (cut == 0) { return false; }
    const size_t batch = store_.limits.lines_window;
    std::vector<Record> second_records;
    std::string second_arena;
    bool ok;
    {
        od::parser first_parser, second_parser;
        if (first_parser.allocate(batch) || second_parser.allocate(batch)) { return false; }
        Walker first(data_, store_.keys, store_.records, store_.arena, surrogates_);
        Walker second(data_, store_.keys, second_records, second_arena, surrogates_);
        first.planned_bytes = end_ - begin_;  // the second half's records are appended to these
        ok = run_pair([&] { return first.walk_lines(first_parser, begin_, cut, batch); },
                      [&] { return second.walk_lines(second_parser, cut, end_, batch); });
    }
    if (ok) { ok = append(second_records, second_arena); }
    if (!ok) {
        store_.records.clear();
        store_.leads.clear();
        store_.arena.clear();
    }
    return ok;
}

/// Appends the second half's records, moving their arena spans past the first's arena.
bool Loader::append(const std::vector<Record> &records, const std::string &arena) {
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
bool Loader::settle_keys_from_first_record() {
    if (store_.keys.decided()) { return true; }
    size_t i = tk::skip_space(data_, end_, begin_);
    if (!store_.is_lines) {
        if (i >= end_ || data_[i] != '[') { return false; }
        i = tk::skip_space(data_, end_, i + 1);
    }
    if (i >= end_ || data_[i] != '{') { return false; }
    std::vector<SeenKey> members;
    bool has_string = false;
    tk::for_each_member(data_ + i, end_ - i,
                        [&](const uint8_t *key, size_t key_length, const uint8_t *value, size_t) {
                            std::string name;
                            tk::Fault fault;
                            if (!tk::unescape(key, key_length, &name, fault, surrogates_)) { name.clear(); }
                            has_string = has_string || value[0] == '"';
                            members.push_back({std::move(name), value[0] == '"'});
                            return true;
                        });
    if (!has_string) { return false; }
    decide(store_.keys, members, true);
    return true;
}

}  // namespace tk_loader
