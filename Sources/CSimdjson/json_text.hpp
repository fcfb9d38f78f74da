// json_text.hpp — strict, bounds-checked JSON scanning over raw bytes (no simdjson).
//
// Used where simdjson is not: to find the first error (with a reason) when a load fails, to
// validate nested arrays/objects inside records, to check numbers, literals and string
// escapes on the fast path, and to read one record's fields for the detail screen.
// Every function takes (pointer, length) and never reads outside [p, p + n); none recurses,
// so no input can overflow the stack. Reasons are printable ASCII.
#ifndef TABLEKIT_JSON_TEXT_HPP
#define TABLEKIT_JSON_TEXT_HPP

#include <cstddef>
#include <cstdint>
#include <string>

#include "csimdjson.h"

namespace tk {

/// Nesting deeper than this many arrays/objects is rejected (simdjson's default too).
constexpr size_t kMaxDepth = 1024;

/// What a lone UTF-16 surrogate escape is (\ud800 not followed by a low half, or a bare
/// \udc00): grammatical JSON that no Unicode string can hold. A strict load rejects it; a
/// lenient one reads it as U+FFFD (the text itself is left as it is).
enum class Surrogates { reject, replace };

/// The first fault found in some bytes: where (byte offset) and why.
struct Fault {
    size_t offset = 0;
    std::string reason;
};

inline bool is_json_space(uint8_t c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/// Offset of the first non-whitespace byte at or after `i` (n when none).
inline size_t skip_space(const uint8_t *p, size_t n, size_t i) {
    while (i < n && is_json_space(p[i])) { ++i; }
    return i;
}

/// Length of [p, p + n) without trailing JSON whitespace.
inline size_t trim_space_end(const uint8_t *p, size_t n) {
    while (n > 0 && is_json_space(p[n - 1])) { --n; }
    return n;
}

/// Validates a number starting at p[i]; on success sets `end` just past it.
/// The grammar only: 1e999 and 30-digit integers are valid (their text is shown, never
/// converted). Does not look at what follows the number.
bool scan_number(const uint8_t *p, size_t n, size_t i, size_t &end, Fault &fault);

/// True when [p, p + n) is exactly one number.
bool is_number_token(const uint8_t *p, size_t n);

/// True when [p, p + n) is exactly `true`, `false` or `null`.
bool is_literal_token(const uint8_t *p, size_t n);

/// Validates a string whose opening quote is p[i]: escapes, UTF-8, no raw control
/// characters, a closing quote. On success sets `end` just past the closing quote and
/// `has_escape` when it contains a backslash.
bool scan_string(const uint8_t *p, size_t n, size_t i, size_t &end, bool &has_escape, Fault &fault,
                 Surrogates surrogates = Surrogates::reject);

/// Checks the escapes of string content [s, s + n) (between the quotes) and, when `out` is
/// not null, appends the unescaped UTF-8. Assumes UTF-8 and control characters were
/// already checked (simdjson's stage 1 does). Fault offsets are relative to s.
bool unescape(const uint8_t *s, size_t n, std::string *out, Fault &fault, Surrogates surrogates = Surrogates::reject);

/// Validates [p, p + n) as one JSON value surrounded by optional whitespace. Containers
/// opened here count from `outer_depth` (0 for a whole document) toward kMaxDepth.
bool validate(const uint8_t *p, size_t n, size_t outer_depth, Fault &fault, Surrogates surrogates = Surrogates::reject);

/// Validates the one JSON value that starts at p[i] (after optional whitespace), without
/// looking at what follows it: on success sets `end` just past it. Lines and columns in
/// reasons ("the object opened at line 2, column 1") count from p[0].
bool validate_value_at(const uint8_t *p, size_t n, size_t i, size_t outer_depth, size_t &end, Fault &fault,
                       Surrogates surrogates = Surrogates::reject);

/// How many lone surrogate escapes the text holds (see Surrogates), counting every `\u`
/// escape after a backslash that is not itself escaped: in a valid text, those of strings.
size_t count_lone_surrogates(const uint8_t *p, size_t n);

/// The kind of the (valid) value starting at p[0].
tk_json_value_kind kind_of_value(uint8_t first);

/// Offset just past the valid value starting at p[i] (strings, numbers, literals,
/// containers). Assumes the value was validated; stays in bounds regardless.
size_t skip_value(const uint8_t *p, size_t n, size_t i);

/// Appends the valid value [p, p + n) as compact JSON: whitespace outside strings removed,
/// strings kept exactly as written.
void append_compact(const uint8_t *p, size_t n, std::string &out);

/// Appends the value [p, p + n) (one valid JSON value, possibly with trailing whitespace) as
/// display text: strings unescaped (a lone surrogate escape, which only a lenient load lets
/// through, as U+FFFD), anything else as compact JSON text.
void append_display_text(const uint8_t *p, size_t n, std::string &out);

/// Calls `visit(key_first, key_length, value_first, value_length)` for each member of the
/// valid object [p, p + n) in order. Key bytes are the raw content between the quotes;
/// value bytes are the value's exact text. Stops early when visit returns false.
template <typename Visit>
void for_each_member(const uint8_t *p, size_t n, Visit &&visit) {
    size_t i = skip_space(p, n, 0);
    if (i >= n || p[i] != '{') { return; }
    i = skip_space(p, n, i + 1);
    while (i < n && p[i] == '"') {
        const size_t key_start = i + 1;
        const size_t key_end = skip_value(p, n, i);  // just past the closing quote
        if (key_end <= key_start) { return; }
        i = skip_space(p, n, key_end);
        if (i >= n || p[i] != ':') { return; }
        const size_t value_start = skip_space(p, n, i + 1);
        const size_t value_end = skip_value(p, n, value_start);
        if (value_end <= value_start) { return; }
        if (!visit(p + key_start, key_end - 1 - key_start, p + value_start, value_end - value_start)) { return; }
        i = skip_space(p, n, value_end);
        if (i >= n || p[i] != ',') { return; }
        i = skip_space(p, n, i + 1);
    }
}

/// 1-based line and column (in Unicode scalars) of byte `offset` in [p, p + n).
/// Lines end at '\n'. Columns on line 1 start after `line_one_start` (to skip a BOM).
void line_column(const uint8_t *p, size_t n, size_t offset, size_t line_one_start, uint64_t &line,
                 uint64_t &column);

/// Describes the character at p[i] for a message, printable ASCII only: 'x', U+00E9 or
/// "byte 0xFF" for a byte that does not begin valid UTF-8.
std::string describe_char(const uint8_t *p, size_t n, size_t i);

/// Decodes one UTF-8 scalar at p[i] (strict: no overlongs, surrogates or > U+10FFFF).
/// Returns its length in bytes, or 0 when the bytes there are not valid UTF-8.
size_t decode_utf8(const uint8_t *p, size_t n, size_t i, uint32_t &scalar);

}  // namespace tk

#endif
