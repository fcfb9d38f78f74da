// loader_walk.cpp — the fast path (see DESIGN in loader.cpp): the Walker, which checks one
// document with simdjson On-Demand and records its elements, and the key decision (decide).
#include "loader_internal.hpp"
#include "json_text.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tk_loader {

namespace {

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

}  // namespace

// MARK: - Key decision

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

// MARK: - Walker

/// How many records show the size of a record before the vector is given room for all.
constexpr size_t kRecordsBeforeReserving = 4096;

/// Gives the records' vector room for every record of the planned bytes, estimated from the
/// bytes the first records took (up to `records_end`), with a quarter to spare: growing by
/// doubling would copy the vector about once over and have the kernel zero twice its size in
/// fresh pages (a tenth of the walk at ten million records). Room not used is never touched,
/// so it costs address space, not memory. An estimate that cannot be had is no loss.
void Walker::reserve_room(size_t records_end) {
    const size_t planned = planned_bytes > 0 ? planned_bytes : walk_bytes_;
    const size_t seen = records_end > walk_begin_ ? records_end - walk_begin_ : 0;
    if (seen == 0 || planned <= seen) { return; }
    const double per_record = static_cast<double>(seen) / static_cast<double>(records_.size());
    const size_t estimate = static_cast<size_t>(static_cast<double>(planned) / per_record * 1.25) + kRecordsBeforeReserving;
    // Never more records than 8-byte objects (`{"a":1},`) could fill the bytes with.
    const size_t most = planned / 8 + kRecordsBeforeReserving;
    try {
        records_.reserve(std::min(estimate, most));
    } catch (...) {  // the vector grows as it would have
    }
}

bool Walker::walk(od::parser &parser, size_t begin, size_t end, size_t record_depth, uint8_t *writable, size_t array_window) {
    record_depth_ = record_depth;
    walk_begin_ = begin;
    walk_bytes_ = end - begin;
    scan_from_ = scan_to_ = nullptr;
    scan_hit_ = false;
    parse_ns = walk_ns = 0;
    windowed_ = false;
    const size_t window = std::max<size_t>(array_window, 64);
    size_t from = begin;
    size_t index = 0;  // of the next record in the whole array, for shape errors
    // The line break made `[` that opens the window being walked, put back after its walk.
    struct Opening {
        uint8_t *bytes = nullptr;
        size_t at = 0;
        void restore() {
            if (bytes) { bytes[at] = '\n'; }
            bytes = nullptr;
        }
        ~Opening() { restore(); }
    } opening;
    for (;;) {
        Cut cut{};
        const size_t first = records_.size();
        if (writable == nullptr || (end - from) / 2 < window || !find_cut(data_, from, end, from + window, end - window, cut)) {
            if (!walk_window(parser, from, end, index)) { return false; }
            take_leads(first);
            return true;
        }
        windowed_ = true;
        writable[cut.comma] = ']';
        writable[cut.line_break] = '[';
        const bool ok = walk_window(parser, from, cut.comma + 1, index);
        if (ok) { take_leads(first); }
        writable[cut.comma] = ',';
        opening.restore();
        opening.bytes = writable;
        opening.at = cut.line_break;
        if (!ok) { return false; }
        from = cut.line_break;
    }
}

/// Appends the title leads of records [first, end) to the leads tracked, if any, while the
/// window's bytes are in the cache: after the load they would be read again from memory, a
/// record apart (a tenth of a second at ten million records). Apart from walk_record, whose
/// code the compiler then inlined less well (the walk a seventh slower).
void Walker::take_leads(size_t first) {
    if (!leads_) { return; }
    try {
        if (leads_->capacity() < records_.capacity()) { leads_->reserve(records_.capacity()); }
        for (size_t i = first; i < records_.size(); ++i) { leads_->push_back(title_lead(data_, arena_, records_[i].title)); }
    } catch (...) {
        leads_->clear();
        leads_ = nullptr;  // the leads are read from the titles when asked for
    }
}

/// Walks [begin, end) as one document: the whole array, or a window of it that begins with
/// its `[` or a line break made `[`, and ends with its `]` or a comma made `]`. `index`:
/// the array's index of the window's first record, advanced past its last.
bool Walker::walk_window(od::parser &parser, size_t begin, size_t end, size_t &index) {
    od::document doc;
    const size_t length = end - begin;
    const uint64_t started = now_ns();
    if (parser.iterate(data_ + begin, length, length + simdjson::SIMDJSON_PADDING).get(doc)) { return false; }
    const uint64_t parsed = now_ns();
    parse_ns += parsed - started;
    struct Clock {  // the walk's time, however it ends
        uint64_t from;
        uint64_t &into;
        ~Clock() { into += now_ns() - from; }
    } clock{parsed, walk_ns};
    od::json_type type;
    if (doc.type().get(type)) { return false; }
    if (type != od::json_type::array) {
        const size_t at = tk::skip_space(data_, end, begin);
        return shape_error(at, std::string("the top-level value is ") + type_phrase(type) + ", not an array of objects");
    }
    od::array array;
    if (doc.get_array().get(array)) { return false; }
    for (auto element : array) {
        od::value value;
        if (std::move(element).get(value) || !walk_record(value, doc, index)) { return false; }
        ++index;
    }
    // Nothing may follow the array: simdjson reports OUT_OF_BOUNDS at the very end.
    return doc.current_location().error() == simdjson::OUT_OF_BOUNDS;
}

bool Walker::walk_lines(od::parser &parser, size_t begin, size_t end, size_t batch) {
    record_depth_ = 1;  // each record is a document of its own
    walk_begin_ = begin;
    walk_bytes_ = end - begin;
    scan_from_ = scan_to_ = nullptr;
    scan_hit_ = false;
    // No records: simdjson's stream would run no stage 1.
    if (tk::skip_space(data_, end, begin) == end) { return true; }
    od::document_stream stream;
    if (parser.iterate_many(data_ + begin, end - begin, batch).get(stream)) { return false; }
    // The records must cover the text, white space aside: simdjson 3.0.1's stream, with
    // its own thread, stops without an error (truncated_bytes() 0) after a window that holds
    // no whole record (one that begins with white space and ends within the next record).
    // So the bytes before the first record, between two and after the last are checked here.
    size_t covered = begin;  // where the last record ended
    size_t index = 0;
    for (auto it = stream.begin(); it != stream.end(); ++it) {
        od::document_reference reference;
        if ((*it).get(reference)) { return false; }
        od::document &doc = reference;
        // Where the record begins is its first token. Not it.current_index(): in simdjson
        // 3.0.1 that is where the window begins for a window's first record, which is the
        // white space before it when the window before ended just after a record's `}`.
        std::string_view token;
        if (doc.raw_json_token().get(token)) { return false; }
        const size_t at = offset_of(token.data());
        if (at < covered || tk::skip_space(data_, at, covered) != at) { return false; }
        // simdjson's stream takes values separated by any white space; JSON Lines wants a
        // line break between two records.
        if (index > 0 && !std::memchr(data_ + covered, '\n', at - covered)) {
            return shape_error(at, "a second value on the line of the record before (JSON Lines: one a line)");
        }
        od::json_type type;
        if (doc.type().get(type)) { return false; }
        if (type != od::json_type::object) {
            return shape_error(at, "element " + std::to_string(index) + " is " + type_phrase(type) + ", not an object");
        }
        od::value value;
        if (doc.get_value().get(value) || !walk_record(value, doc, index, end)) { return false; }
        covered = records_.back().raw_offset + records_.back().raw_length;
        ++index;
    }
    // Nothing but white space after the last record: a record cut off at the end (an
    // unclosed object) is not silently dropped.
    return tk::skip_space(data_, end, covered) == end;
}

bool Walker::walk_members(od::parser &parser, size_t begin, size_t end, std::vector<Span> &names) {
    record_depth_ = 2;
    walk_begin_ = begin;
    walk_bytes_ = end - begin;
    scan_from_ = scan_to_ = nullptr;
    scan_hit_ = false;
    od::document doc;
    const size_t length = end - begin;
    if (parser.iterate(data_ + begin, length, length + simdjson::SIMDJSON_PADDING).get(doc)) { return false; }
    od::object object;
    if (doc.get_object().get(object)) { return false; }
    size_t index = 0;
    for (auto member : object) {
        od::field field;
        if (std::move(member).get(field)) { return false; }
        const uint8_t *key = reinterpret_cast<const uint8_t *>(field.key().raw());
        od::value &value = field.value();
        const uint8_t *value_first = reinterpret_cast<const uint8_t *>(value.raw_json_token().data());
        size_t key_length = 0;
        if (!key_extent(key, value_first, key_length)) { return false; }
        // The name, as a title would be: a view of the file, or unescaped into the arena.
        names.push_back(capture(key - 1, key_length + 2));
        if (!walk_record(value, doc, index)) { return false; }
        ++index;
    }
    return doc.current_location().error() == simdjson::OUT_OF_BOUNDS;
}

void Walker::finish_inference() {
    if (keys_.decided()) { return; }
    decide(keys_, fallback_members_, false);
    reextract(0, records_.size());
}

/// One record: its members checked and its title and subtitle captured. In an array the
/// object ends where the iterator rests after it; in JSON Lines (`stream_end` set) the
/// iterator has nowhere to rest, so the end is found after the last member's value.
bool Walker::walk_record(od::value &value, od::document &doc, size_t index, size_t stream_end) {
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
    size_t value_end = first + 1;
    for (auto member : object) {
        od::field field;
        if (std::move(member).get(field) || !visit_member(field, record, value_end)) { return false; }
    }
    size_t end;
    if (stream_end > 0) {
        end = tk::skip_space(data_, stream_end, value_end);
        if (end >= stream_end || data_[end] != '}') { return false; }
        ++end;
    } else {
        // The iterator now rests on the ',' or ']' after the object: back up to its '}'.
        const char *next = nullptr;
        if (doc.current_location().get(next)) { return false; }
        end = offset_of(next);
        while (end > first && tk::is_json_space(data_[end - 1])) { --end; }
        if (end <= first || data_[end - 1] != '}') { return false; }
    }
    record.raw_length = static_cast<uint32_t>(end - first);
    if (records_.size() == kRecordsBeforeReserving) { reserve_room(end); }
    records_.push_back(record);
    if (!keys_.decided()) { after_undecided_record(records_.size() - 1); }
    return true;
}

bool Walker::visit_member(od::field &field, Record &record, size_t &value_end) {
    const uint8_t *key = reinterpret_cast<const uint8_t *>(field.key().raw());
    od::value &value = field.value();
    const std::string_view token = value.raw_json_token();
    const uint8_t *value_first = reinterpret_cast<const uint8_t *>(token.data());
    size_t key_length = 0;
    size_t value_length = 0;
    if (!key_extent(key, value_first, key_length) || !check_value(value, token, value_length)) { return false; }
    value_end = offset_of(value_first) + value_length;
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
bool Walker::key_extent(const uint8_t *key, const uint8_t *value_first, size_t &length) const {
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
std::string_view Walker::unescaped_key(const uint8_t *key, size_t length) {
    if (!has_backslash(key, length)) { return {reinterpret_cast<const char *>(key), length}; }
    key_scratch_.clear();
    tk::Fault fault;
    if (!tk::unescape(key, length, &key_scratch_, fault, surrogates_)) { return {}; }
    return key_scratch_.empty() ? std::string_view("", 0) : std::string_view(key_scratch_);
}

/// How far ahead of a string has_backslash looks for the next backslash at least.
constexpr size_t kBackslashReach = size_t(64) << 10;

/// Whether [p, p + n) holds a backslash: strings come in the order of the file, so one
/// search ahead answers for every string up to the backslash it finds (or as far as it
/// looked), where a search per string cost a fifth of the walk. Outside the walk's range
/// (a refiner's records), a plain search.
bool Walker::has_backslash(const uint8_t *p, size_t n) {
    const uint8_t *limit = data_ + walk_begin_ + walk_bytes_;
    if (p < data_ + walk_begin_ || p + n > limit) { return std::memchr(p, '\\', n) != nullptr; }
    // Known: no backslash in [scan_from_, scan_to_), and scan_to_ is one when scan_hit_.
    if (p < scan_from_ || p > scan_to_ || (p + n > scan_to_ && !scan_hit_)) {
        const size_t reach = std::min(std::max(n, kBackslashReach), static_cast<size_t>(limit - p));
        const void *hit = std::memchr(p, '\\', reach);
        scan_from_ = p;
        scan_hit_ = hit != nullptr;
        scan_to_ = hit ? static_cast<const uint8_t *>(hit) : p + reach;
    }
    return p + n > scan_to_;
}

/// Checks one member value completely; sets `length` to its text's length (from its
/// first byte, without trailing whitespace).
bool Walker::check_value(od::value &value, std::string_view token, size_t &length) {
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
        return !has_backslash(p + 1, n - 2) || tk::unescape(p + 1, n - 2, nullptr, fault, surrogates_);
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

bool Walker::check_container(std::string_view text, size_t &length) {
    const uint8_t *p = reinterpret_cast<const uint8_t *>(text.data());
    length = tk::trim_space_end(p, text.size());
    tk::Fault fault;
    return tk::validate(p, length, record_depth_, fault, surrogates_);
}

// -- Titles and subtitles

/// The span showing the valid value [v, v + n): a string's content (unescaped into the
/// arena when needed), a scalar's text, or a container compacted into the arena.
Span Walker::capture(const uint8_t *v, size_t n) {
    if (n >= 2 && v[0] == '"') {
        if (!has_backslash(v + 1, n - 2)) { return file_span(v + 1, n - 2); }
        const size_t before = arena_.size();
        tk::Fault fault;
        if (!tk::unescape(v + 1, n - 2, &arena_, fault, surrogates_)) { arena_.resize(before); }
        return arena_span(before);
    }
    if (v[0] == '{' || v[0] == '[') {
        const size_t before = arena_.size();
        tk::append_compact(v, n, arena_);
        return arena_span(before);
    }
    return file_span(v, n);
}

Span Walker::file_span(const uint8_t *p, size_t n) const {
    return {static_cast<uint32_t>(offset_of(p)), static_cast<uint32_t>(cut_length(p, n))};
}

Span Walker::arena_span(size_t before) {
    if (before > UINT32_MAX) { return {}; }  // Loader::load refuses such an arena
    const uint8_t *p = reinterpret_cast<const uint8_t *>(arena_.data()) + before;
    const size_t n = cut_length(p, arena_.size() - before);
    return {static_cast<uint32_t>(before), static_cast<uint32_t>(n) | kInArena};
}

/// n, or (beyond kMaxSpanLength) the longest prefix that ends on a character boundary.
size_t Walker::cut_length(const uint8_t *p, size_t n) {
    if (n <= kMaxSpanLength) { return n; }
    n = kMaxSpanLength;
    while (n > 0 && (p[n] & 0xC0) == 0x80) { --n; }
    return n;
}

// -- Key inference (single-threaded walks only: a split walk has its keys settled)

void Walker::after_undecided_record(size_t index) {
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
void Walker::reextract(size_t from, size_t to) {
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
        if (leads_ && i < leads_->size()) { (*leads_)[i] = title_lead(data_, arena_, record.title); }
    }
}

void Walker::retake_records(size_t from, size_t to) { reextract(from, to); }

void Walker::refine_keys(bool title_given, bool subtitle_given) {
    const size_t count = records_.size();
    if (count < 2 || (title_given && subtitle_given)) { return; }
    struct Stat {
        std::string key;
        size_t strings = 0;        // records where the value is a non-empty string
        std::string first_value;   // the first such value
        bool varies = false;       // whether another record's differs
    };
    std::vector<Stat> stats;       // in the order first met
    const size_t samples = std::min<size_t>(count, 256);
    std::vector<std::string> in_record;
    for (size_t s = 0; s < samples; ++s) {
        const Record &record = records_[s * count / samples];
        in_record.clear();
        tk::for_each_member(data_ + record.raw_offset, record.raw_length,
                            [&](const uint8_t *key, size_t key_length, const uint8_t *value, size_t value_length) {
                                std::string name(unescaped_key(key, key_length));
                                if (std::find(in_record.begin(), in_record.end(), name) != in_record.end()) { return true; }
                                in_record.push_back(name);
                                auto stat = std::find_if(stats.begin(), stats.end(), [&](const Stat &st) { return st.key == name; });
                                if (stat == stats.end()) { stat = stats.insert(stats.end(), Stat{name}); }
                                if (value[0] == '"' && value_length > 2) {
                                    const std::string text(reinterpret_cast<const char *>(value), value_length);
                                    if (stat->strings++ == 0) { stat->first_value = text; } else if (text != stat->first_value) { stat->varies = true; }
                                }
                                return true;
                            });
    }
    // Textual in most records; of those, the title: "title", "name", a key that says it is
    // a name or a title, then the first whose values vary, before any constant one.
    std::vector<const Stat *> textual;
    for (const Stat &stat : stats) {
        if (stat.strings * 2 > samples) { textual.push_back(&stat); }
    }
    if (textual.empty()) { return; }
    auto lower = [](std::string text) {
        for (char &c : text) { c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); }
        return text;
    };
    auto pick = [&](auto &&accept) -> const Stat * {
        for (const Stat *stat : textual) {
            if (accept(*stat)) { return stat; }
        }
        return nullptr;
    };
    Keys refined = keys_;
    if (!title_given) {
        const Stat *title = pick([](const Stat &s) { return s.varies && s.key == "title"; });
        if (!title) { title = pick([](const Stat &s) { return s.varies && s.key == "name"; }); }
        if (!title) {
            title = pick([&](const Stat &s) {
                const std::string key = lower(s.key);
                return s.varies && (key.find("name") != std::string::npos || key.find("title") != std::string::npos);
            });
        }
        if (!title) { title = pick([](const Stat &s) { return s.varies; }); }
        if (!title) { title = textual.front(); }
        refined.has_title = true;
        refined.title = title->key;
    }
    if (!subtitle_given) {
        const Stat *subtitle = pick([&](const Stat &s) { return s.varies && !(refined.has_title && s.key == refined.title); });
        refined.has_subtitle = subtitle != nullptr;
        refined.subtitle = subtitle ? subtitle->key : std::string();
    }
    if (refined.has_title == keys_.has_title && refined.title == keys_.title && refined.has_subtitle == keys_.has_subtitle &&
        refined.subtitle == keys_.subtitle) {
        return;
    }
    keys_.has_title = refined.has_title;
    keys_.title = refined.title;
    keys_.has_subtitle = refined.has_subtitle;
    keys_.subtitle = refined.subtitle;
    reextract(0, count);
}

bool Walker::shape_error(size_t offset, std::string message) {
    shape_offset_ = offset;
    shape_message_ = std::move(message);
    return false;
}

size_t Walker::offset_of(const void *p) const {
    return static_cast<size_t>(static_cast<const uint8_t *>(p) - data_);
}

}  // namespace tk_loader
