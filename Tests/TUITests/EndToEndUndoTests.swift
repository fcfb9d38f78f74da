import Foundation
import Testing

/// Undo live, in tmux, with the bytes a terminal sends, under each TERM: `u` takes a deleted
/// record back into the file, `U` deletes it again, and in a form Ctrl-_ (byte 31, which
/// Ctrl-/ sends too) takes back what was typed in a field.
@Suite("End to end in tmux: u, U and Ctrl-_ under each TERM", .serialized)
struct EndToEndUndoTests {
    private static let people = "[\n  {\"name\": \"Ann\", \"age\": 41},\n  {\"name\": \"Bob\", \"age\": 7}\n]\n"

    private func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Polls the file until `predicate` holds of it, or 30 s pass: a save runs on the same
    /// background threads as the app's other work (the photos decoding at start), which a
    /// loaded machine running the whole suite shares.
    private func waitForFile(_ path: String, _ predicate: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while ContinuousClock.now < deadline {
            if predicate(contents(path)) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("a deleted record comes back with u and goes again with U; a field's typing goes with Ctrl-_", arguments: EndToEndInputTests.terminals)
    func undoLive(term: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-undo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("people.json").path
        try Self.people.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await TableBrowserBinary.launchInTmux(
            arguments: ["--no-animation", "--data", path], width: 80, height: 24,
            environment: ["TERM": term, "XDG_STATE_HOME": folder.path, "XDG_DATA_HOME": folder.path])
        defer { session.kill() }
        _ = await session.waitUntil("the list under \(term)") { $0.contains { $0.contains("Bob") } }
        // Bob's form, Delete, confirmed.
        session.send("j", "e")
        _ = await session.waitUntil("Bob's form") { $0.contains { $0.contains("(^D)") } }
        session.send("C-d")
        _ = await session.waitUntil("the question") { $0.contains { $0.contains("Delete") && $0.contains("?") } }
        session.send("d")
        #expect(await waitForFile(path) { !$0.contains("Bob") && $0.contains("Ann") }, "deleted under \(term)")
        _ = await session.waitUntil("the list without Bob, offering undo", timeout: .seconds(30)) { screen in
            !screen.contains { $0.contains("Bob") } && screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("u undo") == true
        }
        session.send("u")
        #expect(await waitForFile(path) { $0 == Self.people }, "Bob back, byte for byte, under \(term): \(contents(path))")
        _ = await session.waitUntil("the footer naming the undo", timeout: .seconds(30)) { $0.contains { $0.contains("Undo Delete Record") } }
        session.send("U")
        #expect(await waitForFile(path) { !$0.contains("Bob") }, "deleted again under \(term)")
        // Ann's form: typing in Name, then Ctrl-_ (tmux sends byte 31 for C-_).
        session.send("e")
        _ = await session.waitUntil("Ann's form") { $0.contains { $0.contains("Save (^S)") } }
        session.send("x", "y", "z")
        _ = await session.waitUntil("the typing") { $0.contains { $0.contains("Annxyz") } }
        session.send("C-_")
        let undone = await session.waitUntil("the typing taken back") { $0.contains { $0.contains("Undo name") } }
        #expect(undone?.contains { $0.contains("Annxyz") } == false, "under \(term)")
        session.send("Escape")
        session.send("q")
        _ = await session.waitForLine("EXIT:0")
    }
}
