/// Undo for records: the change that takes a save back, worked out before it is made.
extension RecordChanges {
    /// The changes that take these back once they are made to `store`, numbered as the records
    /// will be then: a replaced record gets its bytes back, an added or inserted one goes, and
    /// a deleted one is put back where it was (``inserted``). Its own inverse, worked out the
    /// same way once it is made, makes these changes again.
    func inverse(in store: JSONRecordStore) -> RecordChanges {
        var inverse = RecordChanges()
        // How many records go in before each record (past the last: after it).
        var insertedBefore: [Int: Int] = [:]
        for (index, records) in inserted { insertedBefore[min(max(0, index), store.count), default: 0] += records.count }
        let valid = 0 ..< store.count
        // Only the records changed are visited (a save's inverse is worked out on the main
        // actor): a record's new number is its old one plus `shift`, the records put in before
        // it less the ones deleted.
        var shift = 0
        let visited = Set(deleted.filter(valid.contains)).union(replaced.keys.filter(valid.contains)).union(insertedBefore.keys).sorted()
        for index in visited {
            for _ in 0 ..< insertedBefore[index, default: 0] {
                inverse.deleted.insert(index + shift)
                shift += 1
            }
            guard index < store.count else { break }
            if deleted.contains(index) {
                inverse.inserted[index + shift, default: []].append(store.rawBytes(at: index))
                shift -= 1
            } else if replaced[index] != nil {
                inverse.replaced[index + shift] = store.rawBytes(at: index)
            }
        }
        for offset in added.indices { inverse.deleted.insert(store.count + shift + offset) }
        if !inverse.inserted.isEmpty, store.count >= 2 { inverse.separator = store.recordSeparator }
        return inverse
    }

    /// The first record, numbered as they are once made, that changes whose inverse this is
    /// put in or edited: where the list's focus goes after an undo or a redo.
    var firstRecordTheInverseShows: Int? { deleted.union(replaced.keys).min() }
}
