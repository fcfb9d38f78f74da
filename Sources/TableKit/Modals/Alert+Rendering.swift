extension Alert {
    /// Draws the alert over `area` (the whole screen), dimming what is behind it, with the
    /// button of `focus` (an index into ``actions``) reversed. Drawing changes no state.
    func render(into canvas: inout Canvas, area: Rect, context: RenderContext, focus: Int?) {
        let glyphs = context.glyphs
        let layout = layout(in: area, glyphs: glyphs, focus: focus)
        canvas.restyle(area) { $0.attributes.insert(.dim) }
        for box in layout.boxes {
            canvas.drawBox(box, glyphs: glyphs, style: .plain)
        }
        for line in layout.textLines {
            canvas.draw(line.text, at: line.origin, style: textStyle(isTitle: line.isTitle), clip: layout.boxes.first)
        }
        if let box = layout.boxes.first {
            drawRules(layout, box: box, into: &canvas, glyphs: glyphs)
        }
        for button in layout.buttons {
            var style = buttonStyle(actions[button.actionIndex], emphasized: button.actionIndex == emphasizedActionIndex)
            if button.actionIndex == focus {
                style = style.adding(context.isActive ? Theme.focus.attributes : Theme.inactiveFocus.attributes)
            }
            canvas.fill(button.frame, style: style)
            let x = button.frame.minX + max(0, (button.frame.width - button.label.displayWidth) / 2)
            canvas.draw(button.label, at: Point(x: x, y: button.frame.minY), style: style, clip: button.frame)
        }
    }

    /// The title and message: bold and plain in an alert, dimmed in an action sheet.
    func textStyle(isTitle: Bool) -> TableKit.Style {
        switch (style, isTitle) {
        case (.alert, true): return TableKit.Style(attributes: [.bold])
        case (.alert, false): return .plain
        case (.actionSheet, true): return TableKit.Style(attributes: [.bold, .dim])
        case (.actionSheet, false): return TableKit.Style(attributes: [.dim])
        }
    }

    /// A button's look before focus: tinted, red when destructive, bold when emphasised,
    /// dimmed grey when disabled.
    func buttonStyle(_ action: AlertAction, emphasized: Bool) -> TableKit.Style {
        guard action.isEnabled else { return TableKit.Style(foreground: .secondary, attributes: [.dim]) }
        let base = action.style == .destructive ? TableKit.Style(foreground: .destructive) : Theme.tint
        return emphasized ? base.adding(.bold) : base
    }

    // The rule between the text and the buttons, and the one between side-by-side buttons.
    private func drawRules(_ layout: AlertLayout, box: Rect, into canvas: inout Canvas, glyphs: Glyphs) {
        let joints = Joints(glyphs)
        for y in layout.separatorLines {
            let rule = joints.left + String(repeating: glyphs.horizontal, count: max(0, box.width - 2)) + joints.right
            canvas.draw(rule, at: Point(x: box.minX, y: y), style: .plain, clip: box)
        }
        guard let x = layout.columnSeparatorX, let row = layout.buttons.first?.frame.minY else { return }
        canvas.draw(joints.down, at: Point(x: x, y: row - 1), style: .plain, clip: box)
        canvas.draw(glyphs.vertical, at: Point(x: x, y: row), style: .plain, clip: box)
        canvas.draw(joints.up, at: Point(x: x, y: row + 1), style: .plain, clip: box)
    }
}

/// The T-pieces where rules meet a box: box-drawing tees with Unicode glyphs, the corner
/// glyph (`+`) otherwise.
private struct Joints {
    var left: String, right: String, down: String, up: String

    init(_ glyphs: Glyphs) {
        if glyphs.horizontal == "─" {
            (left, right, down, up) = ("├", "┤", "┬", "┴")
        } else {
            (left, right, down, up) = (glyphs.topLeft, glyphs.topLeft, glyphs.topLeft, glyphs.topLeft)
        }
    }
}
