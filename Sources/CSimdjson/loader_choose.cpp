// loader_choose.cpp — where the records are (see loader.cpp's DESIGN, "Inner arrays" and
// "Objects of objects"): the top-level array as it is; in a top-level object its last member
// array the quick way (choose_last_array), else the largest member array of objects or the
// member a pointer names, read member by member (choose_array); at a deeper pointer, the
// value there.
#include "csimdjson.h"
#include "json_text.hpp"
#include "loader_internal.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tk_loader {

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

}  // namespace tk_loader
