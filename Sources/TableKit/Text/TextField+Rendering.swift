extension TextField {
    /// The style of the text: the danger colour while a rejected key flashes the field.
    private var textStyle: Style {
        flashUntil != nil ? Style(foreground: .destructive, attributes: [.reverse]) : .plain
    }

    /// What a character looks like: a bullet in a secure field, unless it is the one just typed.
    private func shown(_ index: Int, glyphs: Glyphs) -> Character {
        guard traits.isSecureTextEntry, index != revealedIndex else { return characters[index] }
        return glyphs == .ascii ? "*" : "•"
    }

    /// Draws the field in `rect` (as many lines as ``lineCount(width:)`` says, at the width it
    /// was laid out at): the text, or the dimmed placeholder, the cursor while editing, the
    /// counter and the clear button.
    public func render(into canvas: inout Canvas, rect: Rect, context: RenderContext) {
        guard !rect.isEmpty else { return }
        let glyphs = context.glyphs
        var trailingX = rect.maxX
        if showsClearButton {
            trailingX -= 1
            canvas.draw(glyphs == .ascii ? "x" : "×", at: Point(x: trailingX, y: rect.minY), style: Theme.secondaryText, clip: rect)
            trailingX -= 1
        }
        if let counter = counterText {
            trailingX -= counter.displayWidth
            let full = traits.maximumLength.map { characters.count >= $0 } ?? false
            canvas.draw(counter, at: Point(x: trailingX, y: rect.minY), style: full ? Style(foreground: .destructive) : Theme.secondaryText.adding(.dim), clip: rect)
            trailingX -= 1
        }
        let textRect = Rect(x: rect.minX, y: rect.minY, width: max(0, trailingX - rect.minX), height: rect.height)
        if characters.isEmpty {
            let placeholder = TextLayout.truncate(self.placeholder, width: max(0, textRect.width - 1))
            let x = alignedX(width: placeholder.displayWidth, in: textRect)
            canvas.draw(placeholder, at: Point(x: x, y: rect.minY), style: Theme.secondaryText.adding(.dim), clip: textRect)
            if isEditing { drawCursor(at: Point(x: traits.alignment == .left ? textRect.minX : x, y: rect.minY), in: &canvas, clip: rect) }
            return
        }
        if traits.isMultiline {
            renderLines(into: &canvas, rect: textRect, glyphs: glyphs)
            return
        }
        var x = textRect.minX
        let total = columns(of: 0 ..< characters.count)
        if scrollOffset == 0, total < textRect.width { x = alignedX(width: total, in: textRect) }
        var cursorX = cursor == scrollOffset ? x : nil
        var index = scrollOffset
        while index < characters.count, x < textRect.maxX {
            x = canvas.draw(String(shown(index, glyphs: glyphs)), at: Point(x: x, y: rect.minY), style: textStyle, clip: textRect)
            index += 1
            if index == cursor { cursorX = x }
        }
        if isEditing, let cursorX { drawCursor(at: Point(x: cursorX, y: rect.minY), in: &canvas, clip: rect) }
    }

    private func renderLines(into canvas: inout Canvas, rect: Rect, glyphs: Glyphs) {
        let lines = visualLines(width: rect.width)
        let cursorLine = cursorLine(in: lines)
        for (number, line) in lines.enumerated() {
            let y = rect.minY + number
            guard y < rect.maxY else { break }
            var x = rect.minX
            var cursorX = cursor == line.range.lowerBound ? x : nil
            for index in line.range {
                x = canvas.draw(String(shown(index, glyphs: glyphs)), at: Point(x: x, y: y), style: textStyle, clip: rect)
                if index + 1 == cursor { cursorX = x }
            }
            if isEditing, number == cursorLine, let cursorX {
                drawCursor(at: Point(x: min(cursorX, rect.maxX - 1), y: y), in: &canvas, clip: rect)
            }
        }
    }

    private func alignedX(width: Int, in rect: Rect) -> Int {
        switch traits.alignment {
        case .left: return rect.minX
        case .center: return rect.minX + max(0, rect.width - 1 - width) / 2
        case .right: return rect.minX + max(0, rect.width - 1 - width)
        }
    }

    private func drawCursor(at point: Point, in canvas: inout Canvas, clip: Rect) {
        canvas.restyle(Rect(x: point.x, y: point.y, width: 1, height: 1).intersection(clip)) { $0.attributes.insert(.reverse) }
    }
}
