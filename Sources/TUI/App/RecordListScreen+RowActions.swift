import Foundation
import TableKit

/// The focused row's actions: its side-swipe menus and its action sheet (⋯), hiding rows
/// and showing them again.
extension RecordListScreen {
    // MARK: Side-swipe menus

    /// A row's buttons, left to right: Edit (where records can be edited), Search Author (or
    /// the subtitle of a `--data` record), and Hide — the trailing side's outermost, so a full
    /// swipe hides. The leading side has Edit and Search.
    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let actions = swipeActions(at: indexPath) else { return nil }
        return SwipeActionsConfiguration(actions: [actions.hide] + actions.others.reversed())
    }

    func tableView(_ tableView: TableViewController, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let others = swipeActions(at: indexPath)?.others, !others.isEmpty else { return nil }
        return SwipeActionsConfiguration(actions: others)
    }

    /// The row's Hide, and its other actions left to right (Edit, Search).
    private func swipeActions(at indexPath: IndexPath) -> (others: [ContextualAction], hide: ContextualAction)? {
        guard isOn, let position = dataSourceOfRecords.position(at: indexPath) else { return nil }
        let record = records.record(at: position)
        var actions: [ContextualAction] = []
        if editing != nil {
            actions.append(ContextualAction(title: "Edit", image: "✎", key: "e") { [weak self] indexPath in
                guard let self else { return .handled }
                return self.tableView(self, customAccessoryTappedForRowWith: indexPath)
            })
        }
        // Asked for every frame (the footer shows the swipe keys): only the subtitle's start is
        // read here, the whole of it when the action runs.
        if let subtitle = records.store.subtitle(at: record, maximumBytes: JSONRecordStore.rowTextBytes), !subtitle.isEmpty {
            actions.append(ContextualAction(title: isBookList ? "Search Author" : "Search Subtitle", image: "⌕", key: "s") { [weak self] _ in
                guard let self, let subtitle = records.store.subtitle(at: record) else { return .handled }
                search(for: subtitle)
                return .handled
            })
        }
        let hide = ContextualAction(title: "Hide", image: "⊘", key: "x") { [weak self] _ in
            self?.hide(position)
            return .handled
        }
        return (actions, hide)
    }

    // MARK: Row actions

    /// The action sheet of the focused row (as a long press shows in UIKit): search for its
    /// subtitle, show the hidden records, hide it. `nil` when there is nothing to act on.
    func rowActionSheet() -> AlertController? {
        let position = state.focusedRow.flatMap(dataSourceOfRecords.position(at:))
        let record = position.map(records.record(at:))
        let bytes = JSONRecordStore.rowTextBytes
        var alert = Alert(title: record.map { records.store.title(at: $0, maximumBytes: bytes) } ?? title,
                          message: record.flatMap { records.store.subtitle(at: $0, maximumBytes: bytes) }, style: .actionSheet)
        if let record, let shown = records.store.subtitle(at: record, maximumBytes: bytes), !shown.isEmpty {
            alert.addAction(AlertAction(title: "Search for “\(shown)”", key: .character("s")) { [weak self] in
                guard let self, let subtitle = records.store.subtitle(at: record) else { return }
                search(for: subtitle)
            })
        }
        if !shown.hiddenPositions.isEmpty {
            let count = shown.hiddenPositions.count
            alert.addAction(AlertAction(title: count == 1 ? "Show 1 Hidden Record" : "Show \(count.groupedText) Hidden Records", key: .character("u")) { [weak self] in
                self?.showHidden(keepingFocusOn: position)
            })
        }
        if reloadTask == nil {
            for candidate in source.otherArrays(than: records.store) {
                let size = ByteCountFormatter.string(fromByteCount: Int64(candidate.bytes), countStyle: .file)
                alert.addAction(AlertAction(title: "Open " + ControlEscaping.escaped(candidate.pointer) + " (" + size + ")") { [weak self] in
                    guard let self else { return }
                    source.reload = source.loadArray?(candidate.pointer)
                    backgroundWorkTitle = nil
                    if let reload = source.reload { startReload(BackgroundTask(reload)) }
                })
            }
        }
        if let position {
            alert.addAction(AlertAction(title: "Hide from List", style: .destructive, key: .character("x")) { [weak self] in
                self?.hide(position)
            })
        }
        guard !alert.actions.isEmpty else { return nil }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        return AlertController(alert: alert)
    }
}
