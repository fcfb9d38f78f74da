import CNcurses
import TableKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CursesTerminal {
    /// Writes every cell of `canvas` into curses' screen and lets ncurses send what changed.
    ///
    /// A canvas of another size than the screen (for a moment after a resize) is clipped, and
    /// whatever it does not cover is cleared. A wide cell that does not fit is drawn as a space.
    func present(_ canvas: Canvas) {
        guard isActive, let window = tk_stdscr() else { return }
        let screenRows = Int(tk_lines()), screenColumns = Int(tk_cols())
        let rows = min(canvas.size.height, screenRows)
        let columns = min(canvas.size.width, screenColumns)
        var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        let blankCharacters: [wchar_t] = [0x20, 0]
        var cell = cchar_t()
        var blank = cchar_t()

        for y in 0..<rows {
            var x = 0
            while x < columns {
                let source = canvas[x, y]
                guard !source.isContinuation else {
                    x += 1
                    continue
                }
                let (attributes, pair) = cursesStyle(for: source.style)
                let width = Int(source.width)
                let fits = width < 2 || x + 1 < columns
                let drawn = Self.cellCharacters(
                    fits ? source.grapheme : " ", width: fits ? width : 1, isUTF8: isUTF8,
                    into: &characters, columnsOf: { Int(tk_wcwidth(wchar_t(bitPattern: $0))) }
                )
                _ = setcchar(&cell, characters, attributes, pair, nil)
                // ERR at the bottom-right cell is expected: the cell is written, only the cursor
                // cannot move past it (scrolling is off). Nothing else can fail here.
                _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
                if fits && drawn < width {
                    // Canvas and wcwidth disagree on this cluster: keep the next column clean.
                    _ = setcchar(&blank, blankCharacters, attributes, pair, nil)
                    _ = mvwadd_wch(window, Int32(y), Int32(x + 1), &blank)
                }
                x += max(1, fits ? width : 1)
            }
            if columns < screenColumns {
                _ = wmove(window, Int32(y), Int32(columns))
                _ = wclrtoeol(window)
            }
        }
        if rows < screenRows {
            _ = wmove(window, Int32(rows), 0)
            _ = wclrtobot(window)
        }
        _ = wnoutrefresh(window)
        _ = doupdate()
    }

    /// Fills `buffer` with the wide characters curses stores for one cell, NUL-terminated, and
    /// returns the columns they take (1 or 2).
    ///
    /// A cell holds one spacing character and up to `CCHARW_MAX - 1` zero-width ones after it;
    /// a canvas gives each spacing character of a longer cluster (a flag's second letter, the
    /// other emoji of a ZWJ sequence) a cell of its own (see `DisplayWidth`), and anything
    /// spacing left over here is dropped, because a terminal cannot be told where one cell's
    /// text ends. A first
    /// character that `columnsOf` (wcwidth) calls unprintable, or wider than the cell, becomes
    /// U+FFFD, so that curses and the canvas never disagree on where the next cell starts.
    /// Outside a UTF-8 locale everything beyond ASCII becomes `?`.
    nonisolated static func cellCharacters(
        _ grapheme: String,
        width: Int,
        isUTF8: Bool,
        into buffer: inout [wchar_t],
        columnsOf: (UInt32) -> Int
    ) -> Int {
        let scalars = grapheme.unicodeScalars
        var first = scalars.first?.value ?? 0x20
        var columns: Int
        if !isUTF8 && first > 0x7E {
            first = 0x3F  // "?"
            columns = 1
        } else {
            columns = columnsOf(first)
            if columns < 1 || columns > max(1, width) {
                first = 0xFFFD
                columns = 1
            }
        }
        buffer[0] = wchar_t(bitPattern: first)
        var count = 1
        if isUTF8 && first != 0xFFFD {
            for scalar in scalars.dropFirst() {
                guard count < Int(CCHARW_MAX), columnsOf(scalar.value) == 0 else { break }
                if scalar.value == 0x200D { break }  // a joiner without what it joins
                buffer[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
        }
        buffer[count] = 0
        return columns
    }

    /// Curses attributes and a colour pair for `style`, cached per style.
    func cursesStyle(for style: Style) -> (attributes: attr_t, pair: Int16) {
        if let cached = styleCache[style] { return cached }
        var attributes: attr_t = 0
        if style.attributes.contains(.bold) { attributes |= tk_attr_bold() }
        if style.attributes.contains(.dim) { attributes |= tk_attr_dim() }
        if style.attributes.contains(.reverse) { attributes |= tk_attr_reverse() }
        if style.attributes.contains(.underline) { attributes |= tk_attr_underline() }
        if style.attributes.contains(.italic) { attributes |= tk_attr_italic() }
        var pair: Int16 = 0
        if paletteSize > 0 {
            var foreground = ColorLowering.value(style.foreground, paletteSize: paletteSize)
            var background = ColorLowering.value(style.background, paletteSize: paletteSize)
            if !defaultColorsAllowed {
                // Without use_default_colors, -1 is not a colour: pair 0 is white on black.
                if foreground < 0 { foreground = Int32(COLOR_WHITE) }
                if background < 0 { background = Int32(COLOR_BLACK) }
                if foreground == Int32(COLOR_WHITE) && background == Int32(COLOR_BLACK) {
                    foreground = -1
                    background = -1
                }
            }
            let direct = paletteSize >= ColorLowering.directColorThreshold
            pair = colorPairs.pair(foreground: foreground, background: background) { pair, fg, bg in
                // Direct colour values pass a short: only the extended call takes them.
                direct ? init_extended_pair(Int32(pair), fg, bg) == OK : init_pair(pair, Int16(fg), Int16(bg)) == OK
            }
        }
        let result = (attributes: attributes, pair: pair)
        styleCache[style] = result
        return result
    }
}
