import NIOCore
import Synchronization

/// The most recently served thumbnails, kept in memory up to a budget in bytes; the least recently
/// used goes first when a new one does not fit. A cached thumbnail is served without touching the
/// disk or the thread pool. Thumbnails are named by their image's content and their size, so they
/// never change: an entry never needs invalidating.
final class ThumbnailCache: Sendable {
    /// The budget: the sum of the cached thumbnails' lengths never exceeds it (0 turns the cache off).
    let capacityBytes: Int
    private let entries = Mutex(LeastRecentlyUsed())

    init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
    }

    /// The thumbnail's bytes if cached, which makes it the most recently used.
    func bytes(for key: ThumbnailKey) -> ByteBuffer? {
        entries.withLock { $0.use(key) }
    }

    /// Caches a thumbnail, evicting the least recently used ones to make room; one larger than the
    /// whole budget is not cached.
    func insert(_ bytes: ByteBuffer, for key: ThumbnailKey) {
        entries.withLock { $0.insert(bytes, for: key, capacityBytes: capacityBytes) }
    }

    /// Thumbnails cached and their total length.
    var usage: (count: Int, bytes: Int) {
        entries.withLock { ($0.count, $0.byteCount) }
    }
}

/// A dictionary from keys to slots of an array, the slots chained from the most to the least
/// recently used, so that use, insertion and eviction are O(1) without an object per entry.
private struct LeastRecentlyUsed {
    private struct Entry {
        var key: ThumbnailKey
        var bytes: ByteBuffer
        var newer = -1
        var older = -1
    }
    private var entries: [Entry] = []
    private var freeSlots: [Int] = []
    private var slots: [ThumbnailKey: Int] = [:]
    private var newest = -1
    private var oldest = -1
    private(set) var byteCount = 0
    var count: Int { slots.count }

    mutating func use(_ key: ThumbnailKey) -> ByteBuffer? {
        guard let slot = slots[key] else { return nil }
        if slot != newest {
            unlink(slot)
            linkAsNewest(slot)
        }
        return entries[slot].bytes
    }

    mutating func insert(_ bytes: ByteBuffer, for key: ThumbnailKey, capacityBytes: Int) {
        guard slots[key] == nil, bytes.readableBytes <= capacityBytes else { return }
        while byteCount + bytes.readableBytes > capacityBytes { removeOldest() }
        let entry = Entry(key: key, bytes: bytes)
        let slot: Int
        if let free = freeSlots.popLast() {
            entries[free] = entry
            slot = free
        } else {
            entries.append(entry)
            slot = entries.count - 1
        }
        slots[key] = slot
        byteCount += bytes.readableBytes
        linkAsNewest(slot)
    }

    private mutating func removeOldest() {
        let slot = oldest
        unlink(slot)
        slots[entries[slot].key] = nil
        byteCount -= entries[slot].bytes.readableBytes
        entries[slot].bytes = ByteBuffer()
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let entry = entries[slot]
        if entry.newer >= 0 { entries[entry.newer].older = entry.older } else { newest = entry.older }
        if entry.older >= 0 { entries[entry.older].newer = entry.newer } else { oldest = entry.newer }
        entries[slot].newer = -1
        entries[slot].older = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        if newest >= 0 { entries[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
