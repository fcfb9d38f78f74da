import Foundation
import TableKit
import Testing
@testable import TUI

/// Endless and silent inputs: devices refused at once, a FIFO waited for with a deadline, a
/// stream of what cannot be JSON stopped at its first byte, and a read that can be cancelled.
@MainActor
@Suite("Bounded reads: /dev/zero, FIFOs, pipes and cancel")
struct BoundedReadsTests {
    private func run(_ arguments: [String], standardInput: String = "/dev/null") throws -> TmuxSession.ProcessResult {
        try TmuxSession.run(try TableBrowserBinary.url().path, ["snapshot", "--size", "40x8"] + arguments,
                            environment: TableBrowserBinary.environment, timeout: .seconds(15), standardInput: standardInput)
    }

    private func fifo(in files: TemporaryFiles) throws -> String {
        let path = files.directory.appendingPathComponent("records.fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func aCharacterDeviceIsRefusedAtOnceAsFileAndAsStandardInput() throws {
        let asFile = try run(["--data", "/dev/zero"])
        #expect(asFile.status == 66)
        #expect(asFile.standardError == "table-browser: /dev/zero: error: not a regular file (a character device, such as /dev/zero)\n")
        let asInput = try run(["--data", "-"], standardInput: "/dev/zero")
        #expect(asInput.status == 66)
        #expect(asInput.standardError.contains("stdin: error: not a regular file"))
    }

    @Test func aPipeOfWhatCannotBeJSONStopsAtItsFirstByte() throws {
        let binary = try TableBrowserBinary.url().path
        // Endless: only stopping at the first byte lets this end.
        let result = try TmuxSession.run("/bin/sh", ["-c", "cat /dev/zero | '\(binary)' snapshot --data -"],
                                         environment: TableBrowserBinary.environment, timeout: .seconds(15))
        #expect(result.status == 65)
        #expect(result.standardError == "table-browser: stdin:1:1: error: byte 0x00 cannot start JSON records (an array, an object or JSON Lines)\n", "\(result.standardError)")
    }

    @Test func aFIFOWithNoWriterFailsAfterTheTimeout() throws {
        let files = TemporaryFiles()
        let path = try fifo(in: files)
        let started = ContinuousClock.now
        let result = try run(["--data", path, "--timeout", "0.3"])
        #expect(result.status == 66)
        #expect(result.standardError.hasSuffix("error: no data after 1 second (a pipe or FIFO with no writer?)\n"), "\(result.standardError)")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aFIFOIsWaitedForAndItsRecordsCannotBeEditedOrReloaded() throws {
        let files = TemporaryFiles()
        let path = try fifo(in: files)
        let writer = Thread {
            usleep(300_000)
            let handle = FileHandle(forWritingAtPath: path)
            handle?.write(Data(#"[{"title": "From a FIFO"}]"#.utf8))
            try? handle?.close()
        }
        writer.start()
        let result = try run(["--data", path, "--timeout", "10"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix(" From a FIFO") && !$0.contains("[✎]") })
        #expect(!lines[0].contains("⟳") && !lines[0].contains("+ (+)"), "no reload, no Add: \(lines[0])")
    }

    @Test func aCancelStopsAReadThatWaitsAtOnce() throws {
        let files = TemporaryFiles()
        let path = try fifo(in: files)
        let started = ContinuousClock.now
        // The deadline only keeps a broken cancel from hanging the test.
        let options = JSONRecordStore.LoadOptions(isCancelled: { ContinuousClock.now - started > .milliseconds(200) }, waitForData: .seconds(2))
        #expect(throws: JSONLoadError.self) { _ = try JSONRecordStore.load(path: path, options: options) }
        do {
            _ = try JSONRecordStore.load(path: path, options: options)
        } catch {
            #expect(error.description.hasSuffix("loading cancelled"))
        }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    /// The file swapped for a link to /dev/zero: ⟳ says so at once instead of reading 4 GiB.
    @Test func aReloadOfAFileSwappedForALinkToDevZeroFailsAtOnce() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "Before"}]"#)
        let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        let started = ContinuousClock.now
        let after = SnapshotCommand.render(list: list, size: Size(width: 60, height: 12), keys: [.character("r")]).text
        #expect(after.contains("not a regular file"), "\(after)")
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}

@MainActor
@Suite("A reload keeps the search")
struct ReloadKeepsSearchTests {
    @Test func aReloadRunsTheSearchAgainOverTheNewRecords() throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "Old Apple"}, {"title": "Old Pear"}, {"title": "Plum"}]"#)
        let list = try DataOptions.parse(["--data", path]).loadListScreen(searchesSynchronously: true)
        _ = files.write(#"[{"title": "New Apple"}, {"title": "Apple Pie"}, {"title": "Plum"}]"#)
        let frame = SnapshotCommand.render(list: list, size: Size(width: 40, height: 12), keys: try Key.parseScript("/ a p p l e Enter r")).text
        #expect(frame.contains("New Apple") && frame.contains("Apple Pie"), "\(frame)")
        #expect(!frame.contains("Plum") && !frame.contains("Old"), "\(frame)")
        #expect(list.searchController?.session?.field.text == "apple")
    }
}

@MainActor
@Suite("The first search does not wait for its index")
struct TitleIndexInBackgroundTests {
    @Test func theTitleIndexIsBuiltInTheBackgroundOnceTheListsFirstFrameIsOut() async throws {
        let files = TemporaryFiles()
        let path = files.write(#"[{"title": "Apple"}, {"title": "Pear"}, {"title": "Plum"}]"#)
        let list = try DataOptions.parse(["--data", path]).loadListScreen()
        #expect(!list.isTitleSearchPrepared, "nothing is built before the list shows")
        let app = BrowserApp(list: list, size: Size(width: 40, height: 12), options: AppOptions(animates: false))
        _ = app.render(context: RenderContext())
        #expect(app.root.nextDelivery != nil, "the list posted itself the start of its index, delivered once the frame is out")
        try await Task.sleep(for: .milliseconds(50))
        #expect(!list.isTitleSearchPrepared, "nothing competes with the first frame for the cores")
        // What the event loop does once the frame is out.
        app.root.deliverPosted()
        let deadline = ContinuousClock.now + .seconds(10)
        while !list.isTitleSearchPrepared, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(list.isTitleSearchPrepared)
    }
}
