import Layout
import Testing

/// The generator must be SplitMix64 bit for bit, or layouts differ between implementations.
@Suite struct SplitMix64Tests {
    @Test func matchesTheRosettaCodeReferenceOutputsForSeed1234567() {
        // Rosetta Code, "Pseudo-random numbers/Splitmix64", task statement.
        var generator = SplitMix64(seed: 1_234_567)
        let outputs = (0..<5).map { _ in generator.next() }
        #expect(outputs == [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ])
    }

    @Test func matchesVignasReferenceOutputsForSeedZero() {
        // splitmix64.c with state 0, as quoted by many independent ports.
        var generator = SplitMix64(seed: 0)
        let outputs = (0..<3).map { _ in generator.next() }
        #expect(outputs == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func boundedDrawsMatchTheRosettaCodeFloorOfFloatTimesFiveCounts() {
        // Rosetta Code: seed 987654321, 100 000 × ⌊next_float() · 5⌋ gives these counts. Our bounded
        // mapping is ⌊next() · 5 / 2⁶⁴⌋, the same quantity computed exactly.
        var generator = SplitMix64(seed: 987_654_321)
        var counts = [0, 0, 0, 0, 0]
        for _ in 0..<100_000 { counts[generator.next(below: 5)] += 1 }
        #expect(counts == [20027, 19892, 20073, 19978, 20030])
    }

    @Test func boundOfOneDrawsNothing() {
        var generator = SplitMix64(seed: 7)
        #expect(generator.next(below: 1) == 0)
        #expect(generator.next(below: 0) == 0)
        #expect(generator == SplitMix64(seed: 7))
    }

    @Test func shuffleIsAPermutationAndFollowsFisherYatesFromTheTop() {
        var generator = SplitMix64(seed: 99)
        var replay = generator
        var shuffled = Array(0..<20)
        generator.shuffle(&shuffled)
        #expect(shuffled.sorted() == Array(0..<20))

        // The same swaps done by hand from the documented definition.
        var expected = Array(0..<20)
        for position in stride(from: 19, through: 1, by: -1) {
            let product = replay.next().multipliedFullWidth(by: UInt64(position + 1))
            expected.swapAt(position, Int(product.high))
        }
        #expect(shuffled == expected)
    }
}
