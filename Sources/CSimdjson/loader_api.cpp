// loader_api.cpp — the C API of csimdjson.h: the load entry points (a file, a descriptor,
// memory), what a loaded store hands out (keys, titles, raw records, fields), and the
// settings tests and benchmarks change.
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
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tk_loader {

namespace {

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
    limits.mapping_minimum = resolved(options.limits).mapping_minimum;
    return limits;
}

/// Reads the bytes with `read` (a file, a descriptor), timing it, then loads them as
/// `options` say (NULL: all 0).
template <typename Read>
tk_json_store *read_and_load(const tk_json_load_options *options, tk_json_error *error, Read read) {
    try {
        const tk_json_load_options chosen = options ? *options : tk_json_load_options{};
        auto store = std::make_unique<tk_json_store>();
        store->limits = resolved(chosen.limits);
        ReadFailure failure;
        const uint64_t started = now_ns();
        ReadLimits limits = read_limits(chosen);
        limits.counts = &store->timings;
        if (!read(store->file, limits, failure)) {
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
        store->limits = resolved(chosen.limits);
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

void tk_json_store_limits(const tk_json_store *store, tk_json_limits *limits) {
    if (limits) { *limits = store ? store->limits : tk_json_limits{}; }
}

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
    const bool ok = same_size && map_file(fd, store->file.length, store->limits.mapping_minimum, mapped) &&
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
