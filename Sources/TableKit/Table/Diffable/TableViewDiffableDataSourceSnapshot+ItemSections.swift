import Foundation

extension TableViewDiffableDataSourceSnapshot {
    /// Each item's section identifier, in 64 dictionaries chosen by the item's hash, so that
    /// editing a copy of a snapshot of a million items copies one sixty-fourth of them, not
    /// all: a snapshot taken from a data source shares its storage until it is written.
    @usableFromInline struct ItemSections: Sendable {
        @usableFromInline static var shardCount: Int { 64 }
        @usableFromInline var shards: [[ItemIdentifier: SectionIdentifier]]
        @usableFromInline var count = 0

        @inlinable init() {
            shards = Array(repeating: [:], count: Self.shardCount)
        }

        @inlinable static func shard(of item: ItemIdentifier) -> Int {
            Int(UInt(bitPattern: item.hashValue) % UInt(shardCount))
        }

        @inlinable subscript(item: ItemIdentifier) -> SectionIdentifier? {
            get { shards[Self.shard(of: item)][item] }
            set {
                let shard = Self.shard(of: item)
                if let newValue {
                    if shards[shard].updateValue(newValue, forKey: item) == nil { count += 1 }
                } else if shards[shard].removeValue(forKey: item) != nil {
                    count -= 1
                }
            }
        }

        /// Makes room for `extra` more items.
        @inlinable mutating func reserve(_ extra: Int) {
            let perShard = (count + extra) / Self.shardCount + 1
            for shard in shards.indices where shards[shard].capacity < perShard { shards[shard].reserveCapacity(perShard * 2) }
        }
    }
}
