import Foundation

/// A JSON value of the state file that this version does not understand, kept as it was read
/// so that it is written back unchanged (a key a newer version added, a theme it named).
///
/// Not the records' `JSONValue`: that one is bytes to splice into a data file; this one has to
/// be read and written through `Codable`, with the state.
enum KeptJSON: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    /// A whole number that fits 64 bits, kept whole (a `Double` would round it above 2^53).
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([KeptJSON])
    case object([String: KeptJSON])

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        // Narrowest first: JSONDecoder refuses `1` as a Bool and `1.5` as an Int64, so the
        // first reading that takes the value is the kind it was written as.
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? value.decode(Int64.self) {
            self = .integer(integer)
        } else if let unsigned = try? value.decode(UInt64.self) {
            self = .unsigned(unsigned)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else if let string = try? value.decode(String.self) {
            self = .string(string)
        } else if let array = try? value.decode([KeptJSON].self) {
            self = .array(array)
        } else {
            self = .object(try value.decode([String: KeptJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .null: try value.encodeNil()
        case .bool(let bool): try value.encode(bool)
        case .integer(let integer): try value.encode(integer)
        case .unsigned(let unsigned): try value.encode(unsigned)
        case .number(let number): try value.encode(number)
        case .string(let string): try value.encode(string)
        case .array(let array): try value.encode(array)
        case .object(let object): try value.encode(object)
        }
    }
}

/// A key of a JSON object, whatever its name: for reading keys no type declares.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
