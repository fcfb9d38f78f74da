import Foundation

extension TableViewDiffableDataSourceSnapshot {
    // MARK: Sections

    /// Adds sections at the end. A section identifier the snapshot already holds, or one
    /// repeated in `identifiers`, is refused (UIKit stops the app).
    @inlinable public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
        insertSections(identifiers, at: sections.count)
    }

    /// Adds sections just before section `beforeIdentifier`; nothing happens if the snapshot
    /// does not hold it. Duplicates are refused.
    @inlinable public mutating func insertSections(_ identifiers: [SectionIdentifier], beforeSection beforeIdentifier: SectionIdentifier) {
        guard let position = sectionPositions[beforeIdentifier] else { return }
        insertSections(identifiers, at: position)
    }

    /// Adds sections just after section `afterIdentifier`; nothing happens if the snapshot
    /// does not hold it. Duplicates are refused.
    @inlinable public mutating func insertSections(_ identifiers: [SectionIdentifier], afterSection afterIdentifier: SectionIdentifier) {
        guard let position = sectionPositions[afterIdentifier] else { return }
        insertSections(identifiers, at: position + 1)
    }

    /// Removes sections with all their items; identifiers the snapshot does not hold are
    /// ignored.
    @inlinable public mutating func deleteSections(_ identifiers: [SectionIdentifier]) {
        let doomed = Set(identifiers.filter { sectionPositions[$0] != nil })
        guard !doomed.isEmpty else { return }
        for identifier in doomed {
            touch(identifier)
            for item in sections[sectionPositions[identifier] ?? 0].items { itemSections[item] = nil }
        }
        sections.removeAll { doomed.contains($0.identifier) }
        renumberSections()
    }

    /// Moves section `identifier` just before section `beforeIdentifier`; nothing happens if
    /// either is missing or they are the same.
    @inlinable public mutating func moveSection(_ identifier: SectionIdentifier, beforeSection beforeIdentifier: SectionIdentifier) {
        moveSection(identifier, nextTo: beforeIdentifier, after: false)
    }

    /// Moves section `identifier` just after section `afterIdentifier`; nothing happens if
    /// either is missing or they are the same.
    @inlinable public mutating func moveSection(_ identifier: SectionIdentifier, afterSection afterIdentifier: SectionIdentifier) {
        moveSection(identifier, nextTo: afterIdentifier, after: true)
    }

    /// Asks for every row of `identifiers` again when the snapshot is applied; sections the
    /// snapshot does not hold are ignored.
    @inlinable public mutating func reloadSections(_ identifiers: [SectionIdentifier]) {
        record(reloaded: identifiers.filter { sectionPositions[$0] != nil })
    }

    // MARK: Items

    /// Adds items at the end of section `sectionIdentifier`, or of the last section when it is
    /// `nil`. Nothing happens when there is no such section (UIKit stops the app); an item the
    /// snapshot already holds, or one repeated in `identifiers`, is refused.
    ///
    /// - Complexity: O(`identifiers.count`).
    @inlinable public mutating func appendItems(_ identifiers: [ItemIdentifier], toSection sectionIdentifier: SectionIdentifier? = nil) {
        guard let section = sectionIdentifier ?? sections.last?.identifier, let position = sectionPositions[section] else { return }
        insertItems(identifiers, inSectionAt: position, at: sections[position].items.count)
    }

    /// Adds items just before `beforeIdentifier`, in its section; nothing happens if the
    /// snapshot does not hold it. Duplicates are refused.
    @inlinable public mutating func insertItems(_ identifiers: [ItemIdentifier], beforeItem beforeIdentifier: ItemIdentifier) {
        guard let path = indexPath(of: beforeIdentifier) else { return }
        insertItems(identifiers, inSectionAt: path.section, at: path.row)
    }

    /// Adds items just after `afterIdentifier`, in its section; nothing happens if the
    /// snapshot does not hold it. Duplicates are refused.
    @inlinable public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem afterIdentifier: ItemIdentifier) {
        guard let path = indexPath(of: afterIdentifier) else { return }
        insertItems(identifiers, inSectionAt: path.section, at: path.row + 1)
    }

    /// Removes items; identifiers the snapshot does not hold are ignored.
    ///
    /// - Complexity: O(`identifiers.count`) plus, in each section an item leaves, the rows
    ///   from the first one removed to the end.
    @inlinable public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
        var bySection: [Int: Set<ItemIdentifier>] = [:]
        for item in identifiers {
            guard let section = itemSections[item], let position = sectionPositions[section] else { continue }
            bySection[position, default: []].insert(item)
        }
        for (position, doomed) in bySection {
            touch(sections[position].identifier)
            let first = doomed.compactMap { sections[position].rows[$0] }.min() ?? 0
            for item in doomed {
                itemSections[item] = nil
                sections[position].rows[item] = nil
            }
            if doomed.count == 1 {
                sections[position].items.remove(at: first)
            } else {
                sections[position].items.removeAll { doomed.contains($0) }
            }
            sections[position].renumber(from: first)
        }
    }

    /// Removes every section and item.
    @inlinable public mutating func deleteAllItems() {
        for section in sections { touch(section.identifier) }
        sections = []
        sectionPositions = [:]
        itemSections = ItemSections()
    }

    /// Moves `identifier` just before `beforeIdentifier`, into its section if need be; nothing
    /// happens if either is missing or they are the same.
    @inlinable public mutating func moveItem(_ identifier: ItemIdentifier, beforeItem beforeIdentifier: ItemIdentifier) {
        moveItem(identifier, nextTo: beforeIdentifier, after: false)
    }

    /// Moves `identifier` just after `afterIdentifier`, into its section if need be; nothing
    /// happens if either is missing or they are the same.
    @inlinable public mutating func moveItem(_ identifier: ItemIdentifier, afterItem afterIdentifier: ItemIdentifier) {
        moveItem(identifier, nextTo: afterIdentifier, after: true)
    }

    /// Asks for the rows of `identifiers` again when the snapshot is applied: they lose their
    /// selection, as in UIKit. Items the snapshot does not hold are ignored.
    @inlinable public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
        record(reloaded: identifiers.filter { itemSections[$0] != nil })
    }

    /// Configures the cells of `identifiers` again when the snapshot is applied, keeping their
    /// selection, as UIKit's `reconfigureItems(_:)`. (A table asks for the cells it draws at
    /// every frame, so this changes no row; it is recorded for the data source.) Items the
    /// snapshot does not hold are ignored.
    @inlinable public mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) {
        record(reconfigured: identifiers.filter { itemSections[$0] != nil })
    }

    // MARK: The work

    /// Inserts the new ones of `identifiers` (in order, each once) into the section at
    /// `position`, at row `row`.
    @inlinable mutating func insertItems(_ identifiers: [ItemIdentifier], inSectionAt position: Int, at row: Int) {
        let section = sections[position].identifier
        var fresh: [ItemIdentifier] = []
        fresh.reserveCapacity(identifiers.count)
        if identifiers.count > 64 {
            itemSections.reserve(identifiers.count)
            sections[position].rows.reserveCapacity(sections[position].rows.count + identifiers.count)
        }
        for item in identifiers where itemSections[item] == nil {
            itemSections[item] = section
            fresh.append(item)
        }
        guard !fresh.isEmpty else { return }
        touch(section)
        if row == sections[position].items.count {
            sections[position].items.append(contentsOf: fresh)
        } else {
            sections[position].items.insert(contentsOf: fresh, at: row)
        }
        sections[position].renumber(from: row)
    }

    /// Inserts the new ones of `identifiers` at section position `position`.
    @inlinable mutating func insertSections(_ identifiers: [SectionIdentifier], at position: Int) {
        var fresh: [Section] = []
        var seen: Set<SectionIdentifier> = []
        for identifier in identifiers where sectionPositions[identifier] == nil && seen.insert(identifier).inserted {
            touch(identifier)
            fresh.append(Section(identifier: identifier))
        }
        guard !fresh.isEmpty else { return }
        sections.insert(contentsOf: fresh, at: position)
        renumberSections()
    }

    @inlinable mutating func moveSection(_ identifier: SectionIdentifier, nextTo target: SectionIdentifier, after: Bool) {
        guard identifier != target, let from = sectionPositions[identifier], sectionPositions[target] != nil else { return }
        touch(identifier)
        let section = sections.remove(at: from)
        renumberSections()
        let to = (sectionPositions[target] ?? 0) + (after ? 1 : 0)
        sections.insert(section, at: to)
        renumberSections()
    }

    @inlinable mutating func moveItem(_ identifier: ItemIdentifier, nextTo target: ItemIdentifier, after: Bool) {
        guard identifier != target, let from = indexPath(of: identifier), indexPath(of: target) != nil else { return }
        touch(sections[from.section].identifier)
        sections[from.section].items.remove(at: from.row)
        sections[from.section].rows[identifier] = nil
        sections[from.section].renumber(from: from.row)
        itemSections[identifier] = nil
        guard let to = indexPath(of: target) else { return }
        insertItems([identifier], inSectionAt: to.section, at: to.row + (after ? 1 : 0))
    }

    @inlinable mutating func renumberSections() {
        sectionPositions = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($0.element.identifier, $0.offset) })
    }
}
