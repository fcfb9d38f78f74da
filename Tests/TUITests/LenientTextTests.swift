import Foundation
import TableKit
import Testing
@testable import TUI

/// Lenient text, strict structure: ill-formed UTF-8 and lone surrogates become U+FFFD, as jq
/// and Python read them; anything structural still stops the load; --strict refuses them.
@MainActor
@Suite("Lenient text: U+FFFD for bad bytes and lone surrogates, strict structure, --strict")
struct LenientTextTests {
    private func write(_ bytes: [UInt8]) -> (TemporaryFiles, String) {
        let files = TemporaryFiles()
        // The name is the one errors show: data.json.
        let path = files.write("")
        #expect(throws: Never.self) { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
        return (files, path)
    }

    private func load(_ bytes: [UInt8], strict: Bool = false) throws -> JSONRecordStore {
        let (files, path) = write(bytes)
        defer { withExtendedLifetime(files) {} }
        return try JSONRecordStore.load(path: path, strict: strict)
    }

    private func loadError(_ bytes: [UInt8], strict: Bool = false) -> String? {
        do {
            _ = try load(bytes, strict: strict)
            return nil
        } catch {
            return "\(error)".components(separatedBy: "/").last
        }
    }

    static let latin1 = Array(#"[{"name": "Caf"#.utf8) + [0xE9] + Array(#"", "n": 1}, {"name": "plain"}]"#.utf8)

    @Test func aLatin1ByteBecomesOneReplacementCharacter() throws {
        let store = try load(Self.latin1)
        #expect(store.replacementCount == 1)
        #expect(store.title(at: 0) == "Caf\u{FFFD}")
        #expect(store.fields(at: 0).map(\.value) == ["Caf\u{FFFD}", "1"])
    }

    @Test func eachMaximalIllFormedSubpartIsOneReplacement() throws {
        // A cut three-byte sequence (E2 82) is one; an overlong (C0 AF) and a stray
        // continuation (80) are one each; a UTF-8-encoded surrogate (ED A0 80) is three.
        let text: [UInt8] = Array(#"[{"name": "a"#.utf8) + [0xE2, 0x82] + Array("b".utf8) + [0xC0, 0xAF, 0x80]
            + Array("c".utf8) + [0xED, 0xA0, 0x80] + Array(#""}]"#.utf8)
        let store = try load(text)
        #expect(store.title(at: 0) == "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}c\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(store.replacementCount == 7)
    }

    @Test func loneSurrogateEscapesBecomeReplacementsAndPairsStay() throws {
        let store = try load(Array(#"[{"name": "x\ud800y\udc00z \ud83d\ude00", "k": "\\ud800"}]"#.utf8))
        #expect(store.title(at: 0) == "x\u{FFFD}y\u{FFFD}z 😀")
        #expect(store.fields(at: 0)[1].value == "\\ud800", "an escaped backslash is not an escape")
        #expect(store.replacementCount == 2)
    }

    @Test func strictRefusesAsBefore() {
        #expect(loadError(Self.latin1, strict: true) == "data.json:1:15: error: invalid UTF-8 in string")
        #expect(loadError(Array(#"[{"name": "\ud800"}]"#.utf8), strict: true)?.contains("lone") == true
                    || loadError(Array(#"[{"name": "\ud800"}]"#.utf8), strict: true)?.contains("high surrogate") == true)
    }

    @Test func structuralFaultsStillStopWithTheirPlace() {
        let text = Array(#"[{"name": "Caf"#.utf8) + [0xE9] + Array(#""}, {"name": 1,}]"#.utf8)
        #expect(loadError(text) == "data.json:1:30: error: trailing comma before '}'")
        #expect(loadError([0xFF] + Array("[]".utf8))?.contains("data.json:1:1: error:") == true, "a bad byte outside a string is structural")
    }

    @Test func aValidFileIsTheFilesOwnBytes() throws {
        let store = try load(Array(#"[{"name": "Café"}]"#.utf8))
        #expect(store.replacementCount == 0)
    }

    @Test func theListSaysHowManyAndIsReadOnly() throws {
        let (files, path) = write(Self.latin1)
        defer { withExtendedLifetime(files) {} }
        let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        #expect(list.prompt == "1 invalid character replaced (read-only)")
        #expect(!list.rightBarButtonItems.contains { $0.id == .addRecord }, "saving would write the replacements over the file")
        #expect(throws: (any Error).self) { try DataOptions.parse(["--data", path, "--strict"]).loadListScreen(searchesSynchronously: true) }
    }
}
