// loader_lenient.cpp — a lenient load's second try (see loader.cpp's DESIGN, "Lenient
// text"): ill-formed UTF-8 repaired in a copy, an error moved back to the file, and
// finish_load, which runs a load and its second try.
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

namespace tk_loader {

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

}  // namespace

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
    retry->limits = store->limits;
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

}  // namespace tk_loader
