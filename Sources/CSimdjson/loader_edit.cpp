// loader_edit.cpp — the records after a save that replaced, deleted or added some of them
// (tk_json_store_edited): the saved file is mapped, the new records are checked and their
// titles taken, and every other record is moved, not parsed again.
//
// A save of one edit at a million records used to parse the whole file it wrote, to check
// it and to have the records of the new bytes: a third of a second on two cores, beside the
// write. Every byte but the new records' is copied from bytes that loaded, and an edit
// takes out whole records with one separator each (or puts records in with theirs), so the
// only text that can be wrong is the new records': checking them alone proves what the
// whole parse proved, and the other records' offsets move by the lengths that changed
// before them.
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

tk_json_store *tk_json_store_edited(const tk_json_store *store, int descriptor, const tk_json_byte_edit *edits, size_t edit_count,
                                    const size_t *new_offsets, const size_t *new_lengths, tk_json_error *error) {
    if (!store || (edit_count > 0 && !edits)) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "no edits");
        return nullptr;
    }
    if (store->bytes_repaired || store->replacements > 0) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the records were read leniently: the file must be read again whole");
        return nullptr;
    }
    // The edits in order, inside the records' array, and the file's size follows from them:
    // another size means other bytes.
    int64_t growth = 0;
    size_t new_count = 0;
    for (size_t i = 0; i < edit_count; ++i) {
        const tk_json_byte_edit &edit = edits[i];
        // Inside the array (or object) the records are in, past its opening; JSON Lines
        // have none.
        const size_t first = store->is_lines ? store->start : store->array_begin + 1;
        if (edit.start > edit.end || edit.end > store->file.length || (i > 0 && edit.start < edits[i - 1].end) || edit.start < first) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "the edits are not in order");
            return nullptr;
        }
        growth += static_cast<int64_t>(edit.length) - static_cast<int64_t>(edit.end - edit.start);
        new_count += edit.records;
    }
    if (new_count > 0 && (!new_offsets || !new_lengths)) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "no places for the new records");
        return nullptr;
    }
    struct stat info {};
    const int64_t expected = static_cast<int64_t>(store->file.length) + growth;
    if (::fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size != expected) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the file written is not the size its edits make");
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
    next->keys = store->keys;
    next->array_begin = store->array_begin;
    next->array_end = static_cast<size_t>(static_cast<int64_t>(store->array_end) + growth);
    next->records_pointer = store->records_pointer;
    next->is_lines = store->is_lines;
    next->members = store->members;
    next->candidates = store->candidates;
    const bool keeps_leads = store->leads.size() == store->records.size();
    next->records.reserve(store->records.size() + new_count);
    if (keeps_leads) { next->leads.reserve(store->records.size() + new_count); }
    if (next->members) { next->names.reserve(store->records.size() + new_count); }

    const uint8_t *data = next->file.bytes.get();
    // The nesting limit counts from the records' depth: the containers open at the array's
    // (or the object's) first byte, before any edit.
    const size_t outer_depth = next->is_lines ? 0 : open_containers(data, next->start, next->array_begin + 1);
    Walker walker(data, next->keys, next->records, next->arena);
    if (keeps_leads) { walker.track_leads(next->leads); }
    int64_t shift = 0;       // what the edits before the record added or took away
    size_t edit = 0;         // the next edit to put in
    size_t placed = 0;       // new records put in so far
    size_t dropped = 0;      // old records inside the edit at hand
    Span dropped_name;       // in an object of objects, the name of the record it replaces
    // Puts edit `edit`'s new records where the records inside it were.
    auto put_in = [&]() -> bool {
        const tk_json_byte_edit &at = edits[edit];
        const int64_t begins = static_cast<int64_t>(at.start) + shift;
        if (next->members && (at.records != 1 || dropped != 1)) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "an object's member records can only be replaced one for one");
            return false;
        }
        for (size_t j = 0; j < at.records; ++j, ++placed) {
            const size_t offset = static_cast<size_t>(begins) + new_offsets[placed];
            const size_t length = new_lengths[placed];
            const std::string which = "record " + std::to_string(next->records.size() + 1);
            if (new_offsets[placed] + length > at.length || length < 2 || data[offset] != '{' || data[offset + length - 1] != '}') {
                set_error(error, TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS, which + " is not an object");
                return false;
            }
            tk::Fault fault;
            if (!tk::validate(data + offset, length, outer_depth, fault)) {
                set_error(error, TK_JSON_ERROR_SYNTAX, which + ": " + fault.reason);
                return false;
            }
            Record record;
            record.raw_offset = static_cast<uint32_t>(offset);
            record.raw_length = static_cast<uint32_t>(length);
            next->records.push_back(record);
            if (keeps_leads) { next->leads.push_back(0); }
            if (next->members) { next->names.push_back(dropped_name); }
            walker.retake(next->records.size() - 1);
        }
        shift += static_cast<int64_t>(at.length) - static_cast<int64_t>(at.end - at.start);
        ++edit;
        dropped = 0;
        return true;
    };
    for (size_t index = 0; index < store->records.size(); ++index) {
        const Record &old = store->records[index];
        while (edit < edit_count && edits[edit].end <= old.raw_offset) {
            if (!put_in()) { return nullptr; }
        }
        if (edit < edit_count && edits[edit].start <= old.raw_offset) {
            // Inside the edit: it goes (its name, in an object of objects, stays with the
            // record that replaces it, moved as the name is before the edit).
            if (next->members) { dropped_name = moved(store->names[index], shift); }
            ++dropped;
            continue;
        }
        Record record = old;
        record.raw_offset = static_cast<uint32_t>(static_cast<int64_t>(old.raw_offset) + shift);
        record.title = moved(old.title, shift);
        record.subtitle = moved(old.subtitle, shift);
        next->records.push_back(record);
        if (keeps_leads) { next->leads.push_back(store->leads[index]); }
        if (next->members) { next->names.push_back(moved(store->names[index], shift)); }
    }
    while (edit < edit_count) {
        if (!put_in()) { return nullptr; }
    }
    if (next->arena.size() > UINT32_MAX) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the titles are too long to keep");
        return nullptr;
    }
    set_error(error, TK_JSON_OK, "");
    return next.release();
}
