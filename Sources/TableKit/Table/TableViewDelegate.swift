import Foundation

/// What a ``TableViewController`` tells about what a person did to its table, as
/// `UITableViewDelegate`. Every method has a default, so a delegate implements only what it
/// needs.
///
/// The methods that answer a tap return a ``ScreenResponse``: push a detail screen, present
/// an alert, or `.handled`. Index paths are those of the table as shown (a search's results
/// when a search is active).
///
/// ```swift
/// extension FruitList: TableViewDelegate {
///     func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
///         guard let fruit = fruits.item(at: indexPath) else { return .handled }
///         return .push(FruitDetail(fruit: fruit))
///     }
/// }
/// ```
///
/// Selection follows each section's ``SelectionMode``: the table applies the rules (a radio
/// check moves, a checkmark toggles) and tells the delegate what changed. The swipe-actions
/// methods give rows a side-swipe menu (see ``SwipeActionsConfiguration``).
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// Whether a row may be highlighted and so selected, as UIKit's `shouldHighlightRowAt`:
    /// where it may not, Enter, → and l are not offered (help leaves them out) and a click
    /// selects nothing. Default: `true`.
    func tableView(_ tableView: TableViewController, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// A row is about to be selected: return `indexPath`, another row to select instead, or
    /// `nil` to refuse (no `didSelectRowAt` follows). Default: `indexPath`.
    func tableView(_ tableView: TableViewController, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// A row was selected (Enter, →, l, a click; Space on a checkable row). Default: `.handled`.
    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse
    /// A row lost its selection: its check was toggled off, or a radio row's check moved to
    /// another row of its section. Default: nothing.
    func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath)
    /// A row's detail button `ⓘ` was tapped (`i`, a click on it); the row was not selected.
    /// Default: `.handled`.
    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse
    /// A row's custom accessory button (such as `[✎]`) was tapped (`e`, a click on it); the row
    /// was not selected. Default: `.handled`.
    func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse
    /// The keyboard focus moved to `indexPath` (`nil`: the table has no rows). Default: nothing.
    func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?)
    /// Whether a row of a checkmark (`.multiple`) section, where Space checks, has a primary
    /// action for Enter, as UIKit's `canPerformPrimaryActionForRowAt`. Default: `false`, and
    /// Enter is not offered there.
    func tableView(_ tableView: TableViewController, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool
    /// Enter on a row of a checkmark section whose primary action the delegate offers: open
    /// its detail, say. The checks do not change (UIKit's `performPrimaryActionForRowAt`).
    /// Default: `.handled`.
    func tableView(_ tableView: TableViewController, performPrimaryActionForRowAt indexPath: IndexPath) -> ScreenResponse
    /// A row's switch was flipped by the person (Space, Enter, a click on it): store `isOn`
    /// so the data source shows it, as a `UISwitch`'s value-changed action does. The row is
    /// not selected. Default: `.handled` (and the switch shows what the data source says).
    func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse
    /// A person moved the slider of the row at `indexPath` (``TableViewCell/slider``) to
    /// `value`; the delegate stores it so that the data source shows it. A change made in
    /// code tells no one.
    func tableView(_ tableView: TableViewController, didChangeSliderAt indexPath: IndexPath, to value: Double) -> ScreenResponse
    /// The buttons a swipe to the right (Shift-→, a drag to the right) reveals on the row's
    /// left, outermost first, as UIKit's `leadingSwipeActionsConfigurationForRowAt`; `nil` or
    /// no actions: no menu on that side. Default: `nil`.
    func tableView(_ tableView: TableViewController, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The buttons a swipe to the left (Shift-←, `s`, a drag to the left) reveals on the
    /// row's right, outermost (rightmost) first, as UIKit's
    /// `trailingSwipeActionsConfigurationForRowAt`. Default: `nil`.
    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The control an editable row shows in editing mode, as UIKit's `editingStyleForRowAt`:
    /// `.delete` (⊖), `.insert` (⊕) or `.none`. Default: `.delete`.
    func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
    /// The title of the button that confirms a delete, as UIKit's
    /// `titleForDeleteConfirmationButtonForRowAt`; `nil` for "Delete". Default: `nil`.
    func tableView(_ tableView: TableViewController, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
    /// What the insert control ⊕ of the row at `indexPath` does when it is used (`+` on the
    /// focused row, or a click on ⊕): a screen's answer — push the screen that adds, as a list's
    /// "Add New Keyboard…" row does — or `nil` to have the data source insert a row there at
    /// once (``TableViewDataSource/commit(_:forRowAt:)`` with `.insert`, as UIKit's `commit`).
    /// Default: `nil`.
    func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse?
    /// Where a row being moved from `sourceIndexPath` goes when a person moves it to
    /// `proposedDestinationIndexPath`, as UIKit's `targetIndexPathForMoveFromRowAt`: return
    /// another place to keep it out of places it must not go, or `sourceIndexPath` to refuse.
    /// Default: the place proposed.
    func tableView(_ tableView: TableViewController, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
}

extension TableViewDelegate {
    /// Selects the row asked for.
    public func tableView(_ tableView: TableViewController, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: `indexPath`.
    public func tableView(_ tableView: TableViewController, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing more.
    public func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse { .handled }
    /// Does nothing.
    public func tableView(_ tableView: TableViewController, didDeselectRowAt indexPath: IndexPath) {}
    /// Does nothing more.
    public func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse { .handled }
    /// Does nothing more.
    public func tableView(_ tableView: TableViewController, customAccessoryTappedForRowWith indexPath: IndexPath) -> ScreenResponse { .handled }
    /// Does nothing.
    public func tableView(_ tableView: TableViewController, didFocusRowAt indexPath: IndexPath?) {}
    /// No primary action.
    public func tableView(_ tableView: TableViewController, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing more.
    public func tableView(_ tableView: TableViewController, performPrimaryActionForRowAt indexPath: IndexPath) -> ScreenResponse { .handled }
    /// Does nothing more.
    public func tableView(_ tableView: TableViewController, didChangeSwitchAt indexPath: IndexPath, to isOn: Bool) -> ScreenResponse { .handled }
    /// Nothing, by default.
    public func tableView(_ tableView: TableViewController, didChangeSliderAt indexPath: IndexPath, to value: Double) -> ScreenResponse { .handled }
    /// No menu.
    public func tableView(_ tableView: TableViewController, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// No menu.
    public func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// Editable rows delete.
    public func tableView(_ tableView: TableViewController, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    /// "Delete".
    public func tableView(_ tableView: TableViewController, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    /// The data source inserts.
    public func tableView(_ tableView: TableViewController, insertActionForRowAt indexPath: IndexPath) -> ScreenResponse? { nil }
    /// The place proposed.
    public func tableView(_ tableView: TableViewController, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
}
