import Foundation
import PropertyBased
import Testing
@testable import TUI

/// The wishlist and the keyboards save changes, not lists: an edit made in one instance is
/// applied to whatever list the state file holds by then, which another instance may have
/// changed. Whatever that list is, the edit must still mean what it did, and touch nothing
/// else.
@Suite("Ordered-list edits mean the same on a list another instance changed")
struct OrderedListEditPropertyTests {
    /// Names from a small alphabet, so that edits often meet names the list has.
    static let names = Gen.int(in: 0 ... 7).map { "n\($0)" }
    /// A list as a state file might hold it: no repeats.
    static let list = names.array(of: 0 ... 8).map { names in
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    @Test func addingPutsANewNameLastAndLeavesTheRestAsTheyWere() async {
        await propertyCheck(count: 300, input: Self.list, Self.names) { list, name in
            var edited = list
            OrderedListEdit.add(name).apply(to: &edited)
            #expect(edited == (list.contains(name) ? list : list + [name]))
        }
    }

    @Test func removingTakesOutThoseNamesAndKeepsTheOthersInOrder() async {
        await propertyCheck(count: 300, input: Self.list, Self.names.array(of: 0 ... 3)) { list, removed in
            var edited = list
            OrderedListEdit.remove(Set(removed)).apply(to: &edited)
            #expect(edited == list.filter { !removed.contains($0) })
        }
    }

    /// A move puts the name just before its neighbour when the list has both, last when the
    /// neighbour is gone; a name the list lacks stays out. The other names keep their order.
    @Test func movingPutsTheNameBeforeItsNeighbourAndMovesNothingElse() async {
        await propertyCheck(count: 400, input: Self.list, Self.names, Self.names, Gen.bool) { list, name, neighbour, toTheEnd in
            var edited = list
            let next = toTheEnd ? nil : neighbour
            OrderedListEdit.move(name, before: next).apply(to: &edited)
            #expect(edited.filter { $0 != name } == list.filter { $0 != name }, "the others keep their order")
            guard list.contains(name) else {
                #expect(edited == list, "a name the list lacks stays out")
                return
            }
            #expect(edited.count == list.count)
            let index = edited.firstIndex(of: name)
            if let next, next != name, let target = edited.firstIndex(of: next) {
                #expect(index == target - 1, "\(name) just before \(next): \(edited)")
            } else if next != name {
                #expect(index == edited.count - 1, "no neighbour: last: \(edited)")
            }
        }
    }
}
