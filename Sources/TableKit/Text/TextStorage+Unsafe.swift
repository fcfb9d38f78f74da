// The memory moves of TextStorage's gap buffer (issue 39: unsafe code fenced in `+Unsafe` files).
// Each function borrows the array's storage for its own length only and keeps no pointer.

extension Array {
    /// Moves the elements in `range` by `distance` places (to the right when positive) in one
    /// move of memory, as a gap buffer moves its gap: the elements they land on outside
    /// `range` are dropped, and the places they leave are filled with `filler`.
    /// - Precondition: `range` moved by `distance` lies inside the array.
    /// - Complexity: O(`range.count`), one `memmove`.
    mutating func slide(_ range: Range<Int>, by distance: Int, filling filler: Element) {
        precondition(range.lowerBound + distance >= 0 && range.upperBound + distance <= count, "slid outside the array")
        guard distance != 0, !range.isEmpty else { return }
        let moved = range.count, replaced = Swift.min(moved, Swift.abs(distance))
        withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return }
            if distance > 0 {
                (base + range.upperBound + distance - replaced).deinitialize(count: replaced)
                (base + range.lowerBound + distance).moveInitialize(from: base + range.lowerBound, count: moved)
                (base + range.lowerBound).initialize(repeating: filler, count: replaced)
            } else {
                (base + range.lowerBound + distance).deinitialize(count: replaced)
                (base + range.lowerBound + distance).moveInitialize(from: base + range.lowerBound, count: moved)
                (base + range.upperBound - replaced).initialize(repeating: filler, count: replaced)
            }
        }
    }

    /// Whether this array and `other` are copies of one storage (equal without reading them).
    func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { left in
            other.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress && left.count == right.count }
        }
    }
}
