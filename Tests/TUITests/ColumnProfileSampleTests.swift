import Foundation
import Testing
@testable import TUI

/// The columns' profiles a form opens with come from a sample profiled in the background
/// when the store changed, with the form's own record counted on top: the same profiles as
/// reading the sample again when the form opens, for a record in the sample or out of it,
/// and for keys the background sample did not have.
@MainActor
@Suite("A form's column profiles from the sample made in the background")
struct ColumnProfileSampleTests {
    /// `count` records whose "n" is a whole number, but record `odd`'s, which is negative
    /// with a fraction, and whose "rare" key only record `odd` has.
    private static func store(count: Int, odd: Int) throws -> JSONRecordStore {
        let records = (0 ..< count).map { index in
            index == odd ? #"{"title": "t\#(index)", "n": -2.5, "rare": "x@y.org"}"# : #"{"title": "t\#(index)", "n": \#(index)}"#
        }
        return try JSONRecordStore.load(data: Array(("[" + records.joined(separator: ",") + "]").utf8), name: "test")
    }

    @Test("equal to the profiles read when the form opens", arguments: [(10, 3), (10_000, 4_096), (10_000, 4_097), (20_000, 19_999), (20_000, 0)])
    func sampledProfilesWithTheRecordAreTheProfilesReadAgain(count: Int, odd: Int) throws {
        let store = try Self.store(count: count, odd: odd)
        let keys = ["title", "n", "rare"]
        let sampled = ColumnProfile.profiles(of: store, keys: store.sampledKeys(), including: nil)
        for record in [odd, 0, count - 1, count / 2] {
            let fromSample = ColumnProfile.profiles(of: store, keys: keys, including: record, sampled: sampled)
            let readAgain = ColumnProfile.profiles(of: store, keys: keys, including: record)
            #expect(fromSample == readAgain, "record \(record) of \(count), the odd one \(odd), sampled: \(ColumnProfile.isSampled(record, of: store))")
        }
    }

    @Test("the records take the profiles made in the background only while they are of the store as it is")
    func profilesOfAnOldStoreAreNotTaken() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "a", "n": 1}]"#)
        defer { _ = files }
        let records = try DataFileRecords.loaded(from: path)
        let old = records.store
        records.takeColumnProfiles(["n": ColumnProfile()], of: old)
        #expect(records.hasColumnProfiles)
        try records.save(RecordChanges(replaced: [0: Array(#"{"title": "a", "n": -1.5}"#.utf8)]))
        #expect(!records.hasColumnProfiles, "a save replaced the store: the profiles are of the old one")
        records.takeColumnProfiles(["n": ColumnProfile()], of: records.store)
        #expect(records.hasColumnProfiles)
        records.takeColumnProfiles(["n": ColumnProfile()], of: old)
        #expect(records.hasColumnProfiles, "profiles of the old store that arrive late are not taken over the new ones")
        records.takeColumnProfiles(ColumnProfile.profiles(of: records.store, keys: ["n"], including: nil), of: records.store)
        #expect(records.columnProfiles(keys: ["n"], including: 0) == ColumnProfile.profiles(of: records.store, keys: ["n"], including: 0))
    }
}
