import Foundation

extension TableViewController {
    /// Whether the table is in editing mode, as `UIViewController.isEditing`: editable rows
    /// (``TableViewDataSource/canEditRow(at:)``) show their delete control ⊖ or insert
    /// control ⊕ (``TableViewDelegate/tableView(_:editingStyleForRowAt:)``), and their
    /// accessories give way. Setting it calls ``setEditing(_:animated:)`` without animation.
    public var isEditing: Bool {
        get { editingPart.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// Whether Enter and clicks select rows in editing mode, as UIKit's
    /// `allowsSelectionDuringEditing`; default `false`: in editing mode a click on a row
    /// focuses it and nothing else.
    public var allowsSelectionDuringEditing: Bool {
        get { editingPart.allowsSelectionDuringEditing }
        set { editingPart.allowsSelectionDuringEditing = newValue }
    }

    /// Whether editing mode checks rows instead of showing their delete and insert controls,
    /// as UIKit's `allowsMultipleSelectionDuringEditing` (Mail's "select several, then
    /// Delete"); default `false`. While it does, every row shows `○` at its leading edge, Space
    /// or a click checks it (`◉`), and ``indexPathsForSelectedRows`` and
    /// ``numberOfSelectedItems`` say what is checked, for a toolbar button such as
    /// "Delete (3)". Rows that move keep their `≡`. Entering and leaving editing mode clears
    /// the selection.
    ///
    /// ```swift
    /// allowsMultipleSelectionDuringEditing = true
    /// override var toolbarItems: [BarButtonItem] {
    ///     guard isEditing else { return [] }
    ///     let count = numberOfSelectedItems
    ///     return [.flexibleSpace, BarButtonItem(id: "delete", title: count > 0 ? "Delete (\(count))" : "Delete",
    ///                                           key: .character("d"), isEnabled: count > 0)]
    /// }
    /// ```
    public var allowsMultipleSelectionDuringEditing: Bool {
        get { editingPart.allowsMultipleSelectionDuringEditing }
        set {
            guard newValue != allowsMultipleSelectionDuringEditing else { return }
            // Changed in editing mode: editing starts again under the new rule.
            let wasEditing = isEditing
            if wasEditing { setEditing(false, animated: false) }
            editingPart.allowsMultipleSelectionDuringEditing = newValue
            if wasEditing { setEditing(true, animated: false) }
        }
    }

    /// A bar button that enters editing mode ("Edit") and leaves it ("Done", prominent), as
    /// UIKit's `editButtonItem`; put it in ``rightBarButtonItems`` (or the toolbar). The base
    /// ``barButtonTapped(_:area:)`` handles it.
    ///
    /// ```swift
    /// override var rightBarButtonItems: [BarButtonItem] { [editButtonItem()] }
    /// ```
    ///
    /// - Parameter key: its key (`E` by default).
    public func editButtonItem(key: Key = .character("E")) -> BarButtonItem {
        BarButtonItem(system: isEditing ? .done : .edit, id: .edit, key: key, help: isEditing ? "stop editing" : "edit the rows")
    }

    /// Delete on a swipe to the left, as UIKit gives a row whose data source edits it
    /// (``TableViewDataSource/canEditRow(at:)``, with the delete style) and whose delegate
    /// gives no buttons of its own; a full swipe deletes.
    func defaultDeleteSwipeConfiguration(at indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard !isEditing, editingPart.style(at: indexPath, in: self) == .delete else { return nil }
        let title = delegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
        return SwipeActionsConfiguration(actions: [
            ContextualAction(style: .destructive, title: title) { [weak self] indexPath in
                if let self { editingPart.commit(.delete, at: indexPath, in: self) }
                return .handled
            },
        ])
    }
}

extension BarButtonItem.Identifier {
    /// Edit and Done: ``TableViewController/editButtonItem(key:)``.
    public static let edit: Self = "edit"
}
