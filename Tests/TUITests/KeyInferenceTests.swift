import Foundation
import Testing
@testable import TUI

/// Title and subtitle keys inferred from records spread across the file, not from the first.
@MainActor
@Suite("Key inference: the key textual in most records, varying, name-like first")
struct KeyInferenceTests {
    private func load(_ records: [String], titleKey: String? = nil) throws -> JSONRecordStore {
        let files = TemporaryFiles()
        return try JSONRecordStore.load(path: files.write("[" + records.joined(separator: ",\n") + "]"), titleKey: titleKey)
    }

    @Test func constantKeysGiveWayToOnesThatVary() throws {
        // As in Swift's ABI baseline files: every record starts with the same two kinds.
        let records = (0 ..< 40).map { i in
            #"{"DiffItemKind": "CommonDiffItem", "NodeKind": "Var", "LeftUsr": "s:usr\#(i)", "ModuleName": "Swift", "ChildIndex": "0:\#(i)"}"#
        }
        let store = try load(records)
        #expect(store.titleKey == "LeftUsr", "not the constant DiffItemKind")
        #expect(store.subtitleKey == "ChildIndex", "and not the constant NodeKind or ModuleName")
        #expect(store.title(at: 7) == "s:usr7")
    }

    @Test func aKeyMostRecordsHaveWinsOverTheFirstRecordsOwn() throws {
        let records = [#"{"id": 1, "label": "odd one"}"#] + (0 ..< 30).map { #"{"id": \#($0), "city": "C\#($0)", "name": "N\#($0)"}"# }
        let store = try load(records)
        #expect(store.titleKey == "name" && store.subtitleKey == "city")
        #expect(store.title(at: 0) == "", "the first record has no name")
        #expect(store.title(at: 3) == "N2")
    }

    @Test func aNameLikeKeyComesBeforeOthersAndAGivenKeyStays() throws {
        let records = (0 ..< 20).map { #"{"code": "K\#($0)", "displayName": "Thing \#($0)", "kind": "same"}"# }
        let store = try load(records)
        #expect(store.titleKey == "displayName" && store.subtitleKey == "code")
        let given = try load(records, titleKey: "kind")
        #expect(given.titleKey == "kind" && given.title(at: 3) == "same")
        #expect(given.subtitleKey == "code", "the subtitle is still inferred")
    }

    @Test func aSingleRecordIsStillReadAsBefore() throws {
        let store = try load([#"{"label": "x", "note": "y"}"#])
        #expect(store.titleKey == "label" && store.subtitleKey == "note")
    }
}
