@testable import PixelKit
import Testing

@Suite("Resampling filters and the streaming resampler")
struct ResamplerTests {
    @Test("Kernel values match their published definitions")
    func kernelValues() {
        // Lanczos-3: sinc(x)·sinc(x/3); at 0.5: (2/π)·(sin(π/6)/(π/6)) = 0.63662 × 0.95493.
        #expect(abs(ResamplingFilter.lanczos3.weight(at: 0.5) - 0.607927) < 1e-5)
        #expect(abs(ResamplingFilter.lanczos3.weight(at: 1)) < 1e-12)
        #expect(ResamplingFilter.lanczos3.weight(at: 3.0001) == 0)
        // Mitchell–Netravali B = C = 1/3: k(0) = 8/9, k(1) = 1/18, k(2) = 0 — ratios survive normalisation.
        let mitchell = ResamplingFilter.mitchell
        #expect(abs(mitchell.weight(at: 1) / mitchell.weight(at: 0) - (1.0 / 18) / (8.0 / 9)) < 1e-9)
        #expect(abs(mitchell.weight(at: 2)) < 1e-9)
        #expect(ResamplingFilter.triangle.weight(at: 0.25) == 0.75)
        #expect(ResamplingFilter.box.weight(at: 0.49) == 1 && ResamplingFilter.box.weight(at: 0.5) == 0)
    }

    @Test("Every output pixel's weights sum to 1 and windows move forward", arguments: ResamplingFilter.allCases)
    func weightsAreNormalised(filter: ResamplingFilter) {
        for (input, output) in [(4032, 2000), (2016, 2000), (100, 7), (7, 3), (5, 5), (1, 1), (3, 1), (9, 4)] {
            let weights = ResamplingWeights(inputCount: input, outputCount: output, filter: filter)
            for index in 0..<output {
                let taps = (0..<weights.counts[index]).map { weights.weights[index * weights.stride + $0] }
                #expect(abs(taps.reduce(0, +) - 1) < 1e-5, "\(filter) \(input)→\(output) at \(index)")
                #expect(weights.starts[index] >= 0 && weights.lastInput(of: index) < input)
                if index > 0 { #expect(weights.starts[index] >= weights.starts[index - 1]) }
            }
        }
    }

    @Test("Same size is an exact pass-through for every filter (no resize, no filtering)", arguments: ResamplingFilter.allCases)
    func identity(filter: ResamplingFilter) {
        let image = TestImages.pattern(width: 23, height: 17)
        #expect(ResamplingWeights(inputCount: 23, outputCount: 23, filter: filter).isIdentity)
        for space in ResamplingSpace.allCases {
            #expect(resample(image, to: image.size, filter: filter, space: space) == image)
        }
    }

    @Test("A flat color stays exactly that color", arguments: ResamplingFilter.allCases)
    func flatColor(filter: ResamplingFilter) {
        let image = RGBAImage(width: 61, height: 45, filledWith: (200, 30, 99, 255))
        for space in ResamplingSpace.allCases {
            let small = resample(image, to: PixelSize(width: 13, height: 10), filter: filter, space: space)
            #expect(small == RGBAImage(width: 13, height: 10, filledWith: (200, 30, 99, 255)), "\(space)")
        }
    }

    @Test("A 2× box reduction in gamma space is the mean of each 2×2 block")
    func boxReductionIsBlockMean() {
        let image = TestImages.pattern(width: 40, height: 30)
        let small = resample(image, to: PixelSize(width: 20, height: 15), filter: .box, space: .gamma)
        for y in 0..<15 {
            for x in 0..<20 {
                for channel in 0..<3 {
                    let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map {
                        Double(TestImages.pixel(image, 2 * x + $0.0, 2 * y + $0.1)[channel])
                    }
                    let mean = block.reduce(0, +) / 4
                    #expect(abs(Double(TestImages.pixel(small, x, y)[channel]) - mean) <= 0.5 + 1e-9)
                }
            }
        }
    }

    @Test("Black and white mix to the grey they look like in linear light, to 50% in gamma space")
    func linearLightMixing() {
        var pixels: [UInt8] = []
        for y in 0..<16 { for x in 0..<16 { let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255; pixels += [v, v, v, 255] } }
        let checkerboard = RGBAImage(width: 16, height: 16, pixels: pixels)
        let linear = resample(checkerboard, to: PixelSize(width: 4, height: 4), filter: .box, space: .linear)
        let gamma = resample(checkerboard, to: PixelSize(width: 4, height: 4), filter: .box, space: .gamma)
        // sRGB encoding of linear 0.5 is 0.7354 → 187.5 of 255.
        #expect(TestImages.pixel(linear, 1, 1) == [188, 188, 188, 255])
        #expect([127, 128].contains(TestImages.pixel(gamma, 1, 1)[0]))
    }

    @Test("Streaming output equals a direct two-dimensional resize", arguments: [ResamplingFilter.triangle, .lanczos3, .mitchell])
    func matchesDirectResize(filter: ResamplingFilter) {
        let image = TestImages.pattern(width: 37, height: 29)
        for target in [PixelSize(width: 11, height: 9), PixelSize(width: 30, height: 7), PixelSize(width: 36, height: 28)] {
            let streamed = resample(image, to: target, filter: filter, space: .gamma)
            let direct = directResize(image, to: target, filter: filter)
            var worst = 0.0
            for index in streamed.pixels.indices { worst = max(worst, abs(Double(streamed.pixels[index]) - direct[index])) }
            #expect(worst <= 0.51, "\(filter) → \(target): off by \(worst)")
        }
    }

    @Test("Orientation is applied while placing rows", arguments: ImageOrientation.allCases)
    func orientation(orientation: ImageOrientation) {
        let image = TestImages.pattern(width: 9, height: 5)
        var resampler = Resampler(outputSize: image.size, orientation: orientation)
        image.send(to: &resampler)
        let expected = TestImages.upright(image, orientation)
        #expect(resampler.makeImage() == expected)
        #expect(image.applyingOrientation(orientation) == expected)
    }

    @Test("Transparent pixels don't bleed their color into opaque neighbours")
    func premultipliedAlpha() {
        // Left half opaque blue, right half fully transparent "red".
        var pixels: [UInt8] = []
        for _ in 0..<8 { for x in 0..<16 { pixels += x < 8 ? [0, 0, 255, 255] : [255, 0, 0, 0] } }
        let image = RGBAImage(width: 16, height: 8, pixels: pixels)
        for space in ResamplingSpace.allCases {
            let small = resample(image, to: PixelSize(width: 5, height: 2), filter: .lanczos3, space: space, premultiplies: true)
            for x in 0..<5 {
                let pixel = TestImages.pixel(small, x, 0)
                if pixel[3] > 0 { #expect(pixel[0] == 0 && pixel[2] == 255, "\(space) x=\(x): \(pixel)") }
            }
            #expect(TestImages.pixel(small, 0, 0)[3] > 200 && TestImages.pixel(small, 4, 0)[3] < 55)
        }
    }

    @Test("Rows never delivered repeat the last row received")
    func earlyStop() {
        let image = RGBAImage(width: 10, height: 10, filledWith: (10, 20, 30, 255))
        var resampler = Resampler(outputSize: PixelSize(width: 5, height: 5), filter: .triangle)
        resampler.begin(size: image.size)
        image.forEachRow { row in if row.y < 3 { resampler.consume(row) } }
        #expect(resampler.makeImage() == RGBAImage(width: 5, height: 5, filledWith: (10, 20, 30, 255)))

        var empty = Resampler(outputSize: PixelSize(width: 3, height: 2))
        empty.begin(size: image.size)
        #expect(empty.makeImage() == RGBAImage(width: 3, height: 2))
    }

    /// An encoder whose "file" is the rows it was given, checked to arrive in order.
    final class RowCollector: ImageRowEncoder {
        var bytes: [UInt8] = []
        var nextRow = 0
        func consume(_ row: PixelRow) throws(ImageError) {
            guard row.y == nextRow else { throw .encodingFailed(format: .png, message: "row \(row.y) came after \(nextRow - 1)") }
            bytes += row.pixels
            nextRow += 1
        }
        func finish() throws(ImageError) -> [UInt8] { bytes }
    }

    @Test("A streaming resampler hands out the image's rows in order, however often it is drained, also after an early stop",
          arguments: [(14, 1), (14, 5), (9, 3), (1, 2), (0, 1)], [PixelSize(width: 5, height: 4), PixelSize(width: 12, height: 14)])
    func streamedRows(delivered: (rows: Int, drainEvery: Int), size: PixelSize) throws {
        let image = TestImages.pattern(width: 12, height: 14)
        var plain = Resampler(outputSize: size, filter: .lanczos3)
        var streaming = Resampler(outputSize: size, filter: .lanczos3)
        streaming.streamRows()
        plain.begin(size: image.size)
        streaming.begin(size: image.size)
        let collector = RowCollector()
        func drain() { streaming.takeFinishedRows { row in #expect(throws: Never.self) { try collector.consume(row) } } }
        image.forEachRow { row in
            guard row.y < delivered.rows else { return }
            plain.consume(row)
            streaming.consume(row)
            if row.y % delivered.drainEvery == 0 { drain() }
        }
        streaming.completeRows()
        drain()
        #expect(collector.bytes == plain.makeImage().pixels)
    }

    @Test("Rows resampled on a second core reach a row encoder in order, whatever the chunking", arguments: [1, 31, 32, 33, 200])
    func overlappedRowEncoding(height: Int) throws {
        let image = TestImages.pattern(width: 45, height: height)
        let size = PixelSize(width: 20, height: max(1, height / 3))
        var plain = Resampler(outputSize: size)
        image.send(to: &plain)
        var overlapped = OverlappedResampling(Resampler(outputSize: size), encodingRowsWith: RowCollector())
        image.send(to: &overlapped)
        #expect(try overlapped.finishEncoding() == plain.makeImage().pixels)
    }

    @Test("Resampling on a second core gives exactly the same image, whatever the chunking", arguments: [1, 31, 32, 33, 200])
    func overlappedResampling(height: Int) {
        let image = TestImages.pattern(width: 45, height: height)
        let size = PixelSize(width: 20, height: max(1, height / 3))
        var plain = Resampler(outputSize: size, orientation: .right)
        image.send(to: &plain)
        var overlapped = OverlappedResampling(Resampler(outputSize: size, orientation: .right))
        image.send(to: &overlapped)
        #expect(overlapped.makeImage() == plain.makeImage())
    }

    // MARK: Helpers

    private func resample(
        _ image: RGBAImage, to size: PixelSize, filter: ResamplingFilter, space: ResamplingSpace, premultiplies: Bool = false
    ) -> RGBAImage {
        var resampler = Resampler(outputSize: size, filter: filter, space: space, premultipliesAlpha: premultiplies)
        image.send(to: &resampler)
        return resampler.makeImage()
    }

    /// out(i, j) = Σ wx(i, x)·wy(j, y)·in(x, y) with Pillow's tap placement, in Double, whole image at once.
    private func directResize(_ image: RGBAImage, to size: PixelSize, filter: ResamplingFilter) -> [Double] {
        func taps(_ input: Int, _ output: Int) -> [[(Int, Double)]] {
            let scale = Double(input) / Double(output), stretch = max(scale, 1)
            return (0..<output).map { index in
                let center = (Double(index) + 0.5) * scale
                let radius = filter.support * stretch
                let low = max(0, Int((center - radius + 0.5).rounded(.down)))
                let high = min(input, Int((center + radius + 0.5).rounded(.down)))
                let raw = (low..<high).map { ($0, filter.weight(at: (Double($0) + 0.5 - center) / stretch)) }
                let total = raw.reduce(0) { $0 + $1.1 }
                return raw.map { ($0.0, $0.1 / total) }
            }
        }
        let columns = taps(image.width, size.width), rows = taps(image.height, size.height)
        var result: [Double] = []
        for j in 0..<size.height {
            for i in 0..<size.width {
                var sums = [0.0, 0.0, 0.0, 0.0]
                for (y, wy) in rows[j] {
                    for (x, wx) in columns[i] {
                        let pixel = TestImages.pixel(image, x, y)
                        for channel in 0..<4 { sums[channel] += wx * wy * Double(pixel[channel]) }
                    }
                }
                result += sums.map { min(max($0, 0), 255) }
            }
        }
        return result
    }
}
