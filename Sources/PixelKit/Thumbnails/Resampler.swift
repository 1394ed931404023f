/// A `RowSink` that resizes an image while it is being decoded, and places the result upright.
///
/// Each incoming row is converted to floating point (linear light or gamma, see
/// `ResamplingSpace`) and filtered horizontally straight away; a sliding window of those
/// filtered rows (as many as the vertical kernel spans) yields each output row as soon as its
/// last input row has arrived. Working memory is therefore O(input width + output width × taps)
/// plus the RGBA8 output itself — never the decoded image.
///
/// ```swift
/// var resampler = Resampler(outputSize: PixelSize(width: 400, height: 300), orientation: info.orientation)
/// _ = try codecs.decode(.file(path: "photo.jpg"), into: &resampler)
/// let small = resampler.makeImage()   // 300×400 if the photo was stored sideways
/// ```
public struct Resampler: RowSink, Sendable {
    /// Size of the result before orientation, in pixels.
    public let outputSize: PixelSize
    /// The kernel used in both directions.
    public let filter: ResamplingFilter
    /// The light scale samples are mixed in.
    public let space: ResamplingSpace
    /// Whether colors are weighted by alpha while mixing (needed for images with transparency;
    /// wasted work for opaque ones).
    public let premultipliesAlpha: Bool
    /// The transform applied to the result (`.up`: none).
    public let orientation: ImageOrientation
    /// Size of the rows being received (set by `begin(size:)`).
    private(set) var inputSize: PixelSize?
    /// The source's color conversion, done while mixing (rows then arrive in the source's colors).
    private let colorConversion: FoldedColorConversion?
    /// Each 8-bit sample's value in the mixing space: red at 0…255, green at 256…511, blue at 512…767.
    private let inputTable: [Float]

    private let map: OrientationMap
    private var horizontal: ResamplingWeights?
    private var vertical: ResamplingWeights?
    /// For each output row, the input row after which it can be computed.
    private var readyAfter: [Int] = []
    /// Horizontally filtered input rows, `windowRows` slots of `outputSize.width` pixels.
    private var window: [SIMD4<Float>] = []
    private var windowRows = 0
    /// One input row in floating point.
    private var inputScratch: [SIMD4<Float>] = []
    /// One output row before encoding to 8 bits.
    private var rowSums: [SIMD4<Float>] = []
    /// One output row as RGBA8 (also keeps the last row for a pass-through resize).
    private var outputRow: [UInt8] = []
    private var canvas: [UInt8] = []
    /// False once `streamRows()` was called: output rows wait in `pendingRows` for
    /// `takeFinishedRows` instead of filling `canvas`, so the output image never exists.
    private var keepsImage = true
    private var pendingRows: [UInt8] = []
    private var passesThrough = false
    private var receivedRows = 0
    private var emittedRows = 0

    /// A resampler to `outputSize`, turned by `orientation`.
    /// - Parameters:
    ///   - outputSize: Size of the resized image before orientation; both sides ≥ 1.
    ///   - filter: The kernel used in both directions.
    ///   - space: The light scale samples are mixed in.
    ///   - premultipliesAlpha: Weight colors by alpha while mixing, so transparent pixels do not
    ///     bleed their stored color (`false` saves the work for opaque images).
    ///   - orientation: Applied while placing output rows, so no second buffer is needed.
    public init(
        outputSize: PixelSize, filter: ResamplingFilter = .lanczos3, space: ResamplingSpace = .linear,
        premultipliesAlpha: Bool = true, orientation: ImageOrientation = .up
    ) {
        self.init(outputSize: outputSize, filter: filter, space: space, premultipliesAlpha: premultipliesAlpha, orientation: orientation, colorConversion: nil)
    }

    /// A resampler that also converts the rows' colors (`colorConversion`, in linear light only).
    init(
        outputSize: PixelSize, filter: ResamplingFilter, space: ResamplingSpace,
        premultipliesAlpha: Bool, orientation: ImageOrientation, colorConversion: FoldedColorConversion?
    ) {
        precondition(outputSize.width > 0 && outputSize.height > 0, "Resampler output must not be empty")
        precondition(colorConversion == nil || space == .linear, "colors are converted in linear light")
        self.outputSize = outputSize
        self.filter = filter
        self.space = space
        self.premultipliesAlpha = premultipliesAlpha
        self.orientation = orientation
        self.map = OrientationMap(orientation, storedSize: outputSize)
        self.colorConversion = colorConversion
        inputTable = colorConversion?.linearization ?? (space == .linear ? ResamplingTables.linearFromSRGB : ResamplingTables.unitFromByte)
    }

    /// Prepares the filter taps and buffers for rows of `size` (an empty size is ignored).
    public mutating func begin(size: PixelSize) {
        guard size.width > 0, size.height > 0 else { return }
        inputSize = size
        let horizontal = ResamplingWeights(inputCount: size.width, outputCount: outputSize.width, filter: filter)
        let vertical = ResamplingWeights(inputCount: size.height, outputCount: outputSize.height, filter: filter)
        passesThrough = horizontal.isIdentity && vertical.isIdentity
        // Not zeroed: every row is written, by `consume` or by `makeImage` (which zeroes an image that got no rows).
        canvas = keepsImage ? [UInt8](unsafeUninitializedCapacity: outputSize.pixelCount * 4) { _, count in count = outputSize.pixelCount * 4 } : []
        pendingRows.removeAll(keepingCapacity: true)
        outputRow = [UInt8](repeating: 0, count: outputSize.width * 4)
        receivedRows = 0
        emittedRows = 0
        if !passesThrough {
            var ready: [Int] = []
            ready.reserveCapacity(outputSize.height)
            var latest = 0
            var span = 1
            for row in 0..<outputSize.height {
                latest = max(latest, vertical.lastInput(of: row))
                ready.append(latest)
                span = max(span, latest - vertical.starts[row] + 1)
            }
            readyAfter = ready
            windowRows = span
            window = [SIMD4<Float>](repeating: .zero, count: span * outputSize.width)
            inputScratch = [SIMD4<Float>](repeating: .zero, count: size.width)
            rowSums = [SIMD4<Float>](repeating: .zero, count: outputSize.width)
        }
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Filters one row; rows beyond the announced height, or too short, are ignored.
    public mutating func consume(_ row: PixelRow) {
        guard let inputSize, receivedRows < inputSize.height, row.pixels.count >= inputSize.width * 4 else { return }
        if passesThrough {
            let pixels = UnsafeBufferPointer(rebasing: row.pixels[0..<outputSize.width * 4])
            outputRow.withUnsafeMutableBufferPointer { output in
                if let colorConversion {
                    colorConversion.transform.convert(pixels, into: output)
                } else {
                    _ = output.initialize(fromContentsOf: pixels)
                }
            }
            placeOutputRow(receivedRows)
            receivedRows += 1
            emittedRows = receivedRows
            return
        }
        convert(row.pixels)
        filterHorizontally(intoSlot: receivedRows % windowRows)
        receivedRows += 1
        emitReadyRows()
    }

    /// The resized, oriented image. Rows a decoder never delivered (after an early stop) repeat
    /// the last row received; an image that received no rows at all is transparent black.
    public mutating func makeImage() -> RGBAImage {
        precondition(keepsImage, "a resampler that streams its rows keeps no image")
        completeRows()
        if receivedRows == 0 { canvas = [UInt8](repeating: 0, count: outputSize.pixelCount * 4) }
        return RGBAImage(width: map.uprightSize.width, height: map.uprightSize.height, pixels: canvas)
    }

    /// Emits the rows a decoder never delivered (after an early stop, or none at all), as `makeImage`
    /// describes; a streaming resampler that received nothing emits transparent black rows.
    mutating func completeRows() {
        if !keepsImage && receivedRows == 0 {
            pendingRows = [UInt8](repeating: 0, count: outputSize.pixelCount * 4)
            emittedRows = outputSize.height
        }
        if let inputSize, receivedRows > 0 {
            if passesThrough {
                // `outputRow` still holds the last row received.
                while emittedRows < outputSize.height {
                    placeOutputRow(emittedRows)
                    emittedRows += 1
                }
            } else {
                let width = outputSize.width
                while receivedRows < inputSize.height {
                    let last = (receivedRows - 1) % windowRows
                    let next = receivedRows % windowRows
                    window.withUnsafeMutableBufferPointer { slots in
                        for x in 0..<width { slots[next * width + x] = slots[last * width + x] }
                    }
                    receivedRows += 1
                    emitReadyRows()
                }
            }
        }
    }

    /// Makes the resampler hand out its rows (`takeFinishedRows`) instead of keeping the image: for
    /// rows that are not turned, before `begin`.
    mutating func streamRows() {
        precondition(orientation == .up && inputSize == nil, "only unturned rows stream, from the start")
        keepsImage = false
    }

    /// Lends the rows finished since the last call to `body`, top to bottom, and forgets them.
    mutating func takeFinishedRows(_ body: (PixelRow) -> Void) {
        let stride = outputSize.width * 4
        let first = emittedRows - pendingRows.count / stride
        pendingRows.withUnsafeBufferPointer { rows in
            for index in 0..<rows.count / stride {
                body(PixelRow(y: first + index, pixels: UnsafeBufferPointer(rebasing: rows[index * stride..<(index + 1) * stride])))
            }
        }
        pendingRows.removeAll(keepingCapacity: true)
    }

    // MARK: - Steps

    /// RGBA8 → floating point in `inputScratch` (premultiplied when asked).
    private mutating func convert(_ pixels: UnsafeBufferPointer<UInt8>) {
        let premultiplies = premultipliesAlpha
        inputScratch.withUnsafeMutableBufferPointer { scratch in
            inputTable.withUnsafeBufferPointer { table in
                let alphaScale: Float = 1 / 255
                for x in 0..<scratch.count {
                    let p = x * 4
                    let alpha = Float(pixels[p + 3]) * alphaScale
                    var value = SIMD4(
                        table[Int(pixels[p])], table[256 &+ Int(pixels[p + 1])], table[512 &+ Int(pixels[p + 2])], alpha)
                    if premultiplies { value *= SIMD4(alpha, alpha, alpha, 1) }
                    scratch[x] = value
                }
            }
        }
    }

    private mutating func filterHorizontally(intoSlot slot: Int) {
        guard let horizontal else { return }
        let width = outputSize.width
        let taps = horizontal.stride
        inputScratch.withUnsafeBufferPointer { input in
            window.withUnsafeMutableBufferPointer { window in
                horizontal.windowStarts.withUnsafeBufferPointer { starts in
                    horizontal.windowWeights.withUnsafeBufferPointer { weights in
                        let input = input.baseAddress!, starts = starts.baseAddress!, weights = weights.baseAddress!
                        let output = window.baseAddress! + slot * width
                        // A literal tap count lets the compiler unroll the inner loop for the common sizes.
                        switch taps {
                        case 1: Self.filterRow(taps: 1, input, starts, weights, output, width)
                        case 2: Self.filterRow(taps: 2, input, starts, weights, output, width)
                        case 3: Self.filterRow(taps: 3, input, starts, weights, output, width)
                        case 4: Self.filterRow(taps: 4, input, starts, weights, output, width)
                        case 5: Self.filterRow(taps: 5, input, starts, weights, output, width)
                        case 6: Self.filterRow(taps: 6, input, starts, weights, output, width)
                        case 7: Self.filterRow(taps: 7, input, starts, weights, output, width)
                        case 8: Self.filterRow(taps: 8, input, starts, weights, output, width)
                        default: Self.filterRow(taps: taps, input, starts, weights, output, width)
                        }
                    }
                }
            }
        }
    }

    /// `output[x] = Σ weights[x·taps + k] · input[starts[x] + k]` for k < taps.
    @inline(__always)
    private static func filterRow(
        taps: Int, _ input: UnsafePointer<SIMD4<Float>>, _ starts: UnsafePointer<Int>, _ weights: UnsafePointer<Float>,
        _ output: UnsafeMutablePointer<SIMD4<Float>>, _ width: Int
    ) {
        for x in 0..<width {
            let source = input + starts[x]
            let tapWeights = weights + x * taps
            var sum = source[0] * tapWeights[0]
            for tap in 1..<max(taps, 1) { sum += source[tap] * tapWeights[tap] }
            output[x] = sum
        }
    }

    private mutating func emitReadyRows() {
        while emittedRows < outputSize.height, readyAfter[emittedRows] < receivedRows {
            filterVertically(emittedRows)
            placeOutputRow(emittedRows)
            emittedRows += 1
        }
    }

    /// Mixes the window rows that output row `row` reads and converts the result to RGBA8 in `outputRow`.
    private mutating func filterVertically(_ row: Int) {
        guard let vertical else { return }
        let width = outputSize.width
        let first = vertical.starts[row]
        let count = vertical.counts[row]
        let slots = windowRows
        let taps = vertical.weights[(row * vertical.stride)..<(row * vertical.stride + count)]
        window.withUnsafeBufferPointer { window in
            rowSums.withUnsafeMutableBufferPointer { sums in
                taps.withUnsafeBufferPointer { weights in
                    withUnsafeTemporaryAllocation(of: UnsafePointer<SIMD4<Float>>.self, capacity: count) { rows in
                        for tap in 0..<count { rows[tap] = window.baseAddress! + ((first + tap) % slots) * width }
                        let rows = UnsafePointer(rows.baseAddress!), weights = weights.baseAddress!, sums = sums.baseAddress!
                        // A literal tap count lets the compiler unroll the inner loop for the common sizes.
                        switch count {
                        case 1: Self.mixRows(taps: 1, rows, weights, sums, width)
                        case 2: Self.mixRows(taps: 2, rows, weights, sums, width)
                        case 3: Self.mixRows(taps: 3, rows, weights, sums, width)
                        case 4: Self.mixRows(taps: 4, rows, weights, sums, width)
                        case 5: Self.mixRows(taps: 5, rows, weights, sums, width)
                        case 6: Self.mixRows(taps: 6, rows, weights, sums, width)
                        case 7: Self.mixRows(taps: 7, rows, weights, sums, width)
                        case 8: Self.mixRows(taps: 8, rows, weights, sums, width)
                        default: Self.mixRows(taps: count, rows, weights, sums, width)
                        }
                    }
                }
            }
        }
        encodeRowSums()
    }

    /// `sums[x] = Σ weights[k] · rows[k][x]` for k < taps.
    @inline(__always)
    private static func mixRows(
        taps: Int, _ rows: UnsafePointer<UnsafePointer<SIMD4<Float>>>, _ weights: UnsafePointer<Float>,
        _ sums: UnsafeMutablePointer<SIMD4<Float>>, _ width: Int
    ) {
        for x in 0..<width {
            var sum = rows[0][x] * weights[0]
            for tap in 1..<max(taps, 1) { sum += rows[tap][x] * weights[tap] }
            sums[x] = sum
        }
    }

    /// `rowSums` (0…1, premultiplied when asked) → RGBA8 in `outputRow`, through the color
    /// conversion when there is one (after unpremultiplying: the matrix mixes colors, not alpha).
    ///
    /// Ringing filters overshoot 0…1, so each pixel is clamped as four float lanes first; rounding
    /// then uses the float trick: adding 1.5·2²³ leaves round-to-nearest(v) in the low mantissa
    /// bits, so four lanes convert at once without Float→Int range checks. Each pixel is stored as
    /// one 32-bit word.
    private mutating func encodeRowSums() {
        let encodesLinear = space == .linear
        let top = Float(encodesLinear ? ResamplingTables.encodeSteps : 255)
        let scale = SIMD4<Float>(top, top, top, 255)
        if premultipliesAlpha { rowSums.withUnsafeMutableBufferPointer(Self.unpremultiply) }
        if let colorConversion {
            rowSums.withUnsafeMutableBufferPointer { sums in
                for x in sums.indices { sums[x] = colorConversion.convert(sums[x]) }
            }
        }
        rowSums.withUnsafeBufferPointer { sums in
            outputRow.withUnsafeMutableBytes { output in
                let count = sums.count, sums = sums.baseAddress!, output = output.baseAddress!
                if encodesLinear {
                    ResamplingTables.sRGBFromLinear.withUnsafeBufferPointer { encode in
                        let encode = encode.baseAddress!
                        for x in 0..<count {
                            let level = Self.roundedLevels(sums[x], scale: scale)
                            let word = Self.packed(
                                UInt32(encode[Int(level[0])]), UInt32(encode[Int(level[1])]), UInt32(encode[Int(level[2])]),
                                UInt32(truncatingIfNeeded: level[3]))
                            output.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
                        }
                    }
                } else {
                    for x in 0..<count {
                        let level = SIMD4<UInt32>(truncatingIfNeeded: Self.roundedLevels(sums[x], scale: scale))
                        output.storeBytes(of: Self.packed(level[0], level[1], level[2], level[3]), toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// `value` clamped to 0…1, times `scale`, rounded to the nearest integer in each lane.
    @inline(__always)
    private static func roundedLevels(_ value: SIMD4<Float>, scale: SIMD4<Float>) -> SIMD4<Int32> {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        // Mask-and-replace compiles to compare and blend instructions (`clamped` goes lane by lane).
        // "Not ≥ 0" also catches NaN, so the result always indexes inside the encoding table.
        let nonNegative = value.replacing(with: 0, where: .!(value .>= 0))
        let clamped = nonNegative.replacing(with: 1, where: nonNegative .> 1)
        return unsafeBitCast(clamped * scale + magic, to: SIMD4<Int32>.self) &- SIMD4(repeating: 0x4B40_0000)
    }

    /// Four 8-bit samples as the bytes R, G, B, A in memory order.
    @inline(__always)
    private static func packed(_ red: UInt32, _ green: UInt32, _ blue: UInt32, _ alpha: UInt32) -> UInt32 {
        (red | green << 8 | blue << 16 | alpha << 24).littleEndian
    }

    /// Divides premultiplied colors by their alpha (clamped to 0…1); fully transparent pixels become zero.
    private static func unpremultiply(_ sums: inout UnsafeMutableBufferPointer<SIMD4<Float>>) {
        for x in sums.indices {
            let alpha = min(max(sums[x][3], 0), 1)
            sums[x] = alpha > 0 ? sums[x] / SIMD4(alpha, alpha, alpha, 1) : .zero
        }
    }

    private mutating func placeOutputRow(_ row: Int) {
        guard keepsImage else {
            pendingRows.append(contentsOf: outputRow)
            return
        }
        let width = outputSize.width
        let map = self.map
        outputRow.withUnsafeBytes { source in
            canvas.withUnsafeMutableBytes { canvas in
                map.place(row: source.baseAddress!, count: width, y: row, into: canvas.baseAddress!)
            }
        }
    }
}
