import CNcurses
import TableKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CursesTerminal {
    /// The next key, mouse action or resize, waiting at most `timeout` (for ever when `nil`).
    ///
    /// Returns `nil` when the time ran out, and at once when a termination signal is pending
    /// (see ``pendingTerminationSignal``) or the terminal was restored. Waits in pieces of at
    /// most ``SignalHandling/pollInterval`` so that signals are noticed; a SIGTSTP suspends
    /// here (see ``suspend()``), a SIGCONT repaints. Input that means nothing to the app (an
    /// unknown escape sequence, a right click) is consumed without ending the wait.
    func nextEvent(timeout: Duration?) -> Event? {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        var earlyErrors = 0
        while true {
            if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
            guard isActive, pendingTerminationSignal == nil, let window = tk_stdscr() else { return nil }
            if SignalHandling.takeStopRequest() {
                suspend()
                continue
            }
            if SignalHandling.takeContinueNotice() {
                repaintAfterContinue()
                continue
            }

            var slice = SignalHandling.pollInterval
            if let deadline {
                slice = max(.zero, min(slice, clock.now.duration(to: deadline)))
            }
            var value: wint_t = 0
            let status: Int32
            if wakePipe != nil {
                // ncurses may hold bytes it has read ahead: ask it first, without waiting;
                // then wait for the terminal or a post to the mailbox, whichever comes first.
                wtimeout(window, 0)
                var first = wget_wch(window, &value)
                if first == ERR {
                    switch waitForInputOrWake(slice: slice) {
                    case .woken:
                        return nil
                    case .hungUp:
                        inputLost = true
                        return nil
                    case .timedOut, .interrupted:
                        if let deadline, clock.now >= deadline { return nil }
                        continue
                    case .input:
                        first = wget_wch(window, &value)
                        // Readable, yet nothing to read, again and again: the input is at its end.
                        if first == ERR {
                            earlyErrors += 1
                            if earlyErrors >= 50 {
                                inputLost = true
                                return nil
                            }
                        }
                    }
                }
                status = first
            } else {
                wtimeout(window, Int32(Self.milliseconds(slice)))
                let started = clock.now
                status = wget_wch(window, &value)
                if status == ERR, slice >= .milliseconds(20), started.duration(to: clock.now) < .milliseconds(2) {
                    // ERR long before the timeout: a signal interrupted the wait, or the input is
                    // gone (EOF on a hung-up terminal). Only the latter repeats; treat it as a hang-up.
                    earlyErrors += 1
                    if earlyErrors >= 50 {
                        inputLost = true
                        return nil
                    }
                }
            }
            if status != ERR {
                earlyErrors = 0
                if let event = decodeInput(status: status, value: value) { return event }
            }
            if let deadline, clock.now >= deadline { return nil }
        }
    }

    /// What ended a wait for input.
    enum WaitOutcome { case input, woken, timedOut, interrupted, hungUp }

    /// Waits up to `slice` for the terminal's input or the wake pipe; drains the pipe when it
    /// woke.
    func waitForInputOrWake(slice: Duration) -> WaitOutcome {
        guard let wakePipe else { return .input }
        var requests = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&requests, 2, Int32(Self.milliseconds(slice)))
        if ready < 0 { return .interrupted }
        if ready == 0 { return .timedOut }
        if requests[1].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            while TerminalIO.read(wakePipe.read, into: &buffer) > 0 {}
            return .woken
        }
        if requests[0].revents & Int16(POLLIN) == 0, requests[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hungUp }
        return .input
    }

    /// The event for one `wget_wch` result; `nil` for input that means nothing.
    private func decodeInput(status: Int32, value: wint_t) -> Event? {
        if status == KEY_CODE_YES {
            let code = Int32(bitPattern: value)
            switch code {
            case KEY_RESIZE:
                // ncurses has already resized its screens (SIGWINCH → resizeterm). Repaint all
                // of it next time: terminals reflow their contents differently on a resize.
                updateSize()
                _ = clearok(tk_curscr(), true)
                guard size != lastReportedSize else {
                    // Already reported (on resume), or resized back: only repaint.
                    _ = wnoutrefresh(tk_stdscr())
                    _ = doupdate()
                    return nil
                }
                lastReportedSize = size
                return .resize(size)
            case KEY_MOUSE:
                return readMouse()
            default:
                return (CursesKeyMap.key(forCode: code) ?? extendedKey(code)).map(Event.key)
            }
        }
        if value == 27 { return readEscapeSequence() }
        return CursesKeyMap.key(forCharacter: value).map(Event.key)
    }

    // Codes above KEY_MAX are assigned by ncurses at start-up to the extended keys of the
    // terminfo entry (kLFT5 …); their names say what they are.
    private func extendedKey(_ code: Int32) -> Key? {
        guard code > KEY_MAX else { return nil }
        if let known = extendedKeys[code] { return known }
        var key: Key?
        if let name = keyname(code) {
            key = CursesKeyMap.key(forExtendedName: String(cString: name))
        }
        extendedKeys[code] = key
        return key
    }

    private func readMouse() -> Event? {
        var report = MEVENT()
        guard getmouse(&report) == OK else { return nil }
        let position = Point(x: Int(report.x), y: Int(report.y))
        let kinds = CursesKeyMap.mouseKinds(for: report.bstate, buttonDown: &mouseButtonDown)
        let modifiers = CursesKeyMap.mouseModifiers(for: report.bstate)
        guard let first = kinds.first else { return nil }
        pendingEvents.append(contentsOf: kinds.dropFirst().map { .mouse(MouseEvent($0, at: position, modifiers: modifiers)) })
        return .mouse(MouseEvent(first, at: position, modifiers: modifiers))
    }

    /// The text of a bracketed paste, up to `ESC [201~`. A paste arrives in one burst; should
    /// its end never come, a pause of a second ends it (the app never hangs on a paste). Past
    /// ``maximumPasteBytes`` the rest is read and dropped.
    ///
    /// In a UTF-8 locale the paste's bytes are read straight from the terminal in blocks (see
    /// ``PasteReader``): curses reads one byte per system call. Bytes read past the paste's
    /// end are keys typed after it: they become events after the paste's, in order.
    private func readPaste() -> Event? {
        guard isUTF8 else { return readPasteByCharacter() }
        var reader = PasteReader(limit: Self.maximumPasteBytes)
        readPasteBytes(into: &reader)
        let text = reader.finish()
        takeReadAhead(reader.rest)
        return .paste(text)
    }

    /// Reads the terminal's bytes into `reader` until its paste ends, a second passes without
    /// a byte, the input ends, or a termination signal arrives.
    private func readPasteBytes(into reader: inout PasteReader) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !reader.isFinished {
            var request = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 1000)
            if ready < 0, errno == EINTR, pendingTerminationSignal == nil { continue }
            guard ready > 0 else { return }
            let count = TerminalIO.read(inputDescriptor, into: &buffer)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return }
            reader.consume(buffer[0 ..< count])
        }
    }

    /// Bytes read past a paste's end: their keys, mouse reports and pastes go after the
    /// paste, in order; a key cut short goes back to curses, which reads the rest after it.
    private func takeReadAhead(_ bytes: [UInt8]) {
        var bytes = bytes
        while !bytes.isEmpty {
            let (events, rest) = ReadAheadInput.decode(bytes)
            for event in events {
                if case .mouse(let mouse) = event {
                    if mouse.kind == .press { mouseButtonDown = true }
                    if mouse.kind == .release { mouseButtonDown = false }
                }
                pendingEvents.append(event)
            }
            switch rest {
            case .none:
                return
            case .unfinished(let tail):
                // curses reads what was pushed back first, last pushed first.
                for byte in tail.reversed() { _ = ungetch(Int32(byte)) }
                return
            case .paste(let start):
                var reader = PasteReader(limit: Self.maximumPasteBytes)
                reader.consume(start)
                readPasteBytes(into: &reader)
                pendingEvents.append(.paste(reader.finish()))
                bytes = reader.rest
            }
        }
    }

    /// A paste read through curses, a character at a time, where the locale is not UTF-8.
    private func readPasteByCharacter() -> Event? {
        guard let window = tk_stdscr() else { return nil }
        let end = InputDecoder.pasteEnd
        var chars: [UInt32] = []
        // The last characters read, to see the end marker even once the text is cut.
        var tail: [UInt32] = []
        wtimeout(window, 1000)
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == ERR { break }
            // A key ncurses decoded inside a paste (its terminfo taught it a pasted sequence)
            // is not text.
            if status == KEY_CODE_YES { continue }
            tail.append(value)
            if tail.count > end.count { tail.removeFirst() }
            if tail == end {
                // The marker's first characters may already be in the text: take them out.
                chars.removeLast(min(chars.count, end.count - 1))
                break
            }
            if chars.count < Self.maximumPasteBytes + end.count { chars.append(value) }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: chars.prefix(Self.maximumPasteBytes).compactMap(Unicode.Scalar.init))
        return .paste(text)
    }

    /// The most bytes of one paste the app takes (32 MiB): a bound on memory, well above the
    /// megabytes a person pastes.
    static let maximumPasteBytes = 32 << 20

    /// After an ESC that ncurses did not decode: the rest of an escape sequence, if one follows.
    ///
    /// A sequence arrives in one burst, so what belongs to it is already buffered; a lone
    /// Escape has waited out the escape delay in ncurses before it got here. Characters that
    /// turn out not to belong to a sequence are pushed back and read as keys of their own.
    private func readEscapeSequence() -> Event? {
        guard let window = tk_stdscr() else { return .key(.escape) }
        let delay = Int32(clamping: max(10, Self.milliseconds(options.escapeDelay)))
        var chars: [UInt32] = []
        while true {
            switch InputDecoder.decode(chars) {
            case .complete(let event):
                if case .mouse(let mouse)? = event {
                    if mouse.kind == .press { mouseButtonDown = true }
                    if mouse.kind == .release { mouseButtonDown = false }
                }
                return event
            case .pasteBegins:
                return readPaste()
            case .notASequence:
                for char in chars.reversed() {
                    _ = unget_wch(wchar_t(bitPattern: char))
                }
                return .key(.escape)
            case .needMore:
                wtimeout(window, chars.isEmpty ? 0 : delay)
                var value: wint_t = 0
                let status = wget_wch(window, &value)
                if status == OK {
                    chars.append(value)
                    continue
                }
                if status == KEY_CODE_YES {
                    // A key ncurses did decode: it is not part of this; the ESC before it stood
                    // alone, or began a sequence cut short (which is dropped).
                    _ = ungetch(Int32(bitPattern: value))
                }
                return chars.isEmpty ? .key(.escape) : nil
            }
        }
    }
}
