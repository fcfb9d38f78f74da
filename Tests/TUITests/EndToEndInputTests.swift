import Foundation
import Testing

/// The bytes a real terminal sends — mouse reports with Shift, Alt and Ctrl, modified keys,
/// double clicks, long presses and drags — under the TERM values people set, and frames that
/// equal the headless snapshot of the same keys (issue 38); a paste under each TERM is in
/// `EndToEndStateTests`. Under `xterm-256color`, curses
/// itself knows the SGR mouse report (`kmous=ESC [<`); under tmux's TERM and `screen` it does
/// not: each must reach the app whole.
@Suite("End to end in tmux: what a terminal sends, under each TERM", .serialized)
struct EndToEndInputTests {
    /// The TERM values this machine's terminfo has, of the three every terminal emulator,
    /// tmux and screen set.
    static let terminals = ["xterm-256color", "tmux-256color", "screen"].filter(TmuxSession.hasTerminfo)

    /// A fresh app in tmux under `term`, its state in a folder of its own; returns when the
    /// Books list is up.
    private func launch(_ term: String, width: Int = 80, height: Int = 24) async throws -> (TmuxSession, URL) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tablekit-input-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let session = try await TableBrowserBinary.launchInTmux(
            arguments: ["--no-animation"], width: width, height: height,
            environment: ["TERM": term, "XDG_STATE_HOME": state.path, "XDG_DATA_HOME": state.path])
        await session.waitForTheBooksList("the Books list under \(term)")
        return (session, state)
    }

    /// The photo layout the state file holds: scale and degrees by photo name.
    private func photoLayout(in state: URL) -> [String: (scale: Double, degrees: Double)] {
        let file = state.appendingPathComponent("table-browser/state.json")
        guard let data = try? Data(contentsOf: file),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let layout = object["photoLayout"] as? [String: [String: Any]] else { return [:] }
        return layout.compactMapValues { entry in
            guard let scale = entry["scale"] as? Double else { return nil }
            return (scale, entry["degrees"] as? Double ?? 0)
        }
    }

    /// Polls the state file until `predicate` holds of the photo layout, or 10 s pass.
    private func waitForLayout(in state: URL, _ predicate: ([String: (scale: Double, degrees: Double)]) -> Bool) async -> [String: (scale: Double, degrees: Double)]? {
        let deadline = ContinuousClock.now.advanced(by: TmuxSession.defaultTimeout)
        while ContinuousClock.now < deadline {
            let layout = photoLayout(in: state)
            if predicate(layout) { return layout }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Waits until the screen stops changing (two looks 150 ms apart agree), as a person
    /// waits to see what a key did before pressing the next.
    private func settle(_ session: TmuxSession) async {
        var last = session.capture(escapes: true)
        for _ in 0 ..< 40 {
            try? await Task.sleep(for: .milliseconds(150))
            let now = session.capture(escapes: true)
            if now == last { return }
            last = now
        }
    }

    private func quit(_ session: TmuxSession) async {
        session.send("q")
        let end = await TableBrowserBinary.waitForTheEnd(of: session)
        #expect(end?.contains("EXIT:0") == true && end?.contains("TTY-SAME") == true)
    }

    @Test("Ctrl-wheel scales the photo under the pointer and Alt-wheel turns it", arguments: terminals)
    func pinchAndRotateReachThePhoto(term: String) async throws {
        let (session, state) = try await launch(term)
        session.send("6")
        await session.waitUntil("the board") { $0.first?.contains("Photos") == true && $0.dropFirst().first?.contains("▀") == true }
        // The photos decode in the background: on a busy machine the board is still filling in.
        await settle(session)
        // Five notches up with Ctrl (64 + 16) over the photo at column 70, line 8 (1-based).
        for _ in 0 ..< 5 { session.sendLiteral("\u{1B}[<80;70;8M") }
        let pinched = await waitForLayout(in: state) { $0.values.contains { $0.scale > 1.5 } }
        #expect(pinched != nil, "five Ctrl-wheel notches scaled no photo under \(term): \(photoLayout(in: state))")
        guard let (name, before) = pinched?.first(where: { $0.value.scale > 1.5 }) else {
            await quit(session)
            return
        }
        // Two notches down with Alt (65 + 8): the same photo turns, and keeps its scale.
        for _ in 0 ..< 2 { session.sendLiteral("\u{1B}[<73;70;8M") }
        let turned = await waitForLayout(in: state) { layout in layout[name].map { $0.degrees != before.degrees } ?? false }
        #expect(turned != nil, "two Alt-wheel notches turned \(name) not at all under \(term)")
        #expect(turned?[name]?.scale == before.scale, "the turn kept the scale")
        await quit(session)
    }

    @Test("a long press opens the facts, a double click zooms as z does, a drag moves a photo", arguments: terminals)
    func pressesClicksAndDrags(term: String) async throws {
        let (session, _) = try await launch(term)
        session.send("6")
        await session.waitUntil("the board") { $0.first?.contains("Photos") == true && $0.dropFirst().first?.contains("▀") == true }
        // A long press: held for longer than half a second, then let go.
        session.sendLiteral("\u{1B}[<0;70;8M")
        try await Task.sleep(for: .milliseconds(800))
        session.sendLiteral("\u{1B}[<0;70;8m")
        await session.waitUntil("the photo's facts after a long press under \(term)") { $0.contains { $0.contains("CAMERA") } }
        session.send("Escape")
        await session.waitUntil("the board again") { $0.first?.contains("Photos") == true }
        await settle(session)
        // A double click zooms the photo under the pointer; z zooms it back, and again.
        session.sendLiteral("\u{1B}[<0;30;8M\u{1B}[<0;30;8m\u{1B}[<0;30;8M\u{1B}[<0;30;8m")
        await settle(session)
        let zoomed = session.capture(escapes: true)
        session.send("z")
        await settle(session)
        let unzoomed = session.capture(escapes: true)
        #expect(unzoomed != zoomed, "z undid the double click's zoom under \(term)")
        session.send("z")
        await session.waitUntil("z zoomed it as the double click did under \(term)") { _ in session.capture(escapes: true) == zoomed }
        session.send("z")
        await settle(session)
        // A drag with the button down (32) carries a photo.
        let before = session.capture(escapes: true)
        session.sendLiteral("\u{1B}[<0;71;18M")
        for (x, y) in [(66, 16), (60, 14), (52, 12)] { session.sendLiteral("\u{1B}[<32;\(x);\(y)M") }
        session.sendLiteral("\u{1B}[<0;52;12m")
        await session.waitUntil("the dragged photo moved under \(term)") { _ in session.capture(escapes: true) != before }
        await quit(session)
    }

    /// The 0-based terminal column where `text` starts on `line` of `screen`.
    private func column(of text: String, in line: String) throws -> Int {
        let range = try #require(line.range(of: text), "\(text) on '\(line)'")
        return line[..<range.lowerBound].displayWidth
    }

    @Test("a click on a tab or a row acts; a press keeps its drags and release, from a row over the tab bar and from a tab into the rows", arguments: terminals)
    func clicksAndDragsAcrossTheTabBar(term: String) async throws {
        let books = try TableBrowserBinary.snapshot(size: "80x24", keys: "")
        let tweets = try TableBrowserBinary.snapshot(size: "80x24", keys: "2")
        let opened = try TableBrowserBinary.snapshot(size: "80x24", keys: "Enter")
        let tabLine = try #require(books.lastIndex { $0.contains("2 Tweets") })
        // 1-based, as the terminal reports them: a letter of each tab's label, the first row's title.
        let tweetsX = try column(of: "Tweets", in: books[tabLine]) + 2, booksX = try column(of: "Books", in: books[tabLine]) + 2
        let tabY = tabLine + 1, rowX = 4, rowY = 3
        let (session, _) = try await launch(term)
        await session.waitUntilScreen(equals: books, "the Books list under \(term)")

        // From the first row down over Tweets, let go there: the release is the row's (a press on
        // a row is a tap at its release), so the book opens, and Tweets is not chosen.
        session.sendLiteral("\u{1B}[<0;\(rowX);\(rowY)M")
        for y in [8, 16, tabY] { session.sendLiteral("\u{1B}[<32;\(y == tabY ? tweetsX : rowX);\(y)M") }
        session.sendLiteral("\u{1B}[<0;\(tweetsX);\(tabY)m")
        await session.waitUntilScreen(equals: opened, "the first book, still in Books, after a drag from its row released on Tweets under \(term)")

        // A click on Tweets chooses it. A press on Books chooses it back, and its drag up into the
        // rows and release on one are the bar's: the book stays as it was.
        session.sendLiteral("\u{1B}[<0;\(tweetsX);\(tabY)M\u{1B}[<0;\(tweetsX);\(tabY)m")
        await session.waitUntilScreen(equals: tweets, "the Tweets tab after a click on it under \(term)")
        session.sendLiteral("\u{1B}[<0;\(booksX);\(tabY)M")
        for y in [16, 8, rowY] { session.sendLiteral("\u{1B}[<32;\(rowX);\(y)M") }
        session.sendLiteral("\u{1B}[<0;\(rowX);\(rowY)m")
        await settle(session)
        await session.waitUntilScreen(equals: opened, "the Books tab as it was left after a press on Books dragged to a row under \(term)")

        // A click on Books, in front, goes back to its list; a click on the first row opens it.
        session.sendLiteral("\u{1B}[<0;\(booksX);\(tabY)M\u{1B}[<0;\(booksX);\(tabY)m")
        await session.waitUntilScreen(equals: books, "the Books list after a click on Books in front under \(term)")
        session.sendLiteral("\u{1B}[<0;\(rowX);\(rowY)M\u{1B}[<0;\(rowX);\(rowY)m")
        await session.waitUntilScreen(equals: opened, "the first book after a click on its row under \(term)")
        await quit(session)
    }

    @Test("a drag across a tweet to the left opens its swipe menu as `s` does, in a real terminal", arguments: terminals)
    func dragAcrossARowOpensItsSwipeMenu(term: String) async throws {
        let tweets = try TableBrowserBinary.snapshot(size: "80x24", keys: "2")
        let swiped = try TableBrowserBinary.snapshot(size: "80x24", keys: "2 s")
        let (session, _) = try await launch(term)
        session.sendLiteral("2")
        await session.waitUntilScreen(equals: tweets, "the Tweets tab under \(term)")
        // 1-based, as the terminal reports them: a press on the first tweet's text, dragged left
        // past a fifth of the row (the swipe part's pan, through the one hit test), let go.
        session.sendLiteral("\u{1B}[<0;60;3M")
        for x in [56, 48, 36, 24] { session.sendLiteral("\u{1B}[<32;\(x);3M") }
        session.sendLiteral("\u{1B}[<0;24;3m")
        await session.waitUntilScreen(equals: swiped, "the first tweet's menu open after a drag across it under \(term)")
        // A click away from its buttons closes it, as a tap outside an open row does in UIKit.
        session.sendLiteral("\u{1B}[<0;40;12M\u{1B}[<0;40;12m")
        await session.waitUntilScreen(equals: tweets, "the menu closed by a click elsewhere under \(term)")
        await quit(session)
    }

    /// Scripts whose keys a terminal sends as escape sequences (`ESC [1;2D` Shift-←, `ESC [1;3B`
    /// Alt-↓) or that wait on background work (the photos' decoding), typed live and scripted.
    /// Each live key may name what the screen shows once it has acted (the photos decode in
    /// the background: a person waits for the board before choosing a photo).
    static let scripts: [(live: [(key: String, shows: String?)], snapshot: String)] = [
        ([("2", "Tweets"), ("\u{1B}[1;2D", "Reply")], "2 S-Left"),
        ([("2", "Tweets"), ("j", nil), ("\u{1B}[1;2C", nil)], "2 j S-Right"),
        ([("5", "Settings"), ("\u{1B}[F", nil)] + Array(repeating: ("k", nil), count: 6)
            + [("\r", "Keyboards"), ("E", "Done"), ("\u{1B}[1;3B", nil), ("\u{1B}[1;3B", nil), ("\u{1B}[1;3A", nil)],
         "5 End k k k k k k Enter E A-Down A-Down A-Up"),
        ([("6", "▀"), ("\t", nil), ("\r", "CAMERA")], "6 Tab Enter"),
    ]

    @Test("the frame after keys typed live equals the snapshot of the same keys", arguments: terminals)
    func liveFramesEqualSnapshots(term: String) async throws {
        for script in Self.scripts {
            let expected = try TableBrowserBinary.snapshot(size: "80x24", keys: script.snapshot)
            let (session, _) = try await launch(term)
            for (key, shows) in script.live {
                session.sendLiteral(key)
                if let shows { await session.waitUntil("\(shows) after \(script.snapshot) under \(term)") { $0.contains { $0.contains(shows) } } }
                await settle(session)
            }
            await session.waitUntilScreen(equals: expected, "\(script.snapshot) under \(term)")
            await quit(session)
        }
    }
}
