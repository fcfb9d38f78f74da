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

    /// The characters, with a gap after them for the keys to come.
    init(_ characters: some Sequence<Character>) {
        buffer = Array(characters)
        gapStart = buffer.count
        // Room from the start, so that the first key does not copy a long text to make it.
        if buffer.count > 1024 { buffer.append(contentsOf: repeatElement(" ", count: buffer.count / 8)) }
        gapEnd = buffer.count
    }

    /// The characters as a string, built from the two sides of the gap in one pass.
    var string: String {
        var result = ""
        result.reserveCapacity(endIndex)
        for index in 0 ..< gapStart { result.append(buffer[index]) }
        for index in gapEnd ..< buffer.count { result.append(buffer[index]) }
        return result
    }

    /// The characters as an array: the two sides of the gap, copied.
    var array: [Character] {
        var result = Array(buffer[..<gapStart])
        result.append(contentsOf: buffer[gapEnd...])
        return result
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
            // Room for what comes next too, so that a key after a paste does not copy it all.
            let gap = needed + Swift.max((length + needed) / 4, 64)
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

    /// Moves the gap so that it starts before the character at `position`: the characters
    /// between are moved across it in one move of memory.
    private mutating func moveGap(to position: Int) {
        guard position != gapStart else { return }
        let gap = gapEnd - gapStart
        // The gap holds spaces: those the moved characters land on are dropped, and those
        // they leave are spaces again.
        if position < gapStart {
            buffer.slide(position ..< gapStart, by: gap, filling: " ")
        } else {
            buffer.slide(gapEnd ..< position + gap, by: -gap, filling: " ")
        }
        gapEnd = position + gap
        gapStart = position
    }

    static func == (lhs: TextStorage, rhs: TextStorage) -> Bool {
        // Copies of one field share their array: equal without reading it.
        if lhs.gapStart == rhs.gapStart, lhs.gapEnd == rhs.gapEnd, lhs.buffer.sharesStorage(with: rhs.buffer) {
            return true
        }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for character in self { hasher.combine(character) }
    }
}
