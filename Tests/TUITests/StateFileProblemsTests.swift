import Foundation
import Testing
@testable import TUI

/// Every problem with the state file said in words: what is in its place, or why it cannot be
/// read — never a permission problem for a FIFO, never "NSCocoaErrorDomain error 256".
@MainActor
@Suite("The state file's problems, in words")
struct StateFileProblemsTests {
    private func store() -> (StateStore, TemporaryFiles) {
        let files = TemporaryFiles()
        let store = StateStore(url: files.directory.appendingPathComponent("state/table-browser/state.json"))
        try? FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return (store, files)
    }

    @Test("a FIFO in the file's place is named as one, at once, without waiting for a writer, and moved aside")
    func aFIFOIsNamed() throws {
        let (store, files) = store()
        #expect(mkfifo(store.url.path, 0o600) == 0)
        let problem = try #require(store.load().problem)
        #expect(problem.contains("was not used: it is a named pipe (FIFO), not a file; it was moved to state.json.unreadable-1"), "\(problem)")
        _ = files
    }

    @Test("a folder in the file's place is named as one")
    func aFolderIsNamed() throws {
        let (store, files) = store()
        try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: true)
        let problem = try #require(store.load().problem)
        #expect(problem.contains("was not used: it is a folder, not a file; it could not be moved aside"), "\(problem)")
        #expect(!problem.contains("Domain"))
        _ = files
    }

    @Test("errors from a reader are said in words: a refusal, a POSIX error under Foundation's, and an unknown one",
          arguments: [
              (CocoaError(.fileReadNoPermission), "it is not used: this user may not read it"),
              (CocoaError(.fileReadUnknown, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))]),
               "it is not used: the disk could not read it (input/output error)"),
              (CocoaError(.fileReadUnknown), "it is not used: it cannot be read"),
          ])
    func readerErrors(error: CocoaError, expected: String) throws {
        var (store, files) = store()
        try Data("{}".utf8).write(to: store.url)
        store.read = { _ in throw error }
        let problem = try #require(store.load(settingAside: true).problem)
        let reason = String(expected.dropFirst("it is not used: ".count))
        #expect(problem.contains("was not used: \(reason);"), "\(problem)")
        #expect(!problem.contains("Domain") && !problem.contains("error 256"), "\(problem)")
        _ = files
    }

    @Test("for every kind of thing in the file's place, the reason names it in words", arguments: [S_IFDIR, S_IFIFO, S_IFSOCK, S_IFCHR, S_IFBLK])
    func kinds(mode: mode_t) {
        #expect(["a folder", "a named pipe (FIFO)", "a socket", "a device"].contains(StateStore.kind(mode: mode)))
    }
}
