import Foundation

extension IndexedSections {
    /// What a person's edits do to the model behind the sections: each is told the item, typed.
    struct Editing {
        var delete: (@MainActor (Item) -> Void)?
        var insert: (@MainActor (IndexPath) -> Item?)?
        var move: (@MainActor (Item, IndexPath, IndexPath) -> Void)?
    }

    /// These sections, editable as a `UITableViewDataSource` edits its rows: in editing mode
    /// (or with a swipe) a person deletes a row, inserts one or moves one, the sections change
    /// with the table, and each closure tells the model which item, typed — no wrapper, no
    /// cast.
    ///
    /// ```swift
    /// let contacts = IndexedSections(book.contacts, title: \.name) { contact in
    ///     TableViewCell(text: contact.name)
    /// }.editable(deleting: { book.remove($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - delete: Given, every row can be deleted (⊖, or a swipe to the left): the item
    ///     leaves the sections and `delete` removes it from the model.
    ///   - insert: Given, every row can be inserted at (⊕, where the delegate's
    ///     `editingStyle` says `.insert`): `insert` makes the new item for that place (or
    ///     `nil` for none), and it goes where its title sorts.
    ///   - move: Given, every row can be moved (`≡`, Alt-↑ Alt-↓) within its section — an
    ///     item stays under its title's letter — and `move` is told the item, where it was
    ///     and where it is.
    public func editable(deleting delete: (@MainActor (Item) -> Void)? = nil, inserting insert: (@MainActor (IndexPath) -> Item?)? = nil,
                         moving move: (@MainActor (Item, _ from: IndexPath, _ to: IndexPath) -> Void)? = nil) -> IndexedSections {
        var result = self
        result.editing = Editing(delete: delete, insert: insert, move: move)
        return result
    }

    /// Whether a row can be deleted or inserted at: where ``editable(deleting:inserting:moving:)``
    /// gave a way to.
    @MainActor
    public func canEditRow(at indexPath: IndexPath) -> Bool {
        (editing.delete != nil || editing.insert != nil) && item(at: indexPath) != nil
    }

    /// Deletes the item at `indexPath`, or inserts a new one where its title sorts, and tells
    /// the model.
    @MainActor
    public mutating func commit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        switch editingStyle {
        case .delete:
            guard let delete = editing.delete, let position = sections.index(of: indexPath) else { return }
            let item = items.remove(at: position)
            var starts = sections.sectionStarts
            for section in starts.indices where starts[section] > position { starts[section] -= 1 }
            sections = CollatedSections(collation: sections.collation, sectionStarts: starts, indexTitles: sections.indexTitles)
            delete(item)
        case .insert:
            guard let make = editing.insert, let item = make(indexPath) else { return }
            insert(item)
        case .none:
            break
        }
    }

    /// Whether a row can be moved: where ``editable(deleting:inserting:moving:)`` gave a way to.
    @MainActor
    public func canMoveRow(at indexPath: IndexPath) -> Bool {
        editing.move != nil && item(at: indexPath) != nil
    }

    /// Moves the item within its section and tells the model; a move into another section
    /// is not made (the item stays under its title's letter), and the table shows the rows
    /// as they are.
    @MainActor
    public mutating func moveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let move = editing.move, sourceIndexPath.section == destinationIndexPath.section,
              let from = sections.index(of: sourceIndexPath),
              destinationIndexPath.row >= 0, destinationIndexPath.row < sections.numberOfRows(inSection: destinationIndexPath.section),
              let to = sections.index(of: destinationIndexPath) else { return }
        let item = items.remove(at: from)
        items.insert(item, at: to)
        move(item, sourceIndexPath, destinationIndexPath)
    }

    /// Puts `item` where its title sorts: in its collation section, before the first item
    /// whose title sorts after it.
    @MainActor
    private mutating func insert(_ item: Item) {
        let collation = sections.collation
        let key = title(item)
        let section = collation.section(for: key)
        guard sections.sectionStarts.indices.contains(section + 1) else { return }
        let range = sections.sectionStarts[section] ..< sections.sectionStarts[section + 1]
        let position = range.first { collation.areInIncreasingOrder(key, title(items[$0])) } ?? range.upperBound
        items.insert(item, at: position)
        var starts = sections.sectionStarts
        for index in starts.indices where index > section { starts[index] += 1 }
        sections = CollatedSections(collation: collation, sectionStarts: starts, indexTitles: sections.indexTitles)
    }
}

extension TableViewController {
    /// The item at `indexPath` of the ``IndexedSections`` of `Item` the table shows, as it is
    /// now (after the person's deletions, insertions and moves); `nil` when the table shows
    /// no such sections or no row there.
    ///
    /// ```swift
    /// func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
    ///     guard let contact: Contact = item(at: indexPath) else { return .handled }
    ///     return .push(ContactDetail(contact: contact))
    /// }
    /// ```
    public func item<Item>(at indexPath: IndexPath, as type: Item.Type = Item.self) -> Item? {
        (dataSource as? IndexedSections<Item>)?.item(at: indexPath)
    }
}
