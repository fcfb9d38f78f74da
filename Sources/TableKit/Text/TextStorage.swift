/// A field's characters in a gap buffer: the characters before the last edit, a gap, and the
/// characters after it, in one array. An edit moves the gap to itself (as far as the previous
/// edit was from it) and fills or widens it, so typing in one place of a long value costs the
/// character typed, where an array would move everything after it.
struct TextStorage: RandomAccessCollection, Hashable {
    private var buffer: [Character]
    /// Where the gap starts in `buffer`: the number of characters before it.
    private var gapStart: Int
    /// Where the characters after the gap start in `buffer`.
    private var gapEnd: Int

    init(_ characters: some Sequence<Character>) {
        buffer = Array(characters)
        gapStart = buffer.count
        gapEnd = buffer.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count - (gapEnd - gapStart) }

    subscript(position: Int) -> Character {
        buffer[position < gapStart ? position : position + gapEnd - gapStart]
    }

    /// Replaces the characters in `range` with `new`.
    ///
    /// - Complexity: O(m + d), for m characters inserted and a gap moved d characters (the
    ///   distance from the previous edit); O(n) when the gap must grow, which doubles it.
    mutating func replaceSubrange(_ range: Range<Int>, with new: some Collection<Character>) {
        moveGap(to: range.lowerBound)
        gapEnd += range.count
        let needed = new.count
        if gapEnd - gapStart < needed {
            let length = endIndex
            let gap = Swift.max(needed, length / 2, 64)
            var grown: [Character] = []
            grown.reserveCapacity(length + gap)
            grown.append(contentsOf: buffer[..<gapStart])
            grown.append(contentsOf: repeatElement(" ", count: gap))
            grown.append(contentsOf: buffer[gapEnd...])
            gapEnd = gapStart + gap
            buffer = grown
        }
        var index = gapStart
        for character in new {
            buffer[index] = character
            index += 1
        }
        gapStart = index
    }

    /// Moves the gap so that it starts before the character at `position`.
    private mutating func moveGap(to position: Int) {
        if position < gapStart {
            let moved = gapStart - position
            buffer.withUnsafeMutableBufferPointer { pointer in
                for offset in stride(from: moved - 1, through: 0, by: -1) {
                    pointer.swapAt(position + offset, gapEnd - moved + offset)
                }
            }
            gapStart = position
            gapEnd -= moved
        } else if position > gapStart {
            let moved = position - gapStart
            buffer.withUnsafeMutableBufferPointer { pointer in
                for offset in 0 ..< moved {
                    pointer.swapAt(gapStart + offset, gapEnd + offset)
                }
            }
            gapStart = position
            gapEnd += moved
        }
    }

    static func == (lhs: TextStorage, rhs: TextStorage) -> Bool {
        lhs.elementsEqual(rhs)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for character in self { hasher.combine(character) }
    }
}
