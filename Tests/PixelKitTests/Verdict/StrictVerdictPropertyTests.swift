import PixelKit
import PixelKitTestSupport
import PropertyBased
import Testing

/// The one-verdict rule as a property: real files, mutated (bytes flipped, cut short, a stretch
/// duplicated), get the same strict verdict — success or failure — from every fast entry point
/// (fast average, 32-pixel thumbnail, a decode with a tiny minimum size as BlurHash asks for) as
/// from the exact average, a full-size strict decode. Fixed seed, bounded counts.
@Suite("One verdict: strict fast and exact agree on mutated files")
struct StrictVerdictPropertyTests {
    enum Input: String, CaseIterable, Sendable {
        case baselineJPEG, progressiveJPEG, png, interlacedPNG, lossyWebP, losslessWebP, heicWithThumbnail

        var bytes: [UInt8] {
            get throws {
                switch self {
                case .baselineJPEG: VerdictInputs.baselineJPEG
                case .progressiveJPEG: VerdictInputs.progressiveJPEG
                case .png: try Fixtures.bytes("photos/camera.png")
                case .interlacedPNG: try Fixtures.bytes("pngsuite/basi2c08.png")
                case .lossyWebP: try Fixtures.bytes("webp/lossy_alpha1.webp")
                case .losslessWebP: try Fixtures.bytes("webp/lossless1.webp")
                case .heicWithThumbnail: try Fixtures.bytes("heif/colors-no-alpha-thumbnail.heic")
                }
            }
        }

        /// Mutations checked per input: the large baseline JPEG's exact decode is the slow one.
        var count: Int { self == .baselineJPEG ? 12 : 30 }
    }

    /// How a file is damaged.
    enum Mutation: CaseIterable {
        case flipBytes, truncate, duplicateStretch
    }

    /// `bytes` damaged by `mutation` at places drawn from `seed` (past the first 16 bytes, so that
    /// the codec still recognises the file and its verdict is the decoder's, not the registry's).
    static func mutate(_ bytes: [UInt8], _ mutation: Mutation, seed: UInt64) -> [UInt8] {
        let noise = JPEGTesting.randomBytes(count: 16, seed: seed)
        func position(_ at: Int) -> Int {
            let value = noise[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            return 16 + value % max(1, bytes.count - 16)
        }
        var mutated = bytes
        switch mutation {
        case .flipBytes:
            for index in 0..<(1 + Int(noise[12] % 4)) {
                mutated[position(index * 3 % 12)] ^= max(1, noise[13 + index % 3])
            }
        case .truncate:
            mutated.removeSubrange(position(0)...)
        case .duplicateStretch:
            let start = position(0)
            let stretch = bytes[start..<min(bytes.count, start + 1 + Int(noise[12]) * 64)]
            mutated.insert(contentsOf: stretch, at: position(4))
        }
        return mutated
    }

    /// The cases are drawn by PropertyBased's generators from a fixed Xoshiro seed (not its
    /// `fixedSeed` trait, which is for replaying a failure and reports a passing run as an issue),
    /// so every run checks the same mutations.
    @Test(arguments: Input.allCases)
    func fastAndExactStrictVerdictsAgree(_ input: Input) throws {
        let original = try input.bytes
        try #require(!original.isEmpty)
        var random = Xoshiro(seed: (0x5EED_0027, UInt64(input.rawValue.utf8.count), 3, 4))
        let mutations = Gen.int(in: 0...(Mutation.allCases.count - 1))
        let seeds = Gen.uint64(in: 0...UInt64.max)
        for _ in 0..<input.count {
            let mutation = Mutation.allCases[mutations.run(using: &random)]
            let seed = seeds.run(using: &random)
            let bytes = Self.mutate(original, mutation, seed: seed)
            let exact = StrictVerdict.exact(bytes)
            for (name, fast) in StrictVerdict.fastVerdicts(bytes) {
                #expect(
                    (fast == nil) == (exact == nil),
                    "\(input) \(mutation) seed \(seed), \(name): fast \(String(describing: fast)), exact \(String(describing: exact))")
            }
        }
    }
}
