import Foundation
import PropertyBased
import TableKit
import Testing
@testable import TUI

/// A record's detail decodes a long string only as far as its row shows (issue 29: a 50 MB
/// value made the record take 170–200 ms to open); Enter decodes the rest for the reader.
@MainActor
@Suite("Long values are decoded as far as they are shown")
struct ValuePrefixTests {
    /// A record whose `notes` are `count` numbered words: about 8 bytes a word.
    private static func record(words count: Int) -> String {
        let words = (0 ..< count).map { "word\($0)" }.joined(separator: " ")
        return #"[{"title": "Long", "notes": "\#(words)", "after": "z"}]"#
    }

    @Test("the row of a value past the prefix shows its first lines, and Enter reads it whole to its last word")
    func theRowShowsTheStartAndTheReaderTheWhole() throws {
        let json = Self.record(words: 30_000)  // about 289 KB, past the 64 KB the row decodes
        let detail = try snapshot(json, size: Size(width: 50, height: 20), keys: "Enter")
        #expect(detail[3].hasPrefix(" notes ") && detail[3].hasSuffix("›"))
        #expect(detail[4] == " word0 word1 word2 word3 word4 word5 word6")
        #expect(detail[13].hasSuffix("…") && detail[14] == " after")
        let end = try snapshot(json, size: Size(width: 50, height: 14), keys: "Enter Down Enter End")
        #expect(end.contains { $0.hasSuffix("word29999") }, "\(end.joined(separator: "\n"))")
        #expect(end.contains { $0.hasSuffix("End · 289 KB") }, "the reader has the whole value: \(end.joined(separator: "\n"))")
    }

    @Test("a value cut at any length is a prefix of the whole: escapes, accents and emoji are never split", arguments: [false, true])
    func thePrefixIsAPrefix(withSurrogatePairs: Bool) async throws {
        // Escaped surrogate pairs may be cut between their halves (the first becomes one
        // U+FFFD); nothing else may be cut: a UTF-8 sequence or another escape never is.
        let pieces = ["a", " ", "é", "😀", "\\n", "\\\"", "\\\\", "\\u00e9", "日本", "\\t"] + (withSurrogatePairs ? ["\\ud83d\\ude00"] : [])
        let text = Gen.element(of: pieces).map { $0 ?? "a" }.array(of: 0 ... 40).map { $0.joined() }
        await propertyCheck(count: 200, input: text, Gen.int(in: 0 ... 120)) { body, limit in
            let files = TemporaryFiles()
            guard let store = try? JSONRecordStore.load(path: files.write(#"[{"title": "t", "v": "\#(body)"}]"#)) else {
                Issue.record("not loaded: \(body)")
                return
            }
            let whole = try #require(store.members(at: 0).first { $0.key == "v" })
            let cut = try #require(store.members(at: 0, valuePrefix: limit).first { $0.key == "v" })
            #expect(cut.isPrefix == (whole.rawValue.count > limit), "\(body) at \(limit)")
            var scalars = Array(cut.value.unicodeScalars)
            if withSurrogatePairs, cut.isPrefix, scalars.last == "\u{FFFD}" { scalars.removeLast() }
            #expect(whole.value.unicodeScalars.starts(with: scalars), "\(body) at \(limit): \(cut.value.debugDescription)")
            #expect(cut.isPrefix || cut.value == whole.value)
            // Six bytes hold any one escape or character: the prefix is never empty then.
            if limit >= 6, !body.isEmpty { #expect(!cut.value.isEmpty, "\(body) at \(limit)") }
        }
    }
}
