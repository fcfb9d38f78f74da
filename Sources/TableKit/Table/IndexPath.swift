import Foundation

/// UIKit's view of an index path: a section and a row within it.
///
/// TableKit uses Foundation's `IndexPath`, extended the way UIKit extends it, so that a file
/// importing both Foundation and TableKit writes `IndexPath(row:section:)` exactly as an iOS
/// developer does:
///
/// ```swift
/// import Foundation
/// import TableKit
///
/// let path = IndexPath(row: 2, section: 0)
/// print(path.section, path.row)   // 0 2
/// ```
///
/// Index paths order by section, then row: the order rows appear on screen.
extension IndexPath {
    /// Creates the index path of `row` in `section`.
    public init(row: Int, section: Int) {
        // One index, then a second: no array is allocated (tables make many of these a frame).
        self.init(index: section)
        append(row)
    }

    /// The section: the first index (0 for an empty index path, where UIKit would trap).
    public var section: Int {
        get { isEmpty ? 0 : self[0] }
        set {
            if isEmpty { self = IndexPath(row: 0, section: newValue) } else { self[0] = newValue }
        }
    }

    /// The row within the section: the second index (0 when there is none, where UIKit would
    /// trap).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set {
            if count > 1 { self[1] = newValue } else { self = IndexPath(row: newValue, section: section) }
        }
    }
}
