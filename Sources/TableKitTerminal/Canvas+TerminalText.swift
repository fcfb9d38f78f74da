import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableKit

extension Canvas {
    /// The text a curses terminal shows for this canvas, all lines, trailing spaces removed,
    /// joined with newlines: each cell as the curses backend writes it. In a UTF-8 locale a
    /// cell keeps its first character and the zero-width marks after it (a flag is two cells,
    /// one per regional letter; a family of emoji one cell per person); elsewhere everything beyond ASCII
    /// is `?`, a wide one followed by a space. A snapshot prints this, so that what it shows is
    /// what a person's terminal shows.
    package func terminalText(isUTF8: Bool) -> String {
        var buffer = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        return (0 ..< size.height).map { y in
            var line = ""
            var narrowed = false
            for x in 0 ..< size.width {
                let cell = self[x, y]
                if cell.isContinuation {
                    // The right half of a wide cell drawn as one column: the terminal shows
                    // what was there, a blank.
                    if narrowed { line += " " }
                    continue
                }
                let columns = CursesTerminal.cellCharacters(cell.grapheme, width: Int(cell.width), isUTF8: isUTF8, into: &buffer,
                                                            columnsOf: Self.columns(of:))
                narrowed = columns < Int(cell.width)
                line += String(String.UnicodeScalarView(buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// The columns the C library's `wcwidth` gives `value` in a UTF-8 locale, without setting
    /// one: zero for the marks, format characters and variation selectors curses keeps after
    /// a cell's first character (the U+FE0F of `⌨️`), else the canvas's own width.
    private static func columns(of value: UInt32) -> Int {
        guard let scalar = Unicode.Scalar(value) else { return -1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isVariationSelector || (0x1160 ... 0x11FF).contains(value) { return 0 }
        return String(Character(scalar)).displayWidth
    }
}
