/// A tmux screen read back with its styles, from the SGR sequences that `capture-pane -e`
/// writes (a style carries over from one line to the next).
enum CapturedScreen {
    /// What a cell looks like, from the SGR sequences of `capture-pane -e`.
    struct CellStyle: Equatable, CustomStringConvertible {
        var bold = false, dim = false, italic = false, underline = false, reverse = false
        var foreground = "", background = ""

        var description: String {
            let flags = [(bold, "bold"), (dim, "dim"), (italic, "italic"), (underline, "underline"), (reverse, "reverse")]
            let colours = [foreground.isEmpty ? nil : "fg " + foreground, background.isEmpty ? nil : "bg " + background]
            let words = flags.filter(\.0).map(\.1) + colours.compactMap { $0 }
            return words.isEmpty ? "plain" : words.joined(separator: " ")
        }
    }

    /// The screen of `capture-pane -e` as cells and their styles (a style carries over from
    /// one line to the next), without the trailing blanks of the default style: tmux writes the
    /// same cells with different sequences depending on how they were drawn, so the sequences
    /// themselves cannot be compared.
    static func cells(_ capture: [String]) -> [[(character: Character, style: CellStyle)]] {
        var style = CellStyle()
        return capture.map { line in
            var cells: [(Character, CellStyle)] = []
            var characters = line[...]
            while let character = characters.popFirst() {
                guard character == "\u{1B}" else {
                    cells.append((character, style))
                    continue
                }
                guard characters.first == "[" else { continue }
                characters.removeFirst()
                var parameters = ""
                while let next = characters.first, !(next.isLetter || next == "@" || next == "~") {
                    parameters.append(characters.removeFirst())
                }
                guard let final = characters.popFirst(), final == "m" else { continue }
                let codes = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                var index = 0
                while index < codes.count {
                    let code = codes[index]
                    switch code {
                    case 0: style = CellStyle()
                    case 1: style.bold = true
                    case 2: style.dim = true
                    case 3: style.italic = true
                    case 4: style.underline = true
                    case 7: style.reverse = true
                    case 22: style.bold = false; style.dim = false
                    case 23: style.italic = false
                    case 24: style.underline = false
                    case 27: style.reverse = false
                    case 30...37, 90...97: style.foreground = String(code)
                    case 39: style.foreground = ""
                    case 40...47, 100...107: style.background = String(code)
                    case 49: style.background = ""
                    case 38, 48, 58:
                        // 5;n or 2;r;g;b
                        let count = index + 1 < codes.count && codes[index + 1] == 5 ? 2 : 4
                        let colour = codes[index...].prefix(count + 1).map(String.init).joined(separator: ";")
                        if code == 38 { style.foreground = colour } else if code == 48 { style.background = colour }
                        index += count
                    default: break
                    }
                    index += 1
                }
            }
            while let last = cells.last, last.0 == " ", last.1 == CellStyle() { cells.removeLast() }
            return cells
        }
    }

    /// The cells as text with a marker wherever the style changes: equal strings, equal screens.
    static func styled(_ capture: [String]) -> [String] {
        cells(capture).map { line in
            var previous = CellStyle()
            var text = ""
            for cell in line {
                // A space looks the same bold, dim, italic or in any foreground colour (unless
                // reversed), and ncurses may leave those on when it rewrites blanks: only what
                // shows is compared.
                let style = cell.character == " "
                    ? CellStyle(underline: cell.style.underline, reverse: cell.style.reverse,
                                foreground: cell.style.reverse ? cell.style.foreground : "", background: cell.style.background)
                    : cell.style
                if style != previous {
                    text += "⟦\(style)⟧"
                    previous = style
                }
                text.append(cell.character)
            }
            return text
        }
    }

    /// The characters of each line that are in reverse video.
    static func reversedText(_ capture: [String]) -> [String] {
        cells(capture).map { String($0.filter(\.style.reverse).map(\.character)) }
    }
}
