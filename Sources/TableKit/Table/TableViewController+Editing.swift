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
    /// "Delete 3 Selected". Rows that move keep their `≡`, and a row whose editing style is
    /// `.insert` keeps its ⊕ (an "Add…" row, in a section whose
    /// ``TableViewDataSource/selectionMode(forSection:)`` is `.none`, which is not checked).
    /// Entering and leaving editing mode clears the selection.
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

    /// The buttons of the swipe menu on `edge` of the row at `indexPath`: the delegate's;
    /// without them, Delete on the trailing side of a row whose data source deletes it
    /// (``TableViewDataSource/canEditRow(at:)``, with the delete style), as UIKit gives, a
    /// full swipe deleting. None in editing mode: the controls are the way in, as in UIKit.
    func swipeActionsConfiguration(for edge: SwipeEdge, at indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard !isEditing else { return nil }
        let configuration = edge == .leading
            ? delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            : delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
        if let configuration, !configuration.actions.isEmpty { return configuration }
        let answers = delegateAnswers
        guard edge == .trailing, editingPart.style(at: indexPath, dataSource: dataSource, answers: answers) == .delete else { return nil }
        return SwipeActionsConfiguration(actions: [
            ContextualAction(style: .destructive, title: answers.deleteConfirmationTitle(indexPath)) { [weak self] indexPath in
                guard let self else { return .handled }
                return apply(.commit(.delete, forRowAt: indexPath))
            },
        ])
    }
}

extension BarButtonItem.Identifier {
    /// Edit and Done: ``TableViewController/editButtonItem(key:)``.
    public static let edit: Self = "edit"
}
