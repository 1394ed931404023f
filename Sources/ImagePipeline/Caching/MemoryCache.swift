import PixelKitPlatform

/// A least-recently-used cache bounded by a total cost (for images: their bytes, pixels counted as
/// bytes). Inserting past the limit evicts the least recently used entries first; the total never
/// exceeds the limit, and an entry costing more than the whole limit is not kept. Safe from any task.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage: PThreadLocked<Storage>

    /// A cache holding at most `costLimit` (≥ 0) in total.
    public init(costLimit: Int) {
        storage = PThreadLocked(Storage(costLimit: max(0, costLimit)))
    }

    /// The value for `key`, which becomes the most recently used.
    public func value(forKey key: Key) -> Value? {
        storage.withLock { $0.value(forKey: key) }
    }

    /// Stores `value` at `cost` (≥ 0), replacing any value for `key`, then evicts down to the limit.
    public func insert(_ value: Value, forKey key: Key, cost: Int) {
        storage.withLock { $0.insert(value, forKey: key, cost: max(0, cost)) }
    }

    /// Removes the value for `key`.
    public func removeValue(forKey key: Key) {
        storage.withLock { $0.remove(key) }
    }

    /// Removes every value.
    public func removeAll() {
        storage.withLock { $0 = Storage(costLimit: $0.costLimit) }
    }

    /// The sum of the costs held now.
    public var totalCost: Int { storage.withLock { $0.totalCost } }
    /// The number of values held now.
    public var count: Int { storage.withLock { $0.nodes.count - $0.free.count } }
    /// The most the cache holds.
    public var costLimit: Int { storage.withLock { $0.costLimit } }

    /// A doubly linked list in arrays (indices, no per-entry objects), most recent at `head`.
    private struct Storage {
        struct Node {
            var key: Key
            var value: Value?
            var cost: Int
            var previous: Int
            var next: Int
        }

        let costLimit: Int
        var totalCost = 0
        var nodes: [Node] = []
        var free: [Int] = []
        var index: [Key: Int] = [:]
        var head = -1
        var tail = -1

        init(costLimit: Int) { self.costLimit = costLimit }

        mutating func value(forKey key: Key) -> Value? {
            guard let slot = index[key] else { return nil }
            moveToFront(slot)
            return nodes[slot].value
        }

        mutating func insert(_ value: Value, forKey key: Key, cost: Int) {
            remove(key)
            guard cost <= costLimit else { return }
            while totalCost + cost > costLimit, tail >= 0 { remove(nodes[tail].key) }
            let node = Node(key: key, value: value, cost: cost, previous: -1, next: head)
            let slot: Int
            if let reused = free.popLast() {
                slot = reused
                nodes[slot] = node
            } else {
                slot = nodes.count
                nodes.append(node)
            }
            if head >= 0 { nodes[head].previous = slot }
            head = slot
            if tail < 0 { tail = slot }
            index[key] = slot
            totalCost += cost
        }

        mutating func remove(_ key: Key) {
            guard let slot = index.removeValue(forKey: key) else { return }
            unlink(slot)
            totalCost -= nodes[slot].cost
            nodes[slot].value = nil
            free.append(slot)
        }

        private mutating func unlink(_ slot: Int) {
            let previous = nodes[slot].previous, next = nodes[slot].next
            if previous >= 0 { nodes[previous].next = next } else { head = next }
            if next >= 0 { nodes[next].previous = previous } else { tail = previous }
            nodes[slot].previous = -1
            nodes[slot].next = -1
        }

        private mutating func moveToFront(_ slot: Int) {
            guard head != slot else { return }
            unlink(slot)
            nodes[slot].next = head
            if head >= 0 { nodes[head].previous = slot }
            head = slot
            if tail < 0 { tail = slot }
        }
    }
}
