import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import Testing

/// One memory budget per batch: concurrent decodes reserve their large buffers from it and wait for
/// room, instead of each using `DecodingLimits.maxMemoryBytes` (two interlaced 14000² PNGs with
/// `--jobs 2` used to peak at 1.59 GB). Asserted through the budget's own accounting, not timing.
@Suite("Memory budget")
struct MemoryBudgetTests {
    static let side = 1200
    static let frameBytes = side * side * 4

    /// A large but compressible Adam7-interlaced PNG, made with the package's own encoder.
    static func interlacedPNG(shade: UInt8) throws -> [UInt8] {
        let image = RGBAImage(width: side, height: side, filledWith: (shade, 90, 200, 255))
        return try PNGCodec().encode(image, options: EncodeOptions(progressive: true))
    }

    static func thumbnailer(budget: MemoryBudget, maxMemoryBytes: Int) -> Thumbnailer {
        var options = ThumbnailOptions(maxPixelSize: 64)
        options.decoding.limits.maxMemoryBytes = maxMemoryBytes
        options.decoding.limits.memoryBudget = budget
        return Thumbnailer(codecs: CodecRegistry([JPEGCodec(), PNGCodec()]), options: options)
    }

    @Test func concurrentDecodesShareOneBudgetAndWaitForRoom() async throws {
        let inputs = try [10, 20, 30, 40].map { ImageSource.bytes(try Self.interlacedPNG(shade: UInt8($0))) }
        // Each frame fits; two at once would not.
        let budget = MemoryBudget(limitBytes: Self.frameBytes + Self.frameBytes / 2)
        let thumbnailer = Self.thumbnailer(budget: budget, maxMemoryBytes: budget.limitBytes)
        var sizes: [PixelSize] = []
        try await thumbnailer.forEachThumbnail(of: inputs, concurrency: 2) { item in
            sizes.append(try item.result.get().size)
        }
        #expect(sizes == Array(repeating: PixelSize(width: 64, height: 64), count: 4))
        #expect(budget.peakReservedBytes == Self.frameBytes)
        #expect(budget.reservedBytes == 0)
    }

    @Test func anImageThatAloneExceedsTheBudgetFails() throws {
        let budget = MemoryBudget(limitBytes: Self.frameBytes - 1)
        let thumbnailer = Self.thumbnailer(budget: budget, maxMemoryBytes: 1 << 30)
        #expect(throws: ImageError.limitExceeded(.memory(bytes: Self.frameBytes, limit: Self.frameBytes - 1))) {
            try thumbnailer.thumbnail(of: .bytes(try Self.interlacedPNG(shade: 1)))
        }
        #expect(budget.peakReservedBytes == 0)
    }

    @Test func progressiveJPEGCoefficientsAreReserved() throws {
        let image = RGBAImage(width: 640, height: 480, filledWith: (200, 100, 50, 255))
        let jpeg = try JPEGCodec().encode(image, options: EncodeOptions(progressive: true))
        let budget = MemoryBudget(limitBytes: 64 << 20)
        var options = AverageOptions(accuracy: .exact)
        options.decoding.limits.memoryBudget = budget
        let result = try CodecRegistry([JPEGCodec()]).averageColor(of: .bytes(jpeg), options: options)
        #expect(abs(result.color.red - 200) < 2)
        // The whole image's coefficients (640×480 luma + 2 chroma planes at 4:2:0, 2 bytes each) at least.
        #expect(budget.peakReservedBytes >= 640 * 480 * 3)
        #expect(budget.reservedBytes == 0)
    }

    @Test func reservationsAreGivenBackOnce() throws {
        let budget = MemoryBudget(limitBytes: 100)
        let first = try budget.reserve(60)
        #expect(budget.reservedBytes == 60)
        first.release()
        first.release()
        #expect(budget.reservedBytes == 0)
        let second = try budget.reserve(100)
        #expect(throws: ImageError.limitExceeded(.memory(bytes: 101, limit: 100))) { try budget.reserve(101) }
        second.release()
        #expect(budget.peakReservedBytes == 100)
    }
}
