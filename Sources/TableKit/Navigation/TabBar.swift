/// One tab of a tab bar: a title and an optional badge, as `UITabBarItem`.
///
/// An item is shared, as in UIKit: the screen at a tab's root may hold it
/// (``Screen/tabBarItem``) and set its badge, and the bar shows the change at once.
///
/// ```swift
/// tabBarItem?.badge = .count(matches)
/// ```
public final class TabBarItem {
    /// A mark after a tab's title, as `UITabBarItem.badgeValue` (and the "glow" of new content).
    public enum Badge: Hashable, Sendable {
        /// A number, drawn ` (3)` in red.
        case count(Int)
        /// Any text, drawn ` (!)` in red. UIKit shows any string, including "": an empty
        /// string is drawn as a red dot `●` (`*` in ASCII), as UIKit draws an empty badge.
        case text(String)
        /// A dot `●` (`*` in ASCII) in the tint colour that says there is new content.
        case dot
    }

    /// The text of the tab.
    public var title: String
    /// The badge after the title; `nil` means no badge (UIKit's default).
    public var badge: Badge?

    /// Creates a tab item.
    public init(title: String, badge: Badge? = nil) {
        self.title = title
        self.badge = badge
    }
}

/// The bar of tabs at the bottom of the screen, as `UITabBar`: a rule with a `▲` under the
/// selected tab, and the tabs, each numbered with the key that selects it.
///
/// The bar is a pure view: the selection and the indicator's (animated) column belong to its
/// owner (a slide animation). Drawing and hit-testing share one slot layout,
/// so a click always lands on the tab drawn under it. With more than five items the bar shows
/// them all when they fit its width (as UIKit's bar does in a regular-width window), else the
/// first four and a fifth slot, "More", as on an iPhone.
struct TabBar {
    /// What a column or a key of the bar stands for.
    enum Hit: Hashable, Sendable {
        /// The tab of `items[index]`.
        case item(Int)
        /// The "More" tab that lists the items that do not fit (only with more than 5 items).
        case more
    }

    /// The tabs, in order.
    public var items: [TabBarItem]
    /// The columns the bar has, which decide whether more than five items fit; `nil` for a
    /// bar as narrow as a phone's (five slots at most).
    var width: Int?

    /// Creates a bar of `width` columns (`nil`: five slots at most).
    public init(items: [TabBarItem], width: Int? = nil) {
        self.items = items
        self.width = width
    }

    /// The lines the bar takes: the rule with the indicator, and the tabs.
    public static let height = 2
    /// The most slots a narrow bar shows; with more items the last slot is "More".
    static let maximumSlots = 5
    /// The most items a wide bar shows side by side: the digit keys number them.
    static let maximumWideSlots = 9
    /// The title of the "More" tab.
    static let moreTitle = "More"

    /// Whether the bar shows a "More" tab: more than five items that do not all fit its width.
    var hasMore: Bool { items.count > Self.maximumSlots && !fitsEveryItem }

    /// Whether every item fits the width: its number and a space, its title, a column of air
    /// each side and one to spare (a long badge is shortened, as on a narrow bar). Then there
    /// is no More.
    private var fitsEveryItem: Bool {
        guard let width, items.count <= Self.maximumWideSlots, !items.isEmpty else { return false }
        let widest = items.map { $0.title.displayWidth }.max() ?? 0
        return width / items.count >= widest + 5
    }

    /// The number of slots: every item, or four and More.
    var slotCount: Int { hasMore ? Self.maximumSlots : items.count }

    /// The slot that shows `items[index]`: the item's own tab, or "More" for an item listed
    /// there; `nil` for an index outside `items`.
    func hit(forItemAt index: Int) -> Hit? {
        guard items.indices.contains(index) else { return nil }
        if hasMore && index >= Self.maximumSlots - 1 { return .more }
        return .item(index)
    }

    /// The slot a hotkey selects: `1`…`5` and `F1`…`F5` pick the slot with that number.
    func hit(for key: Key) -> Hit? {
        let number: Int
        switch key {
        case .character(let c):
            guard let digit = c.wholeNumberValue, c.isASCII else { return nil }
            number = digit
        case .function(let n):
            number = n
        default:
            return nil
        }
        return slotHits.indices.contains(number - 1) ? slotHits[number - 1] : nil
    }

    /// The column (from the left edge of the bar) at the centre of the slot that shows
    /// `items[index]`, where the indicator rests; an index outside `items` is clamped to it.
    func indicatorTarget(for index: Int, width: Int) -> Double {
        let slots = slots(width: width)
        guard !slots.isEmpty else { return 0 }
        let clamped = min(max(0, index), items.count - 1)
        let target = hit(forItemAt: clamped)
        let slot = slots.first { $0.hit == target } ?? slots[0]
        return Double(slot.centre)
    }

    /// The tab under column `x` (from the left edge of the bar) at `width`, or `nil` outside
    /// the bar. Every column belongs to a slot, so the gaps around a title select it too.
    func itemIndex(atColumn x: Int, width: Int) -> Hit? {
        slots(width: width).first { $0.columns.contains(x) }?.hit
    }

    /// One tab's place on the bar.
    struct Slot: Hashable {
        /// What the slot selects.
        var hit: Hit
        /// The hotkey number, 1…5.
        var number: Int
        /// The title drawn.
        var title: String
        /// The badge drawn after the title.
        var badge: TabBarItem.Badge?
        /// The columns, from the left edge of the bar.
        var columns: Range<Int>
        /// Whether the slot was made as wide as its label and one column (its label is then
        /// padded on one side only).
        var isLabelSized = false

        /// The middle column (the left one of two middles).
        var centre: Int { columns.lowerBound + max(0, columns.count - 1) / 2 }
    }

    /// What each slot selects, left to right.
    private var slotHits: [Hit] {
        guard hasMore else { return items.indices.map { .item($0) } }
        return (0..<(Self.maximumSlots - 1)).map { .item($0) } + [.more]
    }

    /// The slots at `width`: the width shared equally, the extra columns of an uneven split
    /// spread between them (slot `i` starts at `i * width / count`) — unless an equal share
    /// would cut a title that slots as wide as their labels show whole: then each slot is its
    /// label and one column more, and the spare columns are shared out (at 40 columns the
    /// app's five tabs read `1 Books 2 Tweets 3 Games 4 Forms 5 More`, not `1 Boo…`).
    func slots(width: Int) -> [Slot] {
        let equal = equalSlots(width: width)
        let labels = equal.map(Self.labelWidth(of:))
        let needed = labels.reduce(0, +) + labels.count
        guard zip(equal, labels).contains(where: { $0.columns.count < $1 + 2 }), needed <= width else { return equal }
        let spare = width - needed
        var start = 0
        return equal.enumerated().map { offset, slot in
            var slot = slot
            let extra = (offset + 1) * spare / equal.count - offset * spare / equal.count
            slot.columns = start ..< start + labels[offset] + 1 + extra
            slot.isLabelSized = true
            start = slot.columns.upperBound
            return slot
        }
    }

    /// The columns of a slot's whole label: its number, its title and its badge.
    static func labelWidth(of slot: Slot) -> Int {
        label(for: slot, width: .max / 2, glyphs: .unicode).reduce(0) { $0 + $1.text.displayWidth }
    }

    /// The width shared equally between the slots.
    private func equalSlots(width: Int) -> [Slot] {
        let hits = slotHits
        let width = max(0, width)
        return hits.enumerated().map { offset, hit in
            let start = offset * width / hits.count
            let end = (offset + 1) * width / hits.count
            switch hit {
            case .item(let index):
                return Slot(hit: hit, number: offset + 1, title: items[index].title, badge: items[index].badge, columns: start..<end)
            case .more:
                return Slot(hit: hit, number: offset + 1, title: Self.moreTitle, badge: nil, columns: start..<end)
            }
        }
    }
}
