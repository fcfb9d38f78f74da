/// Where every part of an alert sits in a given area: one layout serves drawing and clicks.
struct AlertLayout: Hashable, Sendable {
    /// A line of the title or the message, as drawn.
    struct TextLine: Hashable, Sendable {
        var text: String
        var origin: Point
        var isTitle: Bool
    }

    /// A button: its action, its label as drawn (already cut to fit) and the cells it covers.
    struct Button: Hashable, Sendable {
        var actionIndex: Int
        var label: String
        var frame: Rect
    }

    /// The boxes drawn: the alert, or an action sheet and its separate Cancel box.
    var boxes: [Rect] = []
    var textLines: [TextLine] = []
    /// Lines of the first box ruled across between the text and the buttons.
    var separatorLines: [Int] = []
    /// The column of the rule between two side-by-side buttons.
    var columnSeparatorX: Int?
    /// The visible buttons, in display order.
    var buttons: [Button] = []

    /// The action whose button covers `point`.
    func actionIndex(at point: Point) -> Int? {
        buttons.first { $0.frame.contains(point) }?.actionIndex
    }

    /// Whether `point` is on the alert (any of its boxes).
    func contains(_ point: Point) -> Bool {
        boxes.contains { $0.contains(point) }
    }
}

extension Alert {
    /// The widest an alert grows, and the narrowest it shrinks to while the screen allows.
    static let alertWidths = 24...50
    /// The same for an action sheet, which iOS draws wider.
    static let sheetWidths = 30...60

    // One box to lay out: the text goes in the first box only.
    private struct BoxPlan {
        var buttons: [Int]
        var sideBySide: Bool
        var hasText: Bool
        var buttonLines: Int { sideBySide ? min(1, buttons.count) : buttons.count }
    }

    /// Lays the alert out in `area` (the whole screen): an alert centred, an action sheet at
    /// the bottom. Text wraps and truncates, and on a short screen the message gives way first,
    /// then the title, then a sheet's Cancel box joins the list, then buttons far from the
    /// focused one (`focus`, an index into ``actions``) are left out.
    func layout(in area: Rect, glyphs: Glyphs, focus: Int?) -> AlertLayout {
        let order = displayOrder
        let title = self.title.flatMap { $0.isEmpty ? nil : $0 }
        let message = self.message.flatMap { $0.isEmpty ? nil : $0 }
        let hasText = title != nil || message != nil

        var plans = boxPlans(order: order, hasText: hasText)
        let width = min(fittedWidth(order: order, title: title, message: message), area.width)
        let wrapWidth = width - 4

        // Height: borders and buttons first; a sheet's Cancel box joins the list if need be.
        let fixed = { (plans: [BoxPlan]) in plans.reduce(0) { $0 + 2 + $1.buttonLines } }
        if plans.count == 2, fixed(plans) > area.height {
            plans[0].buttons += plans[1].buttons
            plans.removeLast()
        }
        let room = area.height - fixed(plans)
        let needsSeparator = plans.first.map { $0.buttonLines > 0 } ?? false
        var textBudget = 0
        if plans.first?.hasText == true, wrapWidth > 0, room > 0 {
            textBudget = room == 1 ? 1 : room - (needsSeparator ? 1 : 0)
        }
        let (titleLines, messageLines) = wrapText(title: title, message: message, width: wrapWidth, budget: textBudget)
        let textCount = titleLines.count + messageLines.count
        let separator = textCount > 0 && needsSeparator && room > 1
        if let first = plans.first, first.buttons.isEmpty, textCount == 0 { plans.removeFirst() }

        // Buttons that do not fit are left out, keeping the focused one in view.
        var slots = area.height - plans.count * 2 - textCount - (separator ? 1 : 0)
        var visible: [[Int]] = []
        for plan in plans.reversed() {
            let lines = max(0, min(plan.buttonLines, slots))
            slots -= lines
            visible.insert(window(of: plan.buttons, lines: lines, sideBySide: plan.sideBySide, focus: focus), at: 0)
        }

        let heights = plans.indices.map { i in
            2 + (plans[i].sideBySide ? min(1, visible[i].count) : visible[i].count) + (i == 0 ? textCount + (separator ? 1 : 0) : 0)
        }
        let total = heights.reduce(0, +)
        let x = area.minX + (area.width - width) / 2
        var y = style == .alert ? area.minY + (area.height - total) / 2 : area.maxY - total

        var layout = AlertLayout()
        guard width >= 2, total <= area.height else { return layout }
        for (i, plan) in plans.enumerated() {
            let box = Rect(x: x, y: y, width: width, height: heights[i])
            layout.boxes.append(box)
            var line = box.minY + 1
            if i == 0 {
                for (text, isTitle) in titleLines.map({ ($0, true) }) + messageLines.map({ ($0, false) }) {
                    let textX = box.minX + 2 + max(0, (wrapWidth - text.displayWidth) / 2)
                    layout.textLines.append(AlertLayout.TextLine(text: text, origin: Point(x: textX, y: line), isTitle: isTitle))
                    line += 1
                }
                if separator {
                    layout.separatorLines.append(line)
                    line += 1
                }
            }
            let inner = box.inset(left: 1, right: 1)
            if plan.sideBySide, visible[i].count == 2 {
                let half = (inner.width - 1) / 2
                let frames = [Rect(x: inner.minX, y: line, width: half, height: 1),
                              Rect(x: inner.minX + half + 1, y: line, width: inner.width - half - 1, height: 1)]
                if half > 0 { layout.columnSeparatorX = inner.minX + half }
                for (index, frame) in zip(visible[i], frames) {
                    layout.buttons.append(button(index, frame: frame, glyphs: glyphs))
                }
            } else {
                for index in visible[i] {
                    layout.buttons.append(button(index, frame: Rect(x: inner.minX, y: line, width: inner.width, height: 1), glyphs: glyphs))
                    line += 1
                }
            }
            y += heights[i]
        }
        return layout
    }

    // The boxes before the screen has its say: one for an alert; a sheet's list and its Cancel.
    private func boxPlans(order: [Int], hasText: Bool) -> [BoxPlan] {
        switch buttonArrangement {
        case .sideBySide, .stacked:
            return [BoxPlan(buttons: order, sideBySide: buttonArrangement == .sideBySide, hasText: hasText)]
        case .sheet:
            let list = BoxPlan(buttons: order.filter { actions[$0].style != .cancel }, sideBySide: false, hasText: hasText)
            let cancel = order.filter { actions[$0].style == .cancel }
            return (list.buttons.isEmpty && !hasText ? [] : [list])
                + (cancel.isEmpty ? [] : [BoxPlan(buttons: cancel, sideBySide: false, hasText: false)])
        }
    }

    // The width that fits the longest text line and labels, within the style's bounds.
    private func fittedWidth(order: [Int], title: String?, message: String?) -> Int {
        let widest = order.map { ControlEscaping.escaped(actions[$0].label).displayWidth }.max() ?? 0
        let buttonsWidth = buttonArrangement == .sideBySide ? 2 * (widest + 2) + 1 : widest + 2
        let textWidth = [title, message].compactMap { $0 }
            .flatMap { $0.split(separator: "\n") }
            .map { ControlEscaping.escaped($0).displayWidth }.max() ?? 0
        let bounds = style == .alert ? Self.alertWidths : Self.sheetWidths
        return min(max(max(textWidth + 2, buttonsWidth) + 2, bounds.lowerBound), bounds.upperBound)
    }

    // The title and message wrapped to `width` within `budget` lines; the title comes first.
    private func wrapText(title: String?, message: String?, width: Int, budget: Int) -> ([String], [String]) {
        guard budget > 0, width > 0 else { return ([], []) }
        // Wrapped no further than the budget: a title of megabytes costs the lines shown.
        let titleLines = title.map { TextLayout.wrap($0, width: width, maximumLines: budget) } ?? []
        let left = budget - titleLines.count
        guard left > 0, let message else { return (titleLines, []) }
        return (titleLines, TextLayout.wrap(message, width: width, maximumLines: left))
    }

    // The buttons that fit in `lines` lines, chosen to keep `focus` in view.
    private func window(of buttons: [Int], lines: Int, sideBySide: Bool, focus: Int?) -> [Int] {
        if sideBySide { return lines > 0 ? buttons : [] }
        guard lines < buttons.count else { return buttons }
        guard lines > 0 else { return [] }
        let position = focus.flatMap { buttons.firstIndex(of: $0) } ?? 0
        let start = min(max(0, position - lines + 1), buttons.count - lines)
        return Array(buttons[start..<(start + lines)])
    }

    // A button with a column of padding on each side where it can; when the label is too
    // long the hotkey goes first (it still works), then the title is cut.
    private func button(_ index: Int, frame: Rect, glyphs: Glyphs) -> AlertLayout.Button {
        let room = frame.width > 2 ? frame.width - 2 : frame.width
        let action = actions[index]
        let fits = ControlEscaping.escaped(action.label).displayWidth <= room
        let label = TextLayout.truncate(fits ? action.label : action.title, width: room, ellipsis: glyphs.ellipsis)
        return AlertLayout.Button(actionIndex: index, label: label, frame: frame)
    }
}
