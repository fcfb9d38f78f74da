extension TableViewCell {
    /// The accessory as drawn, or `nil` for none.
    func accessoryText(_ glyphs: Glyphs) -> String? {
        if let deleteConfirmationTitle { return " " + deleteConfirmationTitle + " " }
        if showsReorderControl { return Self.reorderGlyph(glyphs) }
        if editingControl != nil { return nil }
        switch accessory {
        case .none: return reservesCheckmark ? String(repeating: " ", count: glyphs.checkmark.displayWidth) : nil
        case .disclosureIndicator: return glyphs.disclosure
        case .detailDisclosureButton: return glyphs.detail + " " + glyphs.disclosure
        case .detailButton: return glyphs.detail
        case .checkmark: return glyphs.checkmark
        case .button(let title): return Self.buttonTitle(title, glyphs: glyphs)
        case .detailAndButton(let title): return glyphs.detail + " " + Self.buttonTitle(title, glyphs: glyphs)
        case .switch(let isOn): return Self.switchGlyph(isOn, glyphs: glyphs)
        }
    }

    /// A switch: `[ ●]` / `[○ ]`, or `[ *]` / `[- ]` in ASCII; four columns either way.
    static func switchGlyph(_ isOn: Bool, glyphs: Glyphs) -> String {
        if glyphs == .ascii { return isOn ? "[ *]" : "[- ]" }
        return isOn ? "[ ●]" : "[○ ]"
    }

    /// The accessory's colour: a chevron and a switch that is off are grey, the rest tinted.
    private func accessoryStyle(_ text: String, glyphs: Glyphs) -> Style {
        if deleteConfirmationTitle != nil { return Theme.swipeMenuDestructive }
        if showsReorderControl { return Theme.secondaryText }
        if text == glyphs.disclosure || accessory.switchValue == false { return Theme.secondaryText }
        return Theme.tint
    }

    /// A custom button's title as drawn: in ASCII, its symbols become letters or marks of the
    /// same width (`[✎]` → `[e]`, `[★]` → `[*]`, `[☆]` → `[ ]`), anything else `?`.
    static func buttonTitle(_ title: String, glyphs: Glyphs) -> String {
        guard glyphs == .ascii, !title.unicodeScalars.allSatisfy(\.isASCII) else { return title }
        let known: [Character: String] = ["✎": "e", "✏": "e", "★": "*", "☆": " ", "✓": "*", "✗": "x", "♥": "<3"]
        return title.map { character in
            if character.isASCII { return String(character) }
            let replacement = known[character] ?? "?"
            return replacement.count == DisplayWidth.of(character) ? replacement : String(repeating: "?", count: max(1, DisplayWidth.of(character)))
        }.joined()
    }

    /// Which of a row's accessory buttons a click hits.
    enum AccessoryButton: Hashable {
        /// The info button `ⓘ`.
        case detail
        /// The custom button.
        case custom
        /// The clear button `×` of the cell's text field.
        case clear
        /// The switch.
        case `switch`
    }

    /// The accessory button under column `x` of a row of `width` (from the row's left edge):
    /// wherever either glyph set draws it, so a click lands whichever set the terminal shows.
    func accessoryButton(atColumn x: Int, width: Int) -> AccessoryButton? {
        if let textField, textField.showsClearButton {
            // The last column of the field (see `drawField`).
            let columns = fieldColumns(rowWidth: width)
            if x == 1 + (columns.label > 0 ? columns.label + 1 : 0) + columns.field - 1 { return .clear }
        }
        for glyphs in [Glyphs.unicode, .ascii] {
            guard let text = accessoryText(glyphs) else { continue }
            let start = width - 1 - text.displayWidth
            let detail = start ..< start + glyphs.detail.displayWidth
            switch accessory {
            case .detailButton, .detailDisclosureButton:
                if detail.contains(x) { return .detail }
            case .button:
                if (start ..< start + text.displayWidth).contains(x) { return .custom }
            case .switch:
                if (start ..< start + text.displayWidth).contains(x) { return .switch }
            case .detailAndButton(let title):
                if detail.contains(x) { return .detail }
                let customStart = width - 1 - title.displayWidth
                if (customStart ..< customStart + title.displayWidth).contains(x) { return .custom }
            default:
                return nil
            }
        }
        return nil
    }

    /// Where the labels are in a row of `width`: from the column after the leading check and
    /// image, as wide as the labels may be beside the accessory.
    func labelColumns(inRowOfWidth width: Int) -> Range<Int> {
        var x = 1
        if showsEditingControl { x += Self.editingControlWidth + 1 }
        if leadingCheck != nil { x += Self.leadingCheckWidth + 1 }
        if let image { x += image.displayWidth + 1 }
        return x ..< x + labelWidth(width)
    }

    /// The columns the labels may use in a row of `width`. The accessory is given the room of
    /// its wider glyph set, so that a row's height never depends on the glyphs drawn with.
    func labelWidth(_ width: Int) -> Int {
        var used = 2 // a margin at each side
        if showsEditingControl { used += Self.editingControlWidth + 1 }
        if leadingCheck != nil { used += Self.leadingCheckWidth + 1 }
        if let image { used += image.displayWidth + 1 }
        let accessoryWidth = [Glyphs.unicode, .ascii].compactMap { accessoryText($0)?.displayWidth }.max()
        if let accessoryWidth { used += accessoryWidth + 1 }
        return max(1, width - used)
    }

    /// The lines of the main label at this label width; with `upTo`, only that many of the
    /// first ones are needed (a tall row drawn in part).
    func textLines(labelWidth: Int, upTo needed: Int? = nil) -> [String] {
        if let columns { return [columns.line(columnValues, width: labelWidth)] }
        return numberOfLines == 1
            ? [TextLayout.truncate(text, width: labelWidth)]
            : TextLayout.wrap(text, width: labelWidth, maximumLines: numberOfLines, stoppingAfter: needed)
    }

    /// The lines of the detail label at this label width (`.subtitle` only); with `upTo`, only
    /// that many of the first ones are needed.
    func detailLines(labelWidth: Int, upTo needed: Int? = nil) -> [String] {
        guard style == .subtitle, let detailText else { return [] }
        return detailNumberOfLines == 1
            ? [TextLayout.truncate(detailText, width: labelWidth)]
            : TextLayout.wrap(detailText, width: labelWidth, maximumLines: detailNumberOfLines, stoppingAfter: needed)
    }

    /// The wrapped lines of the main and detail labels of a `.default` or `.subtitle` cell
    /// in a row of `width` columns; `nil` for the other styles.
    func wrappedLabels(width: Int) -> WrappedLabels? {
        guard style == .default || style == .subtitle, textField == nil, footnote == nil, paragraphs.isEmpty else { return nil }
        let labels = labelWidth(width)
        return WrappedLabels(text: textLines(labelWidth: labels), detail: detailLines(labelWidth: labels))
    }

    /// The columns of a form row in a row of `width`: the label's (none without a label) and
    /// the field's.
    func fieldColumns(rowWidth width: Int) -> (label: Int, field: Int) {
        let labels = labelWidth(width)
        guard !text.isEmpty else { return (0, labels) }
        let label = min(max(4, labels / 3), 18)
        return (label, max(1, labels - label - 1))
    }

    /// The lines of the footnote in a row of `width`.
    private func footnoteLines(width: Int) -> [String] {
        footnote.map { TextLayout.wrap($0, width: labelWidth(width)) } ?? []
    }

    /// The lines this cell takes in a row of `width` columns.
    public func height(width: Int) -> Int {
        let labels = labelWidth(width)
        if let textField {
            return textField.lineCount(width: fieldColumns(rowWidth: width).field) + footnoteLines(width: width).count
        }
        if !paragraphs.isEmpty {
            return max(1, paragraphs.reduce(0) { $0 + $1.lines(width: labels).count })
        }
        switch style {
        case .subtitle:
            return max(1, textLines(labelWidth: labels).count + detailLines(labelWidth: labels).count)
        case .default, .value1:
            return max(1, textLines(labelWidth: labels).count)
        case .value2:
            let (labelColumn, valueWidth) = value2Columns(labels)
            let valueLines = detailNumberOfLines == 1 ? 1 : TextLayout.lineCount(detailText ?? "", width: valueWidth, maximumLines: detailNumberOfLines)
            _ = labelColumn
            return max(1, valueLines)
        }
    }

    private func value2Columns(_ labels: Int) -> (label: Int, value: Int) {
        let label = min(max(4, labels / 3), 14)
        return (label, max(1, labels - label - 1))
    }

    /// Draws the cell laid out in `rect`, only the part inside `clip` (a row taller than the
    /// screen draws only its visible lines, and wraps no further than the last of them),
    /// highlighted when focused.
    ///
    /// `wrapped`, when given, are this cell's labels already wrapped at this width (a very
    /// tall row keeps them, so that drawing it does not wrap its whole text again).
    func draw(into canvas: inout Canvas, rect: Rect, clip: Rect? = nil, wrapped: WrappedLabels? = nil, isFocused: Bool, context: RenderContext) {
        let visible = rect.intersection(clip ?? rect)
        guard !visible.isEmpty else { return }
        let glyphs = context.glyphs
        // Labels are laid out with `…`; an ASCII terminal draws its own one-column ellipsis.
        let shown = { (text: String) in glyphs == .ascii ? text.replacingOccurrences(of: "…", with: String(glyphs.ellipsis)) : text }
        // Lines of the labels needed: up to the last visible line.
        let needed = visible.maxY - rect.minY
        canvas.fill(visible, style: .plain)
        var x = rect.minX + 1
        if showsEditingControl, let control = editingControl {
            canvas.draw(Self.editingControlGlyph(control, glyphs: glyphs), at: Point(x: x, y: rect.minY), style: Self.editingControlStyle(control), clip: visible)
            x += Self.editingControlWidth + 1
        }
        if let checked = leadingCheck {
            canvas.draw(Self.leadingCheckGlyph(checked, glyphs: glyphs), at: Point(x: x, y: rect.minY), style: Theme.tint, clip: visible)
            x += Self.leadingCheckWidth + 1
        }
        if let image {
            x = canvas.draw(image, at: Point(x: x, y: rect.minY), style: .plain, clip: visible) + 1
        }
        let labels = labelWidth(rect.width)
        let labelRect = Rect(x: x, y: rect.minY, width: labels, height: rect.height).intersection(visible)
        if var field = textField {
            drawField(&field, x: x, rect: rect, visible: visible, context: context, canvas: &canvas)
            if let accessory = accessoryText(glyphs) {
                canvas.draw(accessory, at: Point(x: rect.maxX - 1 - accessory.displayWidth, y: rect.minY), style: Theme.tint, clip: visible)
            }
            return
        }
        if let slider {
            drawSlider(slider, x: x, rect: rect, visible: visible, isFocused: isFocused, context: context, canvas: &canvas)
            return
        }
        if !paragraphs.isEmpty {
            drawParagraphs(in: labelRect, top: rect.minY, width: labels, glyphs: glyphs, canvas: &canvas)
        } else {
            drawLabels(wrapped: wrapped, x: x, labels: labels, labelRect: labelRect, rect: rect, needed: needed, shown: shown, canvas: &canvas)
        }
        if let accessory = accessoryText(glyphs) {
            canvas.draw(accessory, at: Point(x: rect.maxX - 1 - accessory.displayWidth, y: rect.minY), style: accessoryStyle(accessory, glyphs: glyphs), clip: visible)
        }
        if isFocused && isHighlightable {
            canvas.restyle(visible) { $0.attributes.insert(context.isActive ? .reverse : .underline) }
        }
    }

    /// The paragraphs of a custom cell, one under another, each trailing text flush right on
    /// its paragraph's first line; only the lines inside `rect` (already clipped) are laid out.
    private func drawParagraphs(in rect: Rect, top: Int, width: Int, glyphs: Glyphs, canvas: inout Canvas) {
        var y = top
        for paragraph in paragraphs where y < rect.maxY {
            let lines = paragraph.lines(width: width)
            if y + lines.count <= rect.minY {
                y += lines.count
                continue
            }
            for (offset, line) in lines.enumerated() where y + offset >= rect.minY && y + offset < rect.maxY {
                let shown = glyphs == .ascii ? line.replacingEllipsis(with: glyphs.ellipsis) : line
                canvas.draw(shown, at: Point(x: rect.minX, y: y + offset), clip: rect)
            }
            if let trailing = paragraph.trailingText, y >= rect.minY {
                let cut = trailing.truncated(width: width)
                canvas.draw(cut, at: Point(x: rect.minX + width - cut.displayWidth, y: y), clip: rect)
            }
            y += lines.count
        }
    }

    /// The labels of the built-in cell styles.
    private func drawLabels(
        wrapped: WrappedLabels?, x: Int, labels: Int, labelRect: Rect, rect: Rect, needed: Int, shown: (String) -> String,
        canvas: inout Canvas
    ) {
        switch style {
        case .default:
            let lines = wrapped?.text ?? textLines(labelWidth: labels, upTo: needed)
            drawLines(lines, in: labelRect, top: rect.minY, from: 0, style: .plain, ellipsis: shown, canvas: &canvas)
        case .subtitle:
            let lines = wrapped?.text ?? textLines(labelWidth: labels, upTo: needed)
            drawLines(lines, in: labelRect, top: rect.minY, from: 0, style: .plain, ellipsis: shown, canvas: &canvas)
            let details = wrapped?.detail ?? detailLines(labelWidth: labels, upTo: max(0, needed - lines.count))
            drawLines(details, in: labelRect, top: rect.minY, from: lines.count, style: Theme.secondaryText, ellipsis: shown, canvas: &canvas)
        case .value1:
            let detail = TextLayout.truncate(detailText ?? "", width: max(0, labels / 2))
            let detailWidth = detail.displayWidth
            let textWidth = max(1, labels - detailWidth - (detailWidth > 0 ? 1 : 0))
            drawLines(textLines(labelWidth: textWidth, upTo: needed), in: labelRect, top: rect.minY, from: 0, style: .plain, ellipsis: shown, canvas: &canvas)
            canvas.draw(shown(detail), at: Point(x: x + labels - detailWidth, y: rect.minY), style: Theme.readOnlyValue, clip: labelRect)
        case .value2:
            let (labelColumn, valueWidth) = value2Columns(labels)
            let label = TextLayout.truncate(text, width: labelColumn)
            canvas.draw(shown(label), at: Point(x: x + labelColumn - label.displayWidth, y: rect.minY), style: Theme.tint, clip: labelRect)
            let value = detailText ?? ""
            let lines = detailNumberOfLines == 1
                ? [TextLayout.truncate(value, width: valueWidth)]
                : TextLayout.wrap(value, width: valueWidth, maximumLines: detailNumberOfLines, stoppingAfter: needed)
            let valueRect = Rect(x: x + labelColumn + 1, y: rect.minY, width: valueWidth, height: rect.height).intersection(labelRect)
            drawLines(lines, in: valueRect, top: rect.minY, from: 0, style: .plain, ellipsis: shown, canvas: &canvas)
        }
    }

    /// A form row: the label (bold in the tint colour while its field is edited), the field,
    /// and the footnote under them.
    private func drawField(_ field: inout TextField, x: Int, rect: Rect, visible: Rect, context: RenderContext, canvas: inout Canvas) {
        let columns = fieldColumns(rowWidth: rect.width)
        if columns.label > 0 {
            let label = TextLayout.truncate(text, width: columns.label)
            canvas.draw(label, at: Point(x: x, y: rect.minY), style: field.isEditing ? Theme.tint.adding(.bold) : .plain, clip: visible)
        }
        let fieldX = x + (columns.label > 0 ? columns.label + 1 : 0)
        field.layout(width: columns.field)
        let lines = field.lineCount(width: columns.field)
        let target = Rect(x: fieldX, y: rect.minY, width: columns.field, height: lines)
        let shown = target.intersection(visible)
        if !shown.isEmpty {
            // Only the lines shown are drawn: a text view of a long value is thousands of lines.
            var scratch = Canvas(size: Size(width: columns.field, height: shown.height))
            field.render(into: &scratch, rect: scratch.bounds, context: context, firstLine: shown.minY - target.minY)
            canvas.copy(scratch, from: Rect(x: shown.minX - target.minX, y: 0, width: shown.width, height: shown.height), to: shown.origin)
        }
        for (offset, line) in footnoteLines(width: rect.width).enumerated() {
            canvas.draw(line, at: Point(x: x, y: rect.minY + lines + offset), style: Style(foreground: .destructive), clip: visible)
        }
    }

    /// The columns of a slider row's track, from the row's left edge, in a row of `width`.
    func sliderTrack(rowWidth width: Int) -> Range<Int> {
        let columns = fieldColumns(rowWidth: width)
        let value = (detailText ?? "").displayWidth
        let start = 1 + (columns.label > 0 ? columns.label + 1 : 0)
        return start ..< start + max(1, columns.field - (value > 0 ? value + 1 : 0))
    }

    /// A slider row: the label, the track and the value after it; focused, the label is bold
    /// in the tint colour and the thumb bold.
    private func drawSlider(_ slider: Slider, x: Int, rect: Rect, visible: Rect, isFocused: Bool, context: RenderContext, canvas: inout Canvas) {
        let columns = fieldColumns(rowWidth: rect.width)
        let focused = isFocused && context.isActive
        if columns.label > 0 {
            let label = TextLayout.truncate(text, width: columns.label)
            canvas.draw(label, at: Point(x: x, y: rect.minY), style: focused ? Theme.tint.adding(.bold) : .plain, clip: visible)
        }
        let track = sliderTrack(rowWidth: rect.width)
        slider.render(into: &canvas, rect: Rect(x: rect.minX + track.lowerBound, y: rect.minY, width: track.count, height: 1).intersection(visible),
                      isFocused: focused, context: context)
        if let value = detailText, !value.isEmpty {
            canvas.draw(value, at: Point(x: rect.minX + track.upperBound + 1, y: rect.minY), style: Theme.readOnlyValue, clip: visible)
        }
        if isFocused && !context.isActive { canvas.restyle(visible) { $0.attributes.insert(.underline) } }
    }

    /// The leading check's columns: the wider glyph set's (`(*)`), so rows lay out alike.
    static let leadingCheckWidth = 3

    /// Whether the row draws a delete or insert control at its leading edge (and its content
    /// moves right to make room), as rows of a table in editing mode do.
    var showsEditingControl: Bool { editingControl == .delete || editingControl == .insert }

    /// The columns before the content that the editing control and a leading check take.
    var contentIndent: Int {
        (showsEditingControl ? Self.editingControlWidth + 1 : 0) + (leadingCheck != nil ? Self.leadingCheckWidth + 1 : 0)
    }

    /// The columns an editing control takes.
    static let editingControlWidth = 1

    /// The delete control `⊖` and the insert control `⊕`, or `-` and `+` in ASCII.
    static func editingControlGlyph(_ style: EditingStyle, glyphs: Glyphs) -> String {
        switch style {
        case .delete: return glyphs == .ascii ? "-" : "⊖"
        case .insert: return glyphs == .ascii ? "+" : "⊕"
        case .none: return " "
        }
    }

    /// Red for delete, green for insert, as iOS draws them.
    static func editingControlStyle(_ style: EditingStyle) -> Style {
        style == .insert ? Style(foreground: .rgb(52, 199, 89), attributes: [.bold]) : Style(foreground: .destructive, attributes: [.bold])
    }

    /// The reorder control `≡`, or `=` in ASCII.
    static func reorderGlyph(_ glyphs: Glyphs) -> String { glyphs == .ascii ? "=" : "≡" }

    /// `◉` / `○`, or `(*)` / `( )` in ASCII.
    static func leadingCheckGlyph(_ checked: Bool, glyphs: Glyphs) -> String {
        if glyphs == .ascii { return checked ? "(*)" : "( )" }
        return checked ? "◉" : "○"
    }

    /// Draws `lines` from line `first` of a label whose first line is at `top`, only those
    /// inside `rect` (already clipped to what is visible).
    private func drawLines(_ lines: [String], in rect: Rect, top: Int, from first: Int, style: Style, ellipsis shown: (String) -> String, canvas: inout Canvas) {
        let firstVisible = max(0, rect.minY - top - first)
        guard firstVisible < lines.count else { return }
        for offset in firstVisible ..< lines.count {
            let y = top + first + offset
            if y >= rect.maxY { break }
            canvas.draw(shown(lines[offset]), at: Point(x: rect.minX, y: y), style: style, clip: rect)
        }
    }
}

/// A cell's labels wrapped at one width: the main label's lines, then the detail label's.
struct WrappedLabels {
    var text: [String]
    var detail: [String]
    /// The lines the labels take.
    var lineCount: Int { max(1, text.count + detail.count) }
}
