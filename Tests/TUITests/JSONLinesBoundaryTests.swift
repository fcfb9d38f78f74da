import CSimdjson
import Foundation
import Testing
@testable import TUI

/// Where simdjson's JSON Lines windows end, and where the two-thread split cuts, must not
/// change what loads (issue 23: a valid million-record file was refused when a window
/// ended just after a record's `}`). The window and the split minimum are made small here
/// (they apply to this thread's loads only), so that small texts cross them everywhere.
@Suite("JSON Lines and arrays load the same wherever a window ends or the split cuts")
struct JSONLinesBoundaryTests {
    // MARK: - Loading, and what a load gives

    /// What a load gives: the records (raw bytes, title, subtitle) and keys, or the error.
    struct Outcome: Equatable, CustomStringConvertible {
        struct Record: Equatable {
            var raw: [UInt8]
            var title: String
            var subtitle: String?
        }

        var error: String?
        var isLines = false
        var titleKey = ""
        var subtitleKey: String?
        var records: [Record] = []

        var description: String {
            if let error { return "error: \(error)" }
            return "\(isLines ? "lines" : "text"), \(records.count) records, keys \(titleKey)/\(subtitleKey ?? "-"): "
                + records.prefix(4).map { "\(String(decoding: $0.raw, as: UTF8.self)) → \($0.title)" }.joined(separator: " ")
        }
    }

    static let simdjsonsWindow = 1 << 20

    /// Loads `text` (JSON Lines detected) with simdjson's window `window` for JSON Lines and
    /// `arrayWindow` for arrays, and the two-thread split from `splitMinimum` bytes on; the
    /// defaults are one thread and windows larger than any text here, i.e. a strict
    /// single-threaded parse of the whole text at once.
    static func outcome(_ text: [UInt8], window: Int = simdjsonsWindow, arrayWindow: Int = simdjsonsWindow, splitMinimum: Int = .max) -> Outcome {
        let limits = JSONRecordStore.Limits(splitMinimum: splitMinimum, linesWindow: window, arrayWindow: arrayWindow)
        let store: JSONRecordStore
        do {
            store = try JSONRecordStore.load(data: text, name: "data", options: .init(strict: true, format: .detect, limits: limits))
        } catch {
            return Outcome(error: "\(error)")
        }
        // A save splices from these bytes: a window's or the split's borrowed byte left
        // behind would be written to the file.
        guard store.withFileBytes({ Array($0) }) == text else { return Outcome(error: "the loaded bytes differ from the text") }
        // The titles' leads the walk kept (while each title was at hand) are the titles'.
        var kept = [UInt32](repeating: 1, count: store.count + 1), read = kept
        kept.withUnsafeMutableBufferPointer { store.titleLeads(0 ..< store.count + 1, into: $0.baseAddress!) }
        read.withUnsafeMutableBufferPointer { tk_json_title_leads_from_titles(store.handle, 0, store.count + 1, $0.baseAddress!) }
        guard kept == read else { return Outcome(error: "the leads kept differ from the titles': \(kept) \(read)") }
        return Outcome(isLines: store.isLines, titleKey: store.titleKey, subtitleKey: store.subtitleKey,
                       records: (0 ..< store.count).map { .init(raw: store.rawBytes(at: $0), title: store.title(at: $0), subtitle: store.subtitle(at: $0)) })
    }

    // MARK: - Issue 23

    /// Books as `json.dumps(record)` writes them, one a line.
    static func books(_ count: Int, lineEnd: String = "\n") -> [UInt8] {
        Array((0 ..< count).map { i in
            #"{"title": "Book \#(i) of the R\u00e9sum\u00e9 \"Series\"", "author": "Author \#(i % 7)", "year": \#(1800 + i * 37 % 200), "#
                + #""description": "\#(String(repeating: "word ", count: i * 13 % 17))", "isbn": "978-1-\#(1000 + i)"}"# + lineEnd
        }.joined().utf8)
    }

    @Test func aWindowEndingJustAfterARecordsBraceLoadsTheSameRecords() {
        for lineEnd in ["\n", "\r\n"] {
            let text = Self.books(12, lineEnd: lineEnd)
            let whole = Self.outcome(text)
            #expect(whole.records.count == 12 && whole.isLines)
            // Every window size from twice the longest line to the text's: the first window
            // ends at every offset past that, among them just after a record's `}`, and just
            // after its "\r"; every window holds a whole record.
            let longest = text.split(separator: UInt8(ascii: "\n")).map(\.count).max() ?? 0
            for window in 2 * longest + 2 ... text.count {
                let windowed = Self.outcome(text, window: window)
                #expect(windowed == whole, "window \(window) bytes, line end \(lineEnd.debugDescription)")
                if windowed != whole { break }
            }
        }
    }

    @Test func aWindowHoldingNoWholeRecordDoesNotEndTheStream() {
        // The first window ends just after the first record's `}`; the next begins with the
        // line break and holds only part of the longer second record.
        let first = #"{"title": "first", "pad": "\#(String(repeating: "x", count: 40))"}"#
        let text = Array((first + "\n" + #"{"title": "second, longer than the window", "pad": "\#(String(repeating: "y", count: 90))"}"#
            + "\n" + #"{"title": "third"}"# + "\n").utf8)
        let window = first.utf8.count
        let whole = Self.outcome(text)
        #expect(whole.records.map(\.title) == ["first", "second, longer than the window", "third"])
        #expect(Self.outcome(text, window: window) == whole, "no record is dropped")
        #expect(Self.outcome(text, window: window, splitMinimum: 1) == whole, "nor in two halves")
    }

    @Test func aBadLineIsReportedAtItsLineAndColumnWhateverTheWindow() {
        let text = Array((String(decoding: Self.books(6), as: UTF8.self) + #"{"title": "bad", "n": 1,}"# + "\n"
            + String(decoding: Self.books(3), as: UTF8.self)).utf8)
        let whole = Self.outcome(text)
        #expect(whole.error == "data:7:24: error: trailing comma before '}'")
        for window in 32 ... text.count {
            let windowed = Self.outcome(text, window: window)
            #expect(windowed == whole, "window \(window) bytes")
            if windowed != whole { break }
        }
    }

    // MARK: - The property

    /// Many small texts, JSON Lines and arrays, written as json.dumps, jq -c, jq . and
    /// json.dumps(indent=) write them, with CRLF, blank lines and a final line break or
    /// none, and some with one byte spoilt: whatever the window and wherever the split cuts,
    /// a load gives what a single-threaded load of the whole text gives, records or error.
    /// An array's windows are cut at line breaks between objects, some of them inside a
    /// nested array (jq . and indented json.dumps put nested objects on lines of their own).
    @Test func everyWindowAndEveryCutGiveWhatOneWholeParseGives() {
        var random = SplitMix64(seed: 23)
        var failures = 0
        var arraysInWindows = 0
        for _ in 0 ..< 24 {
            let text = Self.randomText(&random)
            let whole = Self.outcome(text)
            // Every window size from simdjson's least (32 bytes): the first window ends at every
            // byte of the text past that, the later ones wherever the records put them. An
            // array's windows are 64 bytes at least.
            for window in 32 ... max(32, text.count + 1) where failures < 3 {
                let windowed = Self.outcome(text, window: window, arrayWindow: window)
                if windowed != whole {
                    failures += 1
                    Issue.record("window \(window): \(windowed)\nwhole: \(whole)\ntext: \(String(decoding: text, as: UTF8.self).debugDescription)")
                }
            }
            if !whole.isLines, text.count >= 128, text.contains(UInt8(ascii: "\n")) { arraysInWindows += 1 }
            // The split looks for its cut from the middle on: trailing white space moves the
            // middle over every byte of the text. The window stays small there too.
            for pad in stride(from: 0, through: text.count * 2, by: 2) where failures < 3 {
                let padded = text + Array(repeating: pad % 4 == 0 ? UInt8(ascii: " ") : UInt8(ascii: "\n"), count: pad)
                let reference = whole.error == nil ? whole : Self.outcome(padded)
                let window = 32 + random.below(200)
                let split = Self.outcome(padded, window: window, arrayWindow: window, splitMinimum: 1)
                if split != reference {
                    failures += 1
                    Issue.record("split, \(pad) bytes of padding: \(split)\nwhole: \(reference)\ntext: \(String(decoding: padded, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(arraysInWindows >= 4, "arrays of several lines, walked in windows")
    }

    /// A pretty-printed array whose records hold arrays of objects on lines of their own:
    /// windows cut inside a record fail, and the array is walked whole; a spoilt byte is
    /// reported where the whole parse reports it; and records one a line load the same in
    /// windows as whole, at every window size.
    @Test func anArrayLoadsTheSameWhereverItsWindowsEnd() {
        let nested = (0 ..< 12).map { i in
            "  {\n    \"title\": \"Record \(i)\",\n    \"parts\": [\n      {\"n\": \(i)},\n      {\"n\": \(i + 1)}\n    ]\n  }"
        }
        let flat = (0 ..< 40).map { #"{"title": "Book \#($0) of the \"Series\"", "year": \#(1900 + $0)}"# }
        for text in ["[\n" + nested.joined(separator: ",\n") + "\n]\n", "[" + flat.joined(separator: ",\n") + "]", "[" + flat.joined(separator: ",\r\n") + "]\r\n"] {
            var bytes = Array(text.utf8)
            let whole = Self.outcome(bytes)
            #expect(whole.error == nil && whole.records.count >= 12)
            for window in 64 ... bytes.count {
                let windowed = Self.outcome(bytes, arrayWindow: window)
                #expect(windowed == whole, "window \(window)")
                if windowed != whole { break }
            }
            // A trailing comma in the last record: the same error in windows.
            let last = bytes.lastIndex(of: UInt8(ascii: "}"))!
            bytes.insert(UInt8(ascii: ","), at: last)
            let broken = Self.outcome(bytes)
            #expect(broken.error != nil)
            #expect(Self.outcome(bytes, arrayWindow: 64) == broken)
        }
    }

    // MARK: - Random texts

    /// A deterministic random source (SplitMix64), so that a failure reproduces.
    struct SplitMix64 {
        var state: UInt64
        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }
        mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    }

    /// How a writer spaces its JSON.
    struct Style {
        var colon = ": "
        var comma = ", "
        var indent = 0  // spaces a level; 0: one line
        var asciiOnly = true  // json.dumps escapes what is not ASCII; jq writes it as it is
        var lineEnd = "\n"

        static let dumps = Style()
        static let jqCompact = Style(colon: ":", comma: ",", asciiOnly: false)
        static let jqPretty = Style(colon: ": ", comma: ",", indent: 2, asciiOnly: false)
        static func dumpsIndented(_ indent: Int) -> Style { Style(colon: ": ", comma: ",", indent: indent) }
    }

    static func randomString(_ random: inout SplitMix64, _ style: Style) -> String {
        let pieces = ["a", "b", " ", "{", "}", "[", "]", ",", ":", #"\""#, #"\\"#, #"\n"#, "é", "東", "😀"]
        let length = random.oneIn(4) ? random.below(120) : random.below(12)
        var text = "\""
        for _ in 0 ..< length {
            let piece = random.pick(pieces)
            if style.asciiOnly, let scalar = piece.unicodeScalars.first, !scalar.isASCII {
                text += String(piece.utf16.map { String(format: "\\u%04x", $0) }.joined())
            } else {
                text += piece
            }
        }
        return text + "\""
    }

    static func randomValue(_ random: inout SplitMix64, _ style: Style, depth: Int) -> String {
        switch random.below(8) {
        case 0: return String(random.below(100_000))
        case 1: return random.pick(["true", "false", "null", "-1.5e3"])
        case 2 where depth < 3: return randomObject(&random, style, depth: depth + 1)
        case 3 where depth < 3:
            let open = style.indent > 0 ? style.lineEnd + String(repeating: " ", count: style.indent * (depth + 1)) : ""
            let close = style.indent > 0 ? style.lineEnd + String(repeating: " ", count: style.indent * depth) : ""
            let elements = (0 ..< random.below(3)).map { _ in open + randomValue(&random, style, depth: depth + 1) }
            return elements.isEmpty ? "[]" : "[" + elements.joined(separator: style.comma) + close + "]"
        default: return randomString(&random, style)
        }
    }

    /// An object at nesting `depth` (1: a record of JSON Lines), with "title" first.
    static func randomObject(_ random: inout SplitMix64, _ style: Style, depth: Int) -> String {
        let open = style.indent > 0 ? style.lineEnd + String(repeating: " ", count: style.indent * depth) : ""
        let close = style.indent > 0 ? style.lineEnd + String(repeating: " ", count: style.indent * (depth - 1)) : ""
        let count = random.below(5)
        guard count > 0 else { return "{}" }
        let members = (0 ..< count).map { i in
            open + (i == 0 ? #""title""# : randomString(&random, style)) + style.colon + randomValue(&random, style, depth: depth)
        }
        return "{" + members.joined(separator: style.comma) + close + "}"
    }

    /// A small JSON Lines text or JSON array, sometimes with one byte spoilt.
    static func randomText(_ random: inout SplitMix64) -> [UInt8] {
        let lines = !random.oneIn(3)
        var style = lines ? random.pick([Style.dumps, .jqCompact, .jqPretty]) : random.pick([Style.dumps, .jqCompact, .dumpsIndented(2), .dumpsIndented(4)])
        if random.oneIn(4) { style.lineEnd = "\r\n" }
        let finalLineEnd = random.oneIn(2)
        let count = (lines ? 2 : 1) + random.below(7)  // one object alone is not JSON Lines
        var text = ""
        if lines {
            let blankLines = random.oneIn(3)
            for i in 0 ..< count {
                text += randomObject(&random, style, depth: 1)
                if i + 1 < count || finalLineEnd { text += style.lineEnd }
                if i + 1 < count, blankLines, random.oneIn(2) {
                    text += random.oneIn(4) ? String(repeating: random.pick([" ", "\n", "\t"]), count: random.below(100)) + style.lineEnd : style.lineEnd
                }
            }
        } else {
            // json.dumps(list, indent=) puts each record on its own lines; on one line, a
            // record follows ", " (or "," from jq -c).
            let open = style.indent > 0 ? style.lineEnd + String(repeating: " ", count: style.indent) : ""
            let records = (0 ..< count).map { _ in open + randomObject(&random, style, depth: 2) }
            text = "[" + records.joined(separator: style.indent > 0 ? "," : style.comma) + (style.indent > 0 ? style.lineEnd : "") + "]"
                + (finalLineEnd ? style.lineEnd : "")
        }
        var bytes = Array(text.utf8)
        if random.oneIn(6) { bytes[random.below(bytes.count)] = random.pick(Array("x{},\n\"]:".utf8)) }
        return bytes
    }
}
