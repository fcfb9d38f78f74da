// json_text.cpp — strict, bounds-checked JSON scanning over raw bytes. See json_text.hpp.
//
// This is the slow, simple half of the loader: a scalar byte-at-a-time reader (a few hundred
// MB/s) that knows the reason and position of every fault. The loader runs it over the whole
// file only when a load has already failed, and over small pieces otherwise.
#include "json_text.hpp"

#include <cstdio>
#include <cstring>
#include <vector>

namespace tk {
namespace {

bool is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') { return c - '0'; }
    if (c >= 'a' && c <= 'f') { return c - 'a' + 10; }
    if (c >= 'A' && c <= 'F') { return c - 'A' + 10; }
    return -1;
}

/// The 4 hex digits at s[i..i+4) as a code unit, or -1 when they are not 4 hex digits.
long hex4(const uint8_t *s, size_t n, size_t i) {
    if (i > n || n - i < 4) { return -1; }
    long value = 0;
    for (size_t k = 0; k < 4; ++k) {
        const int digit = hex_value(s[i + k]);
        if (digit < 0) { return -1; }
        value = value * 16 + digit;
    }
    return value;
}

std::string format_u(const char *format, unsigned long value) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

void append_utf8(uint32_t scalar, std::string &out) {
    if (scalar < 0x80) {
        out.push_back(static_cast<char>(scalar));
    } else if (scalar < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (scalar >> 6)));
        out.push_back(static_cast<char>(0x80 | (scalar & 0x3F)));
    } else if (scalar < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (scalar >> 12)));
        out.push_back(static_cast<char>(0x80 | ((scalar >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (scalar & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (scalar >> 18)));
        out.push_back(static_cast<char>(0x80 | ((scalar >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((scalar >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (scalar & 0x3F)));
    }
}

/// Decodes the escape whose backslash is s[i]. Returns the bytes it spans (2, 6 or 12 for
/// a surrogate pair) and sets `scalar`, or returns 0 and sets `fault`.
/// Lone surrogates (\ud800 without a low half, or a bare \udc00) are rejected: they are
/// grammatical JSON but no Unicode string can hold them, so they could only be mangled;
/// with Surrogates::replace each is read as U+FFFD instead (6 bytes).
size_t decode_escape(const uint8_t *s, size_t n, size_t i, uint32_t &scalar, Fault &fault,
                     Surrogates surrogates = Surrogates::reject) {
    if (i + 1 >= n) {
        fault = {i, "unterminated escape in string"};
        return 0;
    }
    switch (s[i + 1]) {
    case '"': scalar = '"'; return 2;
    case '\\': scalar = '\\'; return 2;
    case '/': scalar = '/'; return 2;
    case 'b': scalar = '\b'; return 2;
    case 'f': scalar = '\f'; return 2;
    case 'n': scalar = '\n'; return 2;
    case 'r': scalar = '\r'; return 2;
    case 't': scalar = '\t'; return 2;
    case 'u': break;
    default: {
        const uint8_t next = s[i + 1];
        if (next >= 0x21 && next < 0x7F) {
            fault = {i, std::string("invalid escape \\") + static_cast<char>(next) + " in string"};
        } else {
            fault = {i, "invalid escape: backslash followed by " + describe_char(s, n, i + 1)};
        }
        return 0;
    }
    }
    const long unit = hex4(s, n, i + 2);
    if (unit < 0) {
        fault = {i, "invalid \\u escape: expected 4 hex digits"};
        return 0;
    }
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
        if (surrogates == Surrogates::replace) {
            scalar = 0xFFFD;
            return 6;
        }
        fault = {i, format_u("invalid \\u escape: lone low surrogate \\u%04lX", static_cast<unsigned long>(unit))};
        return 0;
    }
    if (unit < 0xD800 || unit > 0xDBFF) {
        scalar = static_cast<uint32_t>(unit);
        return 6;
    }
    const long low = (i + 7 < n && s[i + 6] == '\\' && s[i + 7] == 'u') ? hex4(s, n, i + 8) : -1;
    if (low < 0xDC00 || low > 0xDFFF) {
        if (surrogates == Surrogates::replace) {
            scalar = 0xFFFD;
            return 6;
        }
        fault = {i, format_u("invalid \\u escape: high surrogate \\u%04lX is not followed by a low surrogate",
                             static_cast<unsigned long>(unit))};
        return 0;
    }
    scalar = 0x10000 + ((static_cast<uint32_t>(unit) - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00);
    return 12;
}

std::string control_char_reason(uint8_t c) {
    if (c == '\n') { return "line break in string must be escaped as \\n (missing closing quote?)"; }
    return format_u("control character U+%04lX in string must be escaped", c);
}

/// Checks the literal `word` at p[i] and that no letter or digit is glued to it.
bool scan_literal(const uint8_t *p, size_t n, size_t i, const char *word, size_t &end, Fault &fault) {
    const size_t length = std::strlen(word);
    bool ok = n - i >= length && std::memcmp(p + i, word, length) == 0;
    if (ok && i + length < n) {
        const uint8_t next = p[i + length];
        ok = !((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || is_digit(next));
    }
    if (!ok) {
        fault = {i, std::string("invalid literal (expected ") + word + ")"};
        return false;
    }
    end = i + length;
    return true;
}

/// Rejects a number glued to more number-like characters ("1.5.3", "12abc", "0x1F").
bool number_ends_cleanly(const uint8_t *p, size_t n, size_t end, Fault &fault) {
    if (end >= n) { return true; }
    const uint8_t c = p[end];
    const bool glued = is_digit(c) || c == '.' || c == '+' || c == '-' || c == '_' ||
                       (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (glued) {
        fault = {end, "invalid number: unexpected " + describe_char(p, n, end)};
        return false;
    }
    return true;
}

/// One open array or object of the validator: where it opened, and which it is.
struct Open {
    size_t offset;
    bool is_object;
};

/// The iterative validator: a loop over three states with an explicit stack of open
/// containers, so depth costs heap (bounded by kMaxDepth), never call stack.
class Validator {
public:
    Validator(const uint8_t *p, size_t n, size_t outer_depth, Surrogates surrogates, size_t start = 0)
        : p_(p), n_(n), outer_depth_(outer_depth), surrogates_(surrogates), i_(start) {}

    /// Where reading is: after a successful run(), just past the value (or the text).
    size_t position() const { return i_; }

    /// Validates one value; with `whole_text`, nothing but whitespace may follow it.
    bool run(Fault &fault, bool whole_text = true) {
        State state = State::value;
        while (true) {
            switch (state) {
            case State::value:
                if (!value(state, fault)) { return false; }
                break;
            case State::key:
                if (!key(state, fault)) { return false; }
                break;
            case State::after_value:
                if (open_.empty()) { return !whole_text || end_of_text(fault); }
                if (!after_value(state, fault)) { return false; }
                break;
            }
        }
    }

private:
    enum class State { value, key, after_value };

    bool value(State &state, Fault &fault) {
        i_ = skip_space(p_, n_, i_);
        if (i_ >= n_) { return unexpected_end(open_.empty() ? "a JSON value" : "a value", fault); }
        const uint8_t c = p_[i_];
        if (c == '{' || c == '[') { return open(c == '{', state, fault); }
        state = State::after_value;
        size_t end = i_;
        bool has_escape = false;
        bool ok;
        if (c == '"') {
            ok = scan_string(p_, n_, i_, end, has_escape, fault, surrogates_);
        } else if (c == '-' || is_digit(c)) {
            ok = scan_number(p_, n_, i_, end, fault) && number_ends_cleanly(p_, n_, end, fault);
        } else if (c == 't') {
            ok = scan_literal(p_, n_, i_, "true", end, fault);
        } else if (c == 'f') {
            ok = scan_literal(p_, n_, i_, "false", end, fault);
        } else if (c == 'n') {
            ok = scan_literal(p_, n_, i_, "null", end, fault);
        } else {
            fault = {i_, "unexpected " + describe_char(p_, n_, i_) + ", expected a value"};
            ok = false;
        }
        i_ = end;
        return ok;
    }

    bool open(bool is_object, State &state, Fault &fault) {
        if (outer_depth_ + open_.size() >= kMaxDepth) {
            fault = {i_, format_u("nesting deeper than %lu levels of arrays and objects", kMaxDepth)};
            return false;
        }
        open_.push_back({i_, is_object});
        i_ = skip_space(p_, n_, i_ + 1);
        if (i_ < n_ && p_[i_] == (is_object ? '}' : ']')) {
            ++i_;
            open_.pop_back();
            state = State::after_value;
        } else {
            state = is_object ? State::key : State::value;
        }
        return true;
    }

    bool key(State &state, Fault &fault) {
        i_ = skip_space(p_, n_, i_);
        if (i_ >= n_) { return unexpected_end("a string key", fault); }
        if (p_[i_] != '"') {
            fault = {i_, "expected a string key in quotes, found " + describe_char(p_, n_, i_)};
            return false;
        }
        size_t end = i_;
        bool has_escape = false;
        if (!scan_string(p_, n_, i_, end, has_escape, fault, surrogates_)) { return false; }
        i_ = skip_space(p_, n_, end);
        if (i_ >= n_) { return unexpected_end("':'", fault); }
        if (p_[i_] != ':') {
            fault = {i_, "expected ':' after object key"};
            return false;
        }
        ++i_;
        state = State::value;
        return true;
    }

    bool after_value(State &state, Fault &fault) {
        const Open top = open_.back();
        const char close = top.is_object ? '}' : ']';
        i_ = skip_space(p_, n_, i_);
        if (i_ >= n_) { return unexpected_end(top.is_object ? "',' or '}'" : "',' or ']'", fault); }
        if (p_[i_] == close) {
            ++i_;
            open_.pop_back();
            return true;
        }
        if (p_[i_] != ',') {
            fault = {i_, top.is_object ? "expected ',' or '}' after object member"
                                       : "expected ',' or ']' after array element"};
            return false;
        }
        const size_t comma = i_;
        i_ = skip_space(p_, n_, i_ + 1);
        if (i_ < n_ && p_[i_] == close) {
            fault = {comma, std::string("trailing comma before '") + close + "'"};
            return false;
        }
        state = top.is_object ? State::key : State::value;
        return true;
    }

    bool end_of_text(Fault &fault) {
        i_ = skip_space(p_, n_, i_);
        if (i_ < n_) {
            fault = {i_, "trailing characters after the top-level value"};
            return false;
        }
        return true;
    }

    bool unexpected_end(const std::string &expected, Fault &fault) {
        if (open_.empty()) {
            fault = {n_, "unexpected end of input, expected " + expected};
        } else {
            const Open &top = open_.back();
            uint64_t line = 0, column = 0;
            line_column(p_, n_, top.offset, 0, line, column);
            fault = {n_, "unexpected end of input, expected " + expected + "; the " +
                             (top.is_object ? "object" : "array") + " opened at line " + std::to_string(line) +
                             ", column " + std::to_string(column) + " is not closed"};
        }
        return false;
    }

    const uint8_t *p_;
    size_t n_;
    size_t outer_depth_;
    Surrogates surrogates_;
    size_t i_ = 0;
    std::vector<Open> open_;
};

}  // namespace

size_t decode_utf8(const uint8_t *p, size_t n, size_t i, uint32_t &scalar) {
    if (i >= n) { return 0; }
    const uint8_t b0 = p[i];
    if (b0 < 0x80) {
        scalar = b0;
        return 1;
    }
    size_t length;
    uint32_t value;
    uint8_t low = 0x80, high = 0xBF;  // allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
        value = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        value = b0 & 0x0F;
        if (b0 == 0xE0) { low = 0xA0; }   // no overlong forms
        if (b0 == 0xED) { high = 0x9F; }  // no UTF-16 surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        value = b0 & 0x07;
        if (b0 == 0xF0) { low = 0x90; }   // no overlong forms
        if (b0 == 0xF4) { high = 0x8F; }  // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (n - i < length) { return 0; }
    for (size_t k = 1; k < length; ++k) {
        const uint8_t b = p[i + k];
        const bool fits = k == 1 ? (b >= low && b <= high) : (b & 0xC0) == 0x80;
        if (!fits) { return 0; }
        value = (value << 6) | (b & 0x3F);
    }
    scalar = value;
    return length;
}

std::string describe_char(const uint8_t *p, size_t n, size_t i) {
    if (i >= n) { return "end of input"; }
    const uint8_t c = p[i];
    if (c == '\'') { return "\"'\""; }
    if (c >= 0x20 && c < 0x7F) { return std::string("'") + static_cast<char>(c) + "'"; }
    uint32_t scalar = 0;
    if (decode_utf8(p, n, i, scalar) == 0) { return format_u("byte 0x%02lX (invalid UTF-8)", c); }
    return format_u("U+%04lX", scalar);
}

bool scan_number(const uint8_t *p, size_t n, size_t i, size_t &end, Fault &fault) {
    size_t j = i;
    if (j < n && p[j] == '-') { ++j; }
    if (j >= n || !is_digit(p[j])) {
        fault = {j, j > i ? "invalid number: expected a digit after '-'" : "invalid number"};
        return false;
    }
    if (p[j] == '0') {
        ++j;
        if (j < n && is_digit(p[j])) {
            fault = {i, "invalid number: leading zeros are not allowed"};
            return false;
        }
    } else {
        while (j < n && is_digit(p[j])) { ++j; }
    }
    if (j < n && p[j] == '.') {
        ++j;
        if (j >= n || !is_digit(p[j])) {
            fault = {j, "invalid number: expected a digit after '.'"};
            return false;
        }
        while (j < n && is_digit(p[j])) { ++j; }
    }
    if (j < n && (p[j] == 'e' || p[j] == 'E')) {
        ++j;
        if (j < n && (p[j] == '+' || p[j] == '-')) { ++j; }
        if (j >= n || !is_digit(p[j])) {
            fault = {j, "invalid number: expected a digit in the exponent"};
            return false;
        }
        while (j < n && is_digit(p[j])) { ++j; }
    }
    end = j;
    return true;
}

bool is_number_token(const uint8_t *p, size_t n) {
    Fault ignored;
    size_t end = 0;
    return n > 0 && scan_number(p, n, 0, end, ignored) && end == n;
}

bool is_literal_token(const uint8_t *p, size_t n) {
    return (n == 4 && (std::memcmp(p, "true", 4) == 0 || std::memcmp(p, "null", 4) == 0)) ||
           (n == 5 && std::memcmp(p, "false", 5) == 0);
}

bool scan_string(const uint8_t *p, size_t n, size_t i, size_t &end, bool &has_escape, Fault &fault, Surrogates surrogates) {
    size_t j = i + 1;
    while (true) {
        while (j < n && p[j] >= 0x20 && p[j] < 0x80 && p[j] != '"' && p[j] != '\\') { ++j; }
        if (j >= n) {
            fault = {i, "unterminated string"};
            return false;
        }
        const uint8_t c = p[j];
        uint32_t scalar = 0;
        if (c == '"') {
            end = j + 1;
            return true;
        } else if (c == '\\') {
            has_escape = true;
            const size_t length = decode_escape(p, n, j, scalar, fault, surrogates);
            if (length == 0) { return false; }
            j += length;
        } else if (c < 0x20) {
            fault = {j, control_char_reason(c)};
            return false;
        } else {
            const size_t length = decode_utf8(p, n, j, scalar);
            if (length == 0) {
                fault = {j, "invalid UTF-8 in string"};
                return false;
            }
            j += length;
        }
    }
}

bool unescape(const uint8_t *s, size_t n, std::string *out, Fault &fault, Surrogates surrogates) {
    size_t i = 0;
    while (i < n) {
        const void *found = std::memchr(s + i, '\\', n - i);
        const size_t stop = found ? static_cast<size_t>(static_cast<const uint8_t *>(found) - s) : n;
        if (out) { out->append(reinterpret_cast<const char *>(s + i), stop - i); }
        if (stop >= n) { break; }
        uint32_t scalar = 0;
        const size_t length = decode_escape(s, n, stop, scalar, fault, surrogates);
        if (length == 0) { return false; }
        if (out) { append_utf8(scalar, *out); }
        i = stop + length;
    }
    return true;
}

bool validate(const uint8_t *p, size_t n, size_t outer_depth, Fault &fault, Surrogates surrogates) {
    Validator validator(p, n, outer_depth, surrogates);
    return validator.run(fault);
}

bool validate_value_at(const uint8_t *p, size_t n, size_t i, size_t outer_depth, size_t &end, Fault &fault,
                       Surrogates surrogates) {
    Validator validator(p, n, outer_depth, surrogates, i);
    if (!validator.run(fault, false)) { return false; }
    end = validator.position();
    return true;
}

size_t count_lone_surrogates(const uint8_t *p, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n;) {
        const void *hit = std::memchr(p + i, '\\', n - i);
        if (!hit) { break; }
        i = static_cast<size_t>(static_cast<const uint8_t *>(hit) - p);
        const long unit = (i + 1 < n && p[i + 1] == 'u') ? hex4(p, n, i + 2) : -1;
        if (unit < 0) {
            i += 2;  // an escape of another kind (an escaped backslash among them)
            continue;
        }
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            const long low = (i + 7 < n && p[i + 6] == '\\' && p[i + 7] == 'u') ? hex4(p, n, i + 8) : -1;
            if (low >= 0xDC00 && low <= 0xDFFF) {
                i += 12;
                continue;
            }
            ++count;
        } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            ++count;
        }
        i += 6;
    }
    return count;
}

tk_json_value_kind kind_of_value(uint8_t first) {
    switch (first) {
    case '"': return TK_JSON_STRING;
    case '{': return TK_JSON_OBJECT;
    case '[': return TK_JSON_ARRAY;
    case 't': case 'f': return TK_JSON_BOOL;
    case 'n': return TK_JSON_NULL;
    default: return TK_JSON_NUMBER;
    }
}

size_t skip_value(const uint8_t *p, size_t n, size_t i) {
    if (i >= n) { return n; }
    const uint8_t first = p[i];
    if (first != '"' && first != '{' && first != '[') {
        size_t j = i;
        while (j < n && !is_json_space(p[j]) && p[j] != ',' && p[j] != ']' && p[j] != '}' && p[j] != ':') { ++j; }
        return j;
    }
    size_t depth = 0;
    size_t j = i;
    while (j < n) {
        const uint8_t c = p[j];
        if (c == '"') {
            ++j;
            // To the next quote not escaped, a memchr at a time (a 50 MB string is skipped
            // at memory speed): a quote is escaped when an odd run of backslashes is right
            // before it. The run never reaches back past `j`, which follows the opening
            // quote or an escaped one.
            while (true) {
                const void *found = j < n ? std::memchr(p + j, '"', n - j) : nullptr;
                if (!found) { return n; }
                const size_t quote = static_cast<size_t>(static_cast<const uint8_t *>(found) - p);
                size_t run = quote;
                while (run > j && p[run - 1] == '\\') { --run; }
                j = quote + 1;
                if ((quote - run) % 2 == 0) { break; }
            }
            // j is past the closing quote
            if (depth == 0) { return j; }
            continue;
        }
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth <= 1) { return j + 1; }
            --depth;
        }
        ++j;
    }
    return n;
}

void append_compact(const uint8_t *p, size_t n, std::string &out) {
    size_t i = 0;
    while (i < n) {
        if (p[i] == '"') {
            const size_t end = skip_value(p, n, i);
            out.append(reinterpret_cast<const char *>(p + i), end - i);
            i = end;
        } else {
            if (!is_json_space(p[i])) { out.push_back(static_cast<char>(p[i])); }
            ++i;
        }
    }
}

void append_display_text(const uint8_t *p, size_t n, std::string &out) {
    n = trim_space_end(p, n);
    if (n >= 2 && p[0] == '"' && p[n - 1] == '"') {
        Fault ignored;
        const size_t before = out.size();
        if (!unescape(p + 1, n - 2, &out, ignored, Surrogates::replace)) {  // validated already; never expected
            out.resize(before);
            out.append(reinterpret_cast<const char *>(p + 1), n - 2);
        }
        return;
    }
    append_compact(p, n, out);
}

void line_column(const uint8_t *p, size_t n, size_t offset, size_t line_one_start, uint64_t &line,
                 uint64_t &column) {
    if (offset > n) { offset = n; }
    line = 1;
    size_t line_start = line_one_start < offset ? line_one_start : offset;
    size_t i = 0;
    while (i < offset) {
        const void *found = std::memchr(p + i, '\n', offset - i);
        if (!found) { break; }
        i = static_cast<size_t>(static_cast<const uint8_t *>(found) - p) + 1;
        ++line;
        line_start = i;
    }
    column = 1;
    for (size_t k = line_start; k < offset; ++k) {
        if ((p[k] & 0xC0) != 0x80) { ++column; }  // count lead bytes: one per scalar
    }
}

}  // namespace tk
