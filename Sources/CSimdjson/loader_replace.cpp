// loader_replace.cpp — the records after a save that replaced some of them
// (tk_json_store_replacing): the saved file is mapped, the new records are checked and
// their titles taken, and every other record is moved, not parsed again.
//
// A save of one edit at a million records used to parse the whole file it wrote, to check
// it and to have the records of the new bytes: a third of a second on two cores, beside the
// write. Every byte but the new records' is copied from bytes that were loaded, so the only
// text that can be wrong is the new records': checking them alone proves what the whole
// parse proved (a valid object between the same separators keeps the document valid),
// and the other records' offsets move by the lengths that changed before them.
#include "loader_internal.hpp"

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace tk_loader {

namespace {

/// How many arrays and objects are open at `to`, reading the valid JSON text [from, to)
/// (strings skipped): the depth a record there is nested at, which the nesting limit
/// counts from.
size_t open_containers(const uint8_t *p, size_t from, size_t to) {
    size_t depth = 0;
    for (size_t i = from; i < to; ++i) {
        switch (p[i]) {
        case '"': {
            const size_t end = tk::skip_value(p, to, i);
            i = end > i ? end - 1 : to;
            break;
        }
        case '[': case '{':
            ++depth;
            break;
        case ']': case '}':
            if (depth > 0) { --depth; }
            break;
        default:
            break;
        }
    }
    return depth;
}

/// `span` moved by `shift` bytes when it is in the file (an arena span stays).
Span moved(Span span, int64_t shift) {
    if (span.length == kAbsent || (span.length & kInArena) != 0) { return span; }
    span.offset = static_cast<uint32_t>(static_cast<int64_t>(span.offset) + shift);
    return span;
}

}  // namespace

}  // namespace tk_loader

using namespace tk_loader;

tk_json_store *tk_json_store_replacing(const tk_json_store *store, int descriptor, const size_t *indices, const size_t *lengths,
                                       size_t count, tk_json_error *error) {
    if (!store || (count > 0 && (!indices || !lengths))) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "no records to replace");
        return nullptr;
    }
    if (store->bytes_repaired || store->replacements > 0) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the records were read leniently: the file must be read again whole");
        return nullptr;
    }
    // The file's size follows from the replacements; another size means other bytes.
    int64_t growth = 0;
    for (size_t i = 0; i < count; ++i) {
        if (indices[i] >= store->records.size() || (i > 0 && indices[i] <= indices[i - 1])) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "the records replaced are not in order");
            return nullptr;
        }
        growth += static_cast<int64_t>(lengths[i]) - static_cast<int64_t>(store->records[indices[i]].raw_length);
    }
    struct stat info {};
    const int64_t expected = static_cast<int64_t>(store->file.length) + growth;
    if (::fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size != expected) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the file written is not the size its records make");
        return nullptr;
    }
    if (expected > static_cast<int64_t>(kMaxFileSize)) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, too_large_message(static_cast<size_t>(expected)));
        return nullptr;
    }
    auto next = std::make_unique<tk_json_store>();
    ReadFailure failure;
    if (::lseek(descriptor, 0, SEEK_SET) != 0 || !read_descriptor(descriptor, next->file, ReadLimits(), failure) ||
        next->file.length != static_cast<size_t>(expected)) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the file written cannot be read: " + failure.why);
        return nullptr;
    }
    next->start = store->start;
    next->arena = store->arena;
    next->records = store->records;
    next->keys = store->keys;
    next->array_begin = store->array_begin;
    next->array_end = static_cast<size_t>(static_cast<int64_t>(store->array_end) + growth);
    next->records_pointer = store->records_pointer;
    next->is_lines = store->is_lines;
    next->members = store->members;
    next->names = store->names;
    next->candidates = store->candidates;
    const bool keeps_leads = store->leads.size() == store->records.size();
    if (keeps_leads) { next->leads = store->leads; }

    const uint8_t *data = next->file.bytes.get();
    // The nesting limit counts from the records' depth, the same for every record.
    const size_t outer_depth = store->records.empty() ? 0 : open_containers(data, store->start, store->records.front().raw_offset);
    Walker walker(data, next->keys, next->records, next->arena);
    if (keeps_leads) { walker.track_leads(next->leads); }
    int64_t shift = 0;  // what the replacements before the record added or took away
    size_t replaced = 0;
    for (size_t index = 0; index < next->records.size(); ++index) {
        Record &record = next->records[index];
        if (next->members) { next->names[index] = moved(next->names[index], shift); }
        record.raw_offset = static_cast<uint32_t>(static_cast<int64_t>(record.raw_offset) + shift);
        if (replaced == count || indices[replaced] != index) {
            record.title = moved(record.title, shift);
            record.subtitle = moved(record.subtitle, shift);
            continue;
        }
        const size_t length = lengths[replaced++];
        shift += static_cast<int64_t>(length) - static_cast<int64_t>(record.raw_length);
        record.raw_length = static_cast<uint32_t>(length);
        const uint8_t *bytes = data + record.raw_offset;
        tk::Fault fault;
        const std::string which = "record " + std::to_string(index + 1);
        if (length < 2 || bytes[0] != '{' || bytes[length - 1] != '}') {
            set_error(error, TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS, which + " is not an object");
            return nullptr;
        }
        if (!tk::validate(bytes, length, outer_depth, fault)) {
            set_error(error, TK_JSON_ERROR_SYNTAX, which + ": " + fault.reason);
            return nullptr;
        }
        walker.retake(index);
    }
    if (next->arena.size() > UINT32_MAX) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the titles are too long to keep");
        return nullptr;
    }
    set_error(error, TK_JSON_OK, "");
    return next.release();
}
