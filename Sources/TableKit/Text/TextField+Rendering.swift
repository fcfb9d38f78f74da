extension TextField {
    /// The style of the text: the danger colour while a rejected key flashes the field.
    private var textStyle: Style {
        flashUntil != nil ? Style(foreground: .destructive, attributes: [.reverse]) : .plain
    }

    /// What a character looks like: a bullet in a secure field, unless it is the one just typed.
    private func shown(_ index: Int, glyphs: Glyphs) -> Character {
        guard traits.isSecureTextEntry, index != revealedIndex else { return storage[index] }
        return glyphs == .ascii ? "*" : "•"
    }

    /// Draws the field in `rect` (as many lines as ``lineCount(width:)`` says, at the width it
    /// was laid out at): the text, or the dimmed placeholder, the cursor while editing, the
    /// counter and the clear button.
    public func render(into canvas: inout Canvas, rect: Rect, context: RenderContext) {
        render(into: &canvas, rect: rect, context: context, firstLine: 0)
    }

    /// Draws the field's lines from `firstLine` on in `rect`, as many as fit: the part of a
    /// tall text view that a table shows. What is drawn after the text on the field's first
    /// line (the counter and the clear button) shows only when that line is drawn.
    ///
    /// - Complexity: O(k + log m) for k characters drawn of a text view of m lines.
    func render(into canvas: inout Canvas, rect: Rect, context: RenderContext, firstLine: Int) {
        guard !rect.isEmpty else { return }
        guard firstLine == 0 else {
            // Only a text view has lines after the first; its text area is as wide as on the first.
            guard traits.isMultiline, !storage.isEmpty else { return }
            let textRect = Rect(x: rect.minX, y: rect.minY, width: max(0, rect.width - trailingDecorationWidth), height: rect.height)
            renderLines(into: &canvas, rect: textRect, glyphs: context.glyphs, firstLine: firstLine)
            return
        }
        let glyphs = context.glyphs
        var trailingX = rect.maxX
        if showsClearButton {
            trailingX -= 1
            canvas.draw(glyphs == .ascii ? "x" : "×", at: Point(x: trailingX, y: rect.minY), style: Theme.secondaryText, clip: rect)
            trailingX -= 1
        }
        if let counter = counterText {
            trailingX -= counter.displayWidth
            let full = traits.maximumLength.map { storage.count >= $0 } ?? false
            canvas.draw(counter, at: Point(x: trailingX, y: rect.minY), style: full ? Style(foreground: .destructive) : Theme.secondaryText.adding(.dim), clip: rect)
            trailingX -= 1
        }
        let textRect = Rect(x: rect.minX, y: rect.minY, width: max(0, trailingX - rect.minX), height: rect.height)
        if storage.isEmpty {
            let placeholder = TextLayout.truncate(self.placeholder, width: max(0, textRect.width - 1))
            let x = alignedX(width: placeholder.displayWidth, in: textRect)
            canvas.draw(placeholder, at: Point(x: x, y: rect.minY), style: Theme.secondaryText.adding(.dim), clip: textRect)
            if isEditing { drawCursor(at: Point(x: traits.alignment == .left ? textRect.minX : x, y: rect.minY), in: &canvas, clip: rect) }
            return
        }
        if traits.isMultiline {
            renderLines(into: &canvas, rect: textRect, glyphs: glyphs, firstLine: 0)
            return
        }
        var x = textRect.minX
        if scrollOffset == 0, let total = columns(fittingIn: textRect.width) { x = alignedX(width: total, in: textRect) }
        var cursorX = cursor == scrollOffset ? x : nil
        var index = scrollOffset
        while index < storage.count, x < textRect.maxX {
            x = canvas.draw(String(shown(index, glyphs: glyphs)), at: Point(x: x, y: rect.minY), style: textStyle, clip: textRect)
            index += 1
            if index == cursor { cursorX = x }
        }
        if isEditing, let cursorX { drawCursor(at: Point(x: cursorX, y: rect.minY), in: &canvas, clip: rect) }
    }

    /// The display width of the whole text when it is narrower than `room` columns; `nil`
    /// when it is not (measured only up to the room, so that a long line costs the room).
    private func columns(fittingIn room: Int) -> Int? {
        var total = 0
        for character in storage {
            total += DisplayWidth.of(character)
            if total >= room { return nil }
        }
        return total
    }

    private func renderLines(into canvas: inout Canvas, rect: Rect, glyphs: Glyphs, firstLine: Int) {
        let lines = visualLines(width: rect.width)
        let cursorLine = cursorLine(in: lines)
        for number in max(0, firstLine) ..< lines.count {
            let line = lines[number]
            let y = rect.minY + number - firstLine
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
