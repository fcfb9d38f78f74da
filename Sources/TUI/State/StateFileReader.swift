import Foundation

/// Reads the state file's fields one at a time, so that one value that cannot be understood
/// costs that value alone (``AppState/Reading``).
///
/// Each read gives nil for a key that is missing or null, silently (the field keeps its
/// default: nothing was lost), and for a value of the wrong kind, with a note naming the field.
struct StateFileReader {
    private let file: KeyedDecodingContainer<AnyCodingKey>
    /// The choices and names kept so far.
    private var found = AppState.Kept()
    /// A phrase for each field that lost something, in the fields' order.
    private(set) var notes: [String] = []

    init(_ file: KeyedDecodingContainer<AnyCodingKey>) {
        self.file = file
    }

    /// The field's value, or nil. `fallback` names the default for the note.
    mutating func value<Value: Decodable>(_ field: AppState.Field, _ type: Value.Type, default fallback: String? = nil) -> Value? {
        guard let key = present(field) else { return nil }
        guard let value = try? file.decode(Value.self, forKey: key) else { return reset(field, to: fallback) }
        return value
    }

    /// A choice by name; a name this version does not know (a newer version's) is kept for
    /// writing back, silently, and the field keeps its default.
    mutating func choice<Choice: RawRepresentable<String>>(_ field: AppState.Field, _ type: Choice.Type, default fallback: String? = nil) -> Choice? {
        guard let name = value(field, String.self, default: fallback) else { return nil }
        guard let choice = Choice(rawValue: name) else {
            found.values[field] = .string(name)
            return nil
        }
        return choice
    }

    /// A set of names: names this version does not know are kept for writing back, silently;
    /// entries that are not names are left out, with a note, and the others are read.
    mutating func names<Name: RawRepresentable<String> & Hashable>(_ field: AppState.Field, _ type: Name.Type, default fallback: String? = nil) -> Set<Name>? {
        guard let names = list(field, String.self, default: fallback) else { return nil }
        var known = Set<Name>()
        for name in names {
            if let member = Name(rawValue: name) {
                known.insert(member)
            } else if found.members[field]?.contains(name) != true {
                found.members[field, default: []].append(name)
            }
        }
        return known
    }

    /// A list whose entries of the wrong kind are left out, with a note; the others are read.
    mutating func list<Element: Decodable>(_ field: AppState.Field, _ type: Element.Type, default fallback: String? = nil) -> [Element]? {
        guard let entries = value(field, [Attempt<Element>].self, default: fallback) else { return nil }
        let read = entries.compactMap(\.value)
        leftOut(entries.count - read.count, of: field)
        return read
    }

    /// An object whose values of the wrong kind are left out, with a note; the others are read.
    mutating func dictionary<Element: Decodable>(_ field: AppState.Field, _ type: Element.Type, default fallback: String? = nil) -> [String: Element]? {
        guard let entries = value(field, [String: Attempt<Element>].self, default: fallback) else { return nil }
        let read = entries.compactMapValues(\.value)
        leftOut(entries.count - read.count, of: field)
        return read
    }

    /// What the file held that this version does not understand: the kept choices and names,
    /// and every key that is not one of ``AppState/Field``.
    func kept() throws -> AppState.Kept {
        var kept = found
        for key in file.allKeys where AppState.Field(rawValue: key.stringValue) == nil {
            kept.unknownKeys[key.stringValue] = try file.decode(KeptJSON.self, forKey: key)
        }
        return kept
    }

    /// The field's key, when the file holds a value (not null) for it.
    private func present(_ field: AppState.Field) -> AnyCodingKey? {
        let key = AnyCodingKey(field.rawValue)
        guard file.contains(key), (try? file.decodeNil(forKey: key)) == false else { return nil }
        return key
    }

    private mutating func reset<Value>(_ field: AppState.Field, to fallback: String?) -> Value? {
        notes.append("“\(field.rawValue)” was not understood and is back to \(fallback ?? "its default")")
        return nil
    }

    private mutating func leftOut(_ count: Int, of field: AppState.Field) {
        guard count > 0 else { return }
        notes.append(count == 1
            ? "“\(field.rawValue)” had an entry that was not understood, which was left out"
            : "“\(field.rawValue)” had \(count) entries that were not understood, which were left out")
    }
}

/// One entry of a list or an object, read if it can be: nil, not an error, when it cannot.
private struct Attempt<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
