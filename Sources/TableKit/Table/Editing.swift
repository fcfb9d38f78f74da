extension TableViewCell {
    /// The control a row shows at its leading edge while its table is in editing mode, as
    /// `UITableViewCell.EditingStyle`.
    public enum EditingStyle: Hashable, Sendable {
        /// No control; the row is not indented.
        case none
        /// The red delete control `⊖`: it reveals a Delete button, and only that deletes.
        case delete
        /// The green insert control `⊕`: it inserts at once.
        case insert
    }
}

/// What a row of a table in editing mode shows: its control, the reorder control, and the
/// Delete button once its delete control was used.
struct EditingDecoration: Hashable, Sendable {
    var control: TableViewCell.EditingStyle
    var showsReorderControl: Bool
    var deleteConfirmationTitle: String?
}
