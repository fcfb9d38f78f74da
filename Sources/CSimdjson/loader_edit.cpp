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

/// Checks that `edits` are in order and inside the records' array (or object; JSON Lines
/// have none), and sums what they change: the bytes they add (`growth`, negative when they
/// take away) and the new records they hold.
bool measure_edits(const tk_json_store &store, const tk_json_byte_edit *edits, size_t edit_count, int64_t &growth, size_t &new_count,
                   tk_json_error *error) {
    const size_t first = store.is_lines ? store.start : store.array_begin + 1;
    for (size_t i = 0; i < edit_count; ++i) {
        const tk_json_byte_edit &edit = edits[i];
        if (edit.start > edit.end || edit.end > store.file.length || (i > 0 && edit.start < edits[i - 1].end) || edit.start < first) {
            set_error(error, TK_JSON_ERROR_UNREADABLE, "the edits are not in order");
            return false;
        }
        growth += static_cast<int64_t>(edit.length) - static_cast<int64_t>(edit.end - edit.start);
        new_count += edit.records;
    }
    return true;
}

/// The file written, read (or mapped) into a new store with `store`'s keys, arena and
/// shape, room reserved for its records; NULL when it is not the size the edits make
/// (another size means other bytes) or cannot be read.
std::unique_ptr<tk_json_store> read_written(const tk_json_store &store, int descriptor, int64_t growth, size_t new_count,
                                            tk_json_error *error) {
    struct stat info {};
    const int64_t expected = static_cast<int64_t>(store.file.length) + growth;
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
    ReadLimits limits;
    limits.mapping_minimum = store.limits.mapping_minimum;
    if (::lseek(descriptor, 0, SEEK_SET) != 0 || !read_descriptor(descriptor, next->file, limits, failure) ||
        next->file.length != static_cast<size_t>(expected)) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the file written cannot be read: " + failure.why);
        return nullptr;
    }
    next->limits = store.limits;
    next->start = store.start;
    next->arena = store.arena;
    next->keys = store.keys;
    next->array_begin = store.array_begin;
    next->array_end = static_cast<size_t>(static_cast<int64_t>(store.array_end) + growth);
    next->records_pointer = store.records_pointer;
    next->is_lines = store.is_lines;
    next->members = store.members;
    next->candidates = store.candidates;
    next->records.reserve(store.records.size() + new_count);
    if (store.leads.size() == store.records.size()) { next->leads.reserve(store.records.size() + new_count); }
    if (next->members) { next->names.reserve(store.records.size() + new_count); }
    return next;
}

/// The new store's records, in order: each old record outside the edits moved by what the
/// edits before it added or took away, and each edit's new records, checked, where the
/// records inside it were.
class EditedRecords {
public:
    EditedRecords(const tk_json_store &store, tk_json_store &next, const tk_json_byte_edit *edits, size_t edit_count,
                  const size_t *new_offsets, const size_t *new_lengths, tk_json_error *error)
        : store_(store), next_(next), edits_(edits), edit_count_(edit_count), new_offsets_(new_offsets), new_lengths_(new_lengths),
          error_(error), data_(next.file.bytes.get()), keeps_leads_(store.leads.size() == store.records.size()),
          walker_(data_, next.keys, next.records, next.arena) {
        // The nesting limit counts from the records' depth: the containers open at the
        // array's (or the object's) first byte, before any edit.
        outer_depth_ = next.is_lines ? 0 : open_containers(data_, next.start, next.array_begin + 1);
        if (keeps_leads_) { walker_.track_leads(next.leads); }
    }

    bool make() {
        for (size_t index = 0; index < store_.records.size(); ++index) {
            const Record &old = store_.records[index];
            while (edit_ < edit_count_ && edits_[edit_].end <= old.raw_offset) {
                if (!put_in()) { return false; }
            }
            if (edit_ < edit_count_ && edits_[edit_].start <= old.raw_offset) {
                // Inside the edit: it goes (its name, in an object of objects, stays with
                // the record that replaces it, moved as the name is before the edit).
                if (next_.members) { dropped_name_ = moved(store_.names[index], shift_); }
                ++dropped_;
                continue;
            }
            Record record = old;
            record.raw_offset = static_cast<uint32_t>(static_cast<int64_t>(old.raw_offset) + shift_);
            record.title = moved(old.title, shift_);
            record.subtitle = moved(old.subtitle, shift_);
            next_.records.push_back(record);
            if (keeps_leads_) { next_.leads.push_back(store_.leads[index]); }
            if (next_.members) { next_.names.push_back(moved(store_.names[index], shift_)); }
        }
        while (edit_ < edit_count_) {
            if (!put_in()) { return false; }
        }
        return true;
    }

private:
    /// Puts the edit at hand's new records where the records inside it were.
    bool put_in() {
        const tk_json_byte_edit &at = edits_[edit_];
        const int64_t begins = static_cast<int64_t>(at.start) + shift_;
        if (next_.members && (at.records != 1 || dropped_ != 1)) {
            set_error(error_, TK_JSON_ERROR_UNREADABLE, "an object's member records can only be replaced one for one");
            return false;
        }
        for (size_t j = 0; j < at.records; ++j, ++placed_) {
            if (!put_in_record(at, static_cast<size_t>(begins) + new_offsets_[placed_], new_lengths_[placed_])) { return false; }
        }
        shift_ += static_cast<int64_t>(at.length) - static_cast<int64_t>(at.end - at.start);
        ++edit_;
        dropped_ = 0;
        return true;
    }

    /// Checks the new record at `offset`, `length` bytes of edit `at`, and takes it.
    bool put_in_record(const tk_json_byte_edit &at, size_t offset, size_t length) {
        const std::string which = "record " + std::to_string(next_.records.size() + 1);
        if (new_offsets_[placed_] + length > at.length || length < 2 || data_[offset] != '{' || data_[offset + length - 1] != '}') {
            set_error(error_, TK_JSON_ERROR_NOT_ARRAY_OF_OBJECTS, which + " is not an object");
            return false;
        }
        tk::Fault fault;
        if (!tk::validate(data_ + offset, length, outer_depth_, fault)) {
            set_error(error_, TK_JSON_ERROR_SYNTAX, which + ": " + fault.reason);
            return false;
        }
        Record record;
        record.raw_offset = static_cast<uint32_t>(offset);
        record.raw_length = static_cast<uint32_t>(length);
        next_.records.push_back(record);
        if (keeps_leads_) { next_.leads.push_back(0); }
        if (next_.members) { next_.names.push_back(dropped_name_); }
        walker_.retake(next_.records.size() - 1);
        return true;
    }

    const tk_json_store &store_;
    tk_json_store &next_;
    const tk_json_byte_edit *edits_;
    size_t edit_count_;
    const size_t *new_offsets_, *new_lengths_;
    tk_json_error *error_;
    const uint8_t *data_;
    bool keeps_leads_;
    Walker walker_;
    size_t outer_depth_ = 0;
    int64_t shift_ = 0;    // what the edits before the record added or took away
    size_t edit_ = 0;      // the next edit to put in
    size_t placed_ = 0;    // new records put in so far
    size_t dropped_ = 0;   // old records inside the edit at hand
    Span dropped_name_;    // in an object of objects, the name of the record it replaces
};

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
    int64_t growth = 0;
    size_t new_count = 0;
    if (!measure_edits(*store, edits, edit_count, growth, new_count, error)) { return nullptr; }
    if (new_count > 0 && (!new_offsets || !new_lengths)) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "no places for the new records");
        return nullptr;
    }
    auto next = read_written(*store, descriptor, growth, new_count, error);
    if (!next || !EditedRecords(*store, *next, edits, edit_count, new_offsets, new_lengths, error).make()) { return nullptr; }
    if (next->arena.size() > UINT32_MAX) {
        set_error(error, TK_JSON_ERROR_UNREADABLE, "the titles are too long to keep");
        return nullptr;
    }
    set_error(error, TK_JSON_OK, "");
    return next.release();
}
