import NIOCore
import Testing
@testable import ImageServiceCore

@Suite("Thumbnail cache")
struct ThumbnailCacheTests {
    static let id = ImageID(String(repeating: "ab", count: 32))!
    static func key(_ size: Int) -> ThumbnailKey { ThumbnailKey(id: id, size: size) }
    static func bytes(_ count: Int, _ value: UInt8) -> ByteBuffer { ByteBuffer(bytes: [UInt8](repeating: value, count: count)) }

    @Test("past its budget the cache evicts the least recently used thumbnails, and refuses one larger than the budget")
    func evictsLeastRecentlyUsed() {
        let cache = ThumbnailCache(capacityBytes: 100)
        cache.insert(Self.bytes(40, 1), for: Self.key(1))
        cache.insert(Self.bytes(40, 2), for: Self.key(2))
        #expect(cache.bytes(for: Self.key(1)) == Self.bytes(40, 1)) // 1 is now newer than 2
        cache.insert(Self.bytes(40, 3), for: Self.key(3))            // 120 > 100: 2 goes
        #expect(cache.bytes(for: Self.key(2)) == nil)
        #expect(cache.usage == (count: 2, bytes: 80))
        cache.insert(Self.bytes(60, 4), for: Self.key(4))            // 140 > 100: 1 goes (3 is newer), then 100 fits
        #expect(cache.bytes(for: Self.key(1)) == nil)
        #expect(cache.bytes(for: Self.key(3)) == Self.bytes(40, 3))
        #expect(cache.bytes(for: Self.key(4)) == Self.bytes(60, 4))
        #expect(cache.usage == (count: 2, bytes: 100))
        cache.insert(Self.bytes(101, 5), for: Self.key(5))
        #expect(cache.bytes(for: Self.key(5)) == nil)
        #expect(cache.usage == (count: 2, bytes: 100))
        // Slots freed by evictions are reused and the chain stays whole.
        for size in 10..<30 { cache.insert(Self.bytes(10, UInt8(size)), for: Self.key(size)) }
        #expect(cache.usage == (count: 10, bytes: 100))
        for size in 20..<30 { #expect(cache.bytes(for: Self.key(size)) == Self.bytes(10, UInt8(size))) }
    }

    @Test("a cache of 0 bytes keeps nothing")
    func disabled() {
        let cache = ThumbnailCache(capacityBytes: 0)
        cache.insert(Self.bytes(1, 1), for: Self.key(1))
        #expect(cache.bytes(for: Self.key(1)) == nil)
        #expect(cache.usage == (count: 0, bytes: 0))
    }
}
