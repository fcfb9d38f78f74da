import Foundation
import Testing
import TableKit
@testable import TableKitTerminal
@testable import TUI

/// A screen that starts slow background work when it is made and writes down, at each key,
/// whether the work's answer had arrived.
@MainActor
private final class SlowWorkScreen: TableViewController {
    var arrived = false
    var seenAtKeys: [Bool] = []

    init(work: Duration) {
        super.init(title: "Slow", dataSource: StaticTableDataSource(cells: [TableViewCell(text: "Waiting")]))
        runInBackground({ Thread.sleep(forTimeInterval: Double(work.components.seconds) + Double(work.components.attoseconds) / 1e18) }) { screen, _ in
            screen.arrived = true
            return .handled
        }
    }

    override func handle(_ event: Event, area: Rect) -> ScreenResponse {
        if case .key(.character("x")) = event {
            seenAtKeys.append(arrived)
            return .handled
        }
        return super.handle(event, area: area)
    }
}

/// Scripted runs are a function of their script (issue 38): the headless runner delivers the
/// work the app has already started before each key, unless asked to race it.
@MainActor
@Suite("Scripted runs: the same keys give the same frame", .serialized)
struct ScriptedRunsTests {
    private func run(_ screen: SlowWorkScreen, deliversWork: Bool) {
        let root = RootController(content: NavigationController(root: screen), size: Size(width: 30, height: 8))
        let backend = HeadlessTerminal(size: Size(width: 30, height: 8), events: [.key(.character("x")), .key(.character("x"))],
                                       deliversWorkBeforeEachEvent: deliversWork)
        _ = EventLoop(root: root, backend: backend).run()
    }

    @Test("a key waits for the work started before it; racing, it lands first")
    func keysWaitForWorkInFlight() {
        let waiting = SlowWorkScreen(work: .milliseconds(300))
        run(waiting, deliversWork: true)
        #expect(waiting.seenAtKeys == [true, true], "each key came after the work's answer")

        let racing = SlowWorkScreen(work: .milliseconds(300))
        run(racing, deliversWork: false)
        #expect(racing.seenAtKeys == [false, false], "racing, both keys came before the answer")
        #expect(racing.arrived, "and the answer still came before the run ended")
    }

    @Test("`6 Tab Enter` shows the chosen photo's facts on every run")
    func thePhotoScriptGivesOneFrame() throws {
        let keys = try Key.parseScript("6 Tab Enter")
        var frames: Set<String> = []
        for _ in 0 ..< 8 {
            let list = try DataOptions.parse([]).loadListScreen(searchesSynchronously: true)
            frames.insert(SnapshotCommand.render(list: list, size: Size(width: 120, height: 40), keys: keys).text)
        }
        #expect(frames.count == 1, "\(frames.count) different frames")
        #expect(frames.first?.contains("CAMERA") == true, "the facts of the chosen photo:\n\(frames.first ?? "")")
    }
}
