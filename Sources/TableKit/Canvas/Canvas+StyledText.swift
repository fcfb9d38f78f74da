extension Canvas {
    /// The canvas as text with its styles marked, for tests and `snapshot --styles` where
    /// the focus or a colour matters.
    ///
    /// Each run of cells that share a style other than ``Style/plain`` is written
    /// `«spec|text»`, where `spec` lists the style's attributes (`rev`, `bold`, `dim`, `ul`,
    /// `it`), then `fg=` and `bg=` colours: the theme's own by name (`tint`, `grey`, `slate`,
    /// `red`), others as `#rrggbb`, `ansi3` or `idx208`. Plain text is written as it is;
    /// trailing plain spaces are dropped, styled ones kept (a reversed row shows its full
    /// width). A literal `«`, `»` or `\` in the text is written with a `\` before it.
    ///
    /// ```
    /// «rev| A Brief History of Time                 › »
    /// «fg=grey| Stephen Hawking»
    /// ```
    public var styledText: String {
        (0..<size.height).map(styledLine).joined(separator: "\n")
    }

    /// Line `y` with its styles marked, as ``styledText`` writes it.
    public func styledLine(_ y: Int) -> String {
        var runs: [(style: Style, text: String)] = []
        for x in 0..<size.width {
            let cell = self[x, y]
            guard !cell.isContinuation else { continue }
            let text = Self.escapedForMarkup(cell.grapheme)
            if let last = runs.last, last.style == cell.style {
                runs[runs.count - 1].text += text
            } else {
                runs.append((cell.style, text))
            }
        }
        // Trailing plain spaces say nothing; styled ones show where a highlight ends.
        while let last = runs.last, last.style == .plain {
            let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
            if trimmed.isEmpty { runs.removeLast() } else { runs[runs.count - 1].text = trimmed; break }
        }
        return runs.map { run in
            run.style == .plain ? run.text : "«" + run.style.markupSpec + "|" + run.text + "»"
        }.joined()
    }

    private static func escapedForMarkup(_ text: String) -> String {
        guard text.contains(where: { $0 == "«" || $0 == "»" || $0 == "\\" }) else { return text }
        var result = ""
        for character in text {
            if character == "«" || character == "»" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

extension Style {
    /// The style as ``Canvas/styledText`` names it: `rev bold fg=tint bg=#3a3a3c`.
    var markupSpec: String {
        var parts: [String] = []
        let names: [(TextAttributes, String)] = [(.reverse, "rev"), (.bold, "bold"), (.dim, "dim"), (.underline, "ul"), (.italic, "it")]
        for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
        if foreground != .terminalDefault { parts.append("fg=" + foreground.markupName) }
        if background != .terminalDefault { parts.append("bg=" + background.markupName) }
        return parts.joined(separator: " ")
    }
}

extension Color {
    /// A short name: the theme's colours by role, the others by value.
    var markupName: String {
        switch self {
        case .tint: return "tint"
        case .secondary: return "grey"
        case .slateBlue: return "slate"
        case .destructive: return "red"
        case .terminalDefault: return "default"
        case .ansi(let n): return "ansi\(n)"
        case .indexed(let n): return "idx\(n)"
        case .rgb(let r, let g, let b):
            return "#" + [r, g, b].map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
    }
}
