import Foundation

/// A change to an ordered list of names kept in the state file (the wishlist, the keyboards),
/// said so that it can be applied again to the list another instance saved meanwhile: what
/// that instance added stays, and this change still means what it did.
enum OrderedListEdit: Hashable {
    /// Add a name: it goes last, unless it is there already.
    case add(String)
    /// Take these names out.
    case remove(Set<String>)
    /// Put a name just before another (`nil`: last); a name that is not there stays out, and
    /// one whose neighbour is gone goes last.
    case move(String, before: String?)

    /// `names` with this change made.
    func apply(to names: inout [String]) {
        switch self {
        case .add(let name):
            if !names.contains(name) { names.append(name) }
        case .remove(let removed):
            names.removeAll { removed.contains($0) }
        case .move(let name, let next):
            guard let from = names.firstIndex(of: name) else { return }
            names.remove(at: from)
            names.insert(name, at: next.flatMap { names.firstIndex(of: $0) } ?? names.endIndex)
        }
    }
}
