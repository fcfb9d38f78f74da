import Foundation
import TableKit

/// A delegate that offers the same side-swipe buttons on every row and logs what runs: a
/// button as its title and row ("Share 0"), a selection as "select 2".
@MainActor
final class LoggedSwipes: TableViewDelegate {
    /// A button of one side: its title and style.
    typealias Button = (title: String, style: ContextualAction.Style)

    /// What ran, in order.
    var log: [String] = []
    /// Whether a full swipe to the left performs the trailing side's outermost button.
    var fullSwipe = true
    private let leading: [Button]
    private let trailing: [Button]
    private let rowsWithoutTrailing: Set<Int>

    /// Offers `leading` on the left and `trailing` on the right, each outermost first; the
    /// rows of `rowsWithoutTrailing` have nothing on their right.
    init(leading: [Button], trailing: [Button], rowsWithoutTrailing: Set<Int> = []) {
        self.leading = leading
        self.trailing = trailing
        self.rowsWithoutTrailing = rowsWithoutTrailing
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        log.append("select \(indexPath.row)")
        return .handled
    }

    func tableView(_ tableView: TableViewController, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: leading.map(action))
    }

    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard !rowsWithoutTrailing.contains(indexPath.row) else { return nil }
        var configuration = SwipeActionsConfiguration(actions: trailing.map(action))
        configuration.performsFirstActionWithFullSwipe = fullSwipe
        return configuration
    }

    private func action(_ button: Button) -> ContextualAction {
        ContextualAction(style: button.style, title: button.title) { [weak self] row in
            self?.log.append("\(button.title) \(row.row)")
            return .handled
        }
    }
}
