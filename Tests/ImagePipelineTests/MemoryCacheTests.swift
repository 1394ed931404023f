import ImagePipeline
import PropertyBased
import Testing

@Suite("Memory cache: cost-bounded LRU")
struct MemoryCacheTests {
    @Test("Random inserts and reads never take the cache over its limit, and what it holds is what was inserted last")
    func neverOverLimit() async {
        await propertyCheck(input: Gen.int(in: 0...2000).array(of: 1...300), Gen.int(in: 1...5000)) { costs, limit in
            let cache = MemoryCache<Int, Int>(costLimit: limit)
            var latest: [Int: Int] = [:]
            for (step, cost) in costs.enumerated() {
                let key = cost % 37
                cache.insert(step, forKey: key, cost: cost)
                latest[key] = step
                #expect(cache.totalCost <= limit)
                if step % 3 == 0 { _ = cache.value(forKey: (step * 7) % 37) }
            }
            for key in 0..<37 {
                if let value = cache.value(forKey: key) { #expect(value == latest[key]) }
            }
        }
    }

    @Test("The least recently used entry is evicted first; one costing more than the limit is not kept")
    func evictionOrder() {
        let cache = MemoryCache<String, Int>(costLimit: 100)
        cache.insert(1, forKey: "a", cost: 40)
        cache.insert(2, forKey: "b", cost: 40)
        #expect(cache.value(forKey: "a") == 1)
        cache.insert(3, forKey: "c", cost: 40)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.value(forKey: "a") == 1 && cache.value(forKey: "c") == 3)
        #expect(cache.totalCost == 80)
        cache.insert(4, forKey: "huge", cost: 101)
        #expect(cache.value(forKey: "huge") == nil && cache.totalCost == 80)
        cache.insert(5, forKey: "a", cost: 10)
        #expect(cache.totalCost == 50 && cache.count == 2)
    }

    @Test("Concurrent use from many tasks keeps the total within the limit")
    func concurrentUse() async {
        let cache = MemoryCache<Int, [UInt8]>(costLimit: 10_000)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var generator = SystemRandomNumberGenerator()
                    for step in 0..<2000 {
                        let cost = Int.random(in: 0...3000, using: &generator)
                        cache.insert([UInt8](repeating: 0, count: 1), forKey: (worker * 31 + step) % 97, cost: cost)
                        _ = cache.value(forKey: step % 97)
                    }
                }
            }
        }
        #expect(cache.totalCost <= 10_000)
    }
}
