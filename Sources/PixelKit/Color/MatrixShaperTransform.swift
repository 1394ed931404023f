import PixelKitPlatform

/// The Swift fast path: a matrix/TRC profile (or sRGB, Display P3, Rec. 2020) to sRGB or Display
/// P3, as lcms2 converts it with the relative colorimetric intent — per-channel curves to linear
/// light, one 3×3 matrix from the profile's colorants to the destination's linear RGB, and the
/// sRGB encoding (which both destinations use).
///
/// Every table has a constant size (256 entries per input channel, 65,536 for the
/// output), whatever the profile declares. Pixels are converted by a `PackedMatrixShaperKernel`
/// built from these tables (the Float loop remains for matrices too large for it).
public struct MatrixShaperTransform: ColorTransform, Hashable {
    /// Entries of the linear → sRGB 8-bit table: fine enough that the lookup moves a result by at
    /// most 0.05 levels (the sRGB curve's steepest slope, 12.92, × 255 / 65,535).
    static let encodingTableSize = 65_536

    /// The sRGB encoding of linear light `i / (encodingTableSize - 1)`, rounded to 8 bits.
    static let encodingTable: [UInt8] = (0..<encodingTableSize).map {
        UInt8((SRGBTransfer.encoded(fromLinear: Double($0) / Double(encodingTableSize - 1)) * 255).rounded())
    }

    /// Linear light of each 8-bit input value, per channel.
    let red: [Float], green: [Float], blue: [Float]
    /// Linear input → linear destination RGB, row-major.
    let matrix: [Float]
    /// Whether the transform gives back the samples it was checked on (a fixed probe: every gray level, each primary alone, a 16-level grid): each
    /// within one level, and fewer than 1 in 100 changed at all. A profile describing the
    /// destination itself, which providers then skip (no conversion): HP's sRGB profile, which many
    /// photos embed, changes 18 of the 20,480 samples by one level (its colorants are rounded
    /// differently from lcms2's sRGB).
    public private(set) var isIdentity = false
    /// The fixed-point conversion of `red`, `green`, `blue` and `matrix` (nil: the Float loop).
    let kernel: PackedMatrixShaperKernel?

    /// The fast path from `profile` to `destination`.
    /// - Throws: ``ColorProfileError/notMatrixShaper(reason:)`` for profiles it does not cover (LUT
    ///   profiles, CMYK, a Lab connection space), or the error that makes the profile unusable.
    public init(profile: ColorProfile, destination: OutputColorSpace = .sRGB) throws(ColorProfileError) {
        guard profile.connectionSpace == "XYZ " else {
            throw .notMatrixShaper(reason: "connection space '\(profile.connectionSpace)'")
        }
        guard profile.isMatrixShaper else {
            throw .notMatrixShaper(reason: "\(profile.dataColorSpace.rawValue) profile with tags \(profile.tagSignatures.joined(separator: " "))")
        }
        switch profile.dataColorSpace {
        case .rgb:
            let columns = try ["rXYZ", "gXYZ", "bXYZ"].map { (tag) throws(ColorProfileError) in try Self.colorant(tag, in: profile) }
            let curves = try ["rTRC", "gTRC", "bTRC"].map { (tag) throws(ColorProfileError) in try ToneCurve(tag: tag, in: profile) }
            let toD50 = ColorMatrix(columns: columns)
            // lcms2 refuses a singular colorant matrix (it cannot build the reverse direction either).
            guard toD50.inverse != nil else { throw .invalidColorants(detail: "singular matrix \(toD50.rows)") }
            self.init(curves: curves.map { curve in { curve.evaluate($0) } }, toD50: toD50, destination: destination)
        case .gray:
            let curve = try ToneCurve(tag: "kTRC", in: profile)
            // Gray maps to Y times the connection space's white; only the first channel is read.
            let toD50 = ColorMatrix(columns: [ColorMatrix.d50White, [0, 0, 0], [0, 0, 0]])
            self.init(curves: Array(repeating: { curve.evaluate($0) }, count: 3), toD50: toD50, destination: destination)
        case .cmyk:
            throw .notMatrixShaper(reason: "CMYK profile")
        }
    }

    /// Display P3 (the sRGB curve, P3 primaries) to sRGB, for images tagged by name or nclx rather than a profile.
    public static let displayP3 = MatrixShaperTransform(
        curves: Array(repeating: SRGBTransfer.linear(fromEncoded:), count: 3), toD50: ColorMatrix.displayP3ToD50, destination: .sRGB)
    /// sRGB to Display P3 (the same curve, a wider gamut: no sample clips).
    static let sRGBToDisplayP3 = MatrixShaperTransform(
        curves: Array(repeating: SRGBTransfer.linear(fromEncoded:), count: 3), toD50: ColorMatrix.sRGBToD50, destination: .displayP3)
    /// Rec. 2020 (nclx 9 with the BT.709 transfer) to each destination.
    static let rec2020ToSRGB = MatrixShaperTransform(
        curves: Array(repeating: bt709Linear(fromEncoded:), count: 3), toD50: ColorMatrix.rec2020ToD50, destination: .sRGB)
    static let rec2020ToDisplayP3 = MatrixShaperTransform(
        curves: Array(repeating: bt709Linear(fromEncoded:), count: 3), toD50: ColorMatrix.rec2020ToD50, destination: .displayP3)

    /// The transform between a named space (sRGB, Display P3, Rec. 2020) and `destination`; nil
    /// when they are the same, for ICC profiles (see ``init(profile:destination:)``) and for
    /// ``ColorSpace/unconvertible(_:)``.
    public static func between(_ space: ColorSpace, and destination: OutputColorSpace) -> MatrixShaperTransform? {
        switch (space, destination) {
        case (.sRGB, .sRGB), (.displayP3, .displayP3), (.icc, _), (.unconvertible, _): nil
        case (.sRGB, .displayP3): sRGBToDisplayP3
        case (.displayP3, .sRGB): displayP3
        case (.rec2020, .sRGB): rec2020ToSRGB
        case (.rec2020, .displayP3): rec2020ToDisplayP3
        }
    }

    /// The BT.709 / BT.2020 transfer function, inverted (encoded 0…1 → linear 0…1).
    static func bt709Linear(fromEncoded value: Double) -> Double {
        value < 0.081 ? value / 4.5 : pow((value + 0.099) / 1.099, 1 / 0.45)
    }

    private init(curves: [(Double) -> Double], toD50: ColorMatrix, destination: OutputColorSpace) {
        let tables = curves.map { curve in (0..<256).map { Float(curve(Double($0) / 255)) } }
        red = tables[0]
        green = tables[1]
        blue = tables[2]
        let fromD50 = destination == .sRGB ? ColorMatrix.d50ToSRGB : ColorMatrix.d50ToDisplayP3
        matrix = (fromD50 * toD50).rows.flatMap { $0.map(Float.init) }
        kernel = PackedMatrixShaperKernel(linearTables: tables, matrix: matrix)
        var probe = Self.identityProbe
        probe.withUnsafeMutableBufferPointer { convert($0) }
        let changed = zip(probe, Self.identityProbe).filter { $0 != $1 }
        isIdentity = changed.allSatisfy { max($0, $1) - min($0, $1) <= 1 } && changed.count * 100 < probe.count
    }

    /// The pixels a transform must give back to count as the identity: every gray level, every
    /// level of each primary alone, and a 16-level grid of colors (4,096), opaque.
    static let identityProbe: [UInt8] = {
        var pixels: [UInt8] = []
        for level in 0...255 {
            let value = UInt8(level)
            pixels += [value, value, value, 255, value, 0, 0, 255, 0, value, 0, 255, 0, 0, value, 255]
        }
        let grid = stride(from: 0, through: 255, by: 17).map(UInt8.init)
        for red in grid { for green in grid { for blue in grid { pixels += [red, green, blue, 255] } } }
        return pixels
    }()

    /// An `XYZType` colorant tag's X, Y, Z.
    private static func colorant(_ signature: String, in profile: ColorProfile) throws(ColorProfileError) -> [Double] {
        guard let tag = profile.tag(signature) else { throw .missingTag(signature) }
        let reader = ICCBytes(bytes: profile.bytes)
        let type = try reader.signature(at: tag.offset)
        guard type == "XYZ " else { throw .unsupportedTagType(tag: signature, type: type) }
        guard tag.size >= 20 else { throw .invalidColorants(detail: "'\(signature)' is \(tag.size) bytes") }
        return [try reader.s15Fixed16(at: tag.offset + 8), try reader.s15Fixed16(at: tag.offset + 12), try reader.s15Fixed16(at: tag.offset + 16)]
    }

    /// Converts RGBA (or gray in the first byte) pixels to sRGB in place; alpha is kept.
    public func convert(_ row: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = row.baseAddress else { return }
        convertPixels(from: UnsafePointer(base), to: base, count: row.count / 4)
    }

    /// Converts with the Float loop even when the fixed-point kernel exists: the reference the
    /// kernel is tested against.
    func convertWithFloats(_ row: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = row.baseAddress else { return }
        convertPixelsWithFloats(from: UnsafePointer(base), to: base, count: row.count / 4)
    }

    /// Converts `source` into `destination` in one pass (no copy first); alpha is kept.
    public func convert(_ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        precondition(destination.count >= source.count, "destination shorter than source")
        guard let input = source.baseAddress, let output = destination.baseAddress else { return }
        let pixelCount = source.count / 4
        convertPixels(from: input, to: output, count: pixelCount)
        // A partial pixel at the end is copied as is.
        for index in pixelCount * 4..<source.count { output[index] = input[index] }
    }

    /// What both `convert`s run: `count` pixels from `input` to `output` (which may be `input`).
    private func convertPixels(from input: UnsafePointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, count pixelCount: Int) {
        if let kernel {
            kernel.convert(from: input, to: output, count: pixelCount)
        } else {
            convertPixelsWithFloats(from: input, to: output, count: pixelCount)
        }
    }

    /// The reference loop: Float tables to linear light, the matrix, the 65,536-entry encoding table.
    private func convertPixelsWithFloats(from input: UnsafePointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, count pixelCount: Int) {
        let scale = Float(Self.encodingTableSize - 1)
        red.withUnsafeBufferPointer { red in
        green.withUnsafeBufferPointer { green in
        blue.withUnsafeBufferPointer { blue in
        Self.encodingTable.withUnsafeBufferPointer { encode in
            let m = (matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5], matrix[6], matrix[7], matrix[8])
            for pixel in 0..<pixelCount {
                let base = pixel &* 4
                let r = red[Int(input[base])], g = green[Int(input[base &+ 1])], b = blue[Int(input[base &+ 2])]
                let alpha = input[base &+ 3]
                let outR = m.0 * r + m.1 * g + m.2 * b
                let outG = m.3 * r + m.4 * g + m.5 * b
                let outB = m.6 * r + m.7 * g + m.8 * b
                output[base] = encode[Int(min(max(outR, 0), 1) * scale + 0.5)]
                output[base &+ 1] = encode[Int(min(max(outG, 0), 1) * scale + 0.5)]
                output[base &+ 2] = encode[Int(min(max(outB, 0), 1) * scale + 0.5)]
                output[base &+ 3] = alpha
            }
        }
        }
        }
        }
    }

    // Equality and hashing ignore `kernel`, which is derived from the tables and the matrix.
    public static func == (left: Self, right: Self) -> Bool {
        left.red == right.red && left.green == right.green && left.blue == right.blue && left.matrix == right.matrix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(matrix)
    }
}
