/// ``MatrixShaperTransform``'s conversion in fixed point, with the matrix folded into the input
/// tables: a pixel costs three 64-bit loads, two adds and three byte lookups (about 3 times
/// faster than the Float loop, which stays as the reference and the fallback).
///
/// Each input channel's table entry packs, in three 21-bit fields, that channel's contribution to
/// each output channel (`matrix[c][k] × linear_k(v)`, scaled by 4 × 65,535 and rounded, plus an
/// offset that keeps every field non-negative). Adding the three entries adds the fields without
/// carries between them; a field shifted right by 2 indexes ``encoding``, which holds the sRGB
/// encoding of the rounded 16-bit linear value and clamps out-of-range values itself.
struct PackedMatrixShaperKernel: Sendable {
    /// Bits per output channel in a packed sum.
    static let fieldBits = 21
    /// A field's unit: the Float path's 16-bit encoding-table step, with 2 more bits so that three
    /// rounded terms still round to the same step (at most 0.02 levels more than the Float path).
    static let scale = Double(MatrixShaperTransform.encodingTableSize - 1) * 4

    /// 768 entries: red's 256, then green's, then blue's.
    private let contributions: [UInt64]
    /// The encoded 8-bit value for each packed field shifted right by 2.
    private let encoding: [UInt8]

    /// The kernel for per-channel linear tables (256 entries each) and a row-major 3×3 matrix; nil
    /// when a packed sum would not fit its field (matrix entries far beyond any real profile's) or a
    /// value is not finite: the Float loop handles those.
    init?(linearTables: [[Float]], matrix: [Float]) {
        let maximumTerm = Double(1 << Self.fieldBits)
        var terms: [[Int]] = []   // [output channel × 3 + input channel][value]
        for row in 0..<3 {
            for column in 0..<3 {
                var channelTerms: [Int] = []
                for linear in linearTables[column] {
                    let term = Double(matrix[row * 3 + column]) * Double(linear) * Self.scale
                    guard term.isFinite, abs(term) < maximumTerm else { return nil }
                    channelTerms.append(Int(term.rounded()))
                }
                terms.append(channelTerms)
            }
        }
        // Offsets make each term non-negative; every field then carries the same bias, which is 2
        // more than a multiple of 4 so that `field >> 2` rounds rather than truncates.
        var offsets = terms.map { max(0, -$0.min()!) }
        let offsetSums: [Int] = (0..<3).map { row in offsets[row * 3] + offsets[row * 3 + 1] + offsets[row * 3 + 2] }
        let largestOffset = offsetSums.max()!
        let bias = largestOffset + (6 - largestOffset % 4) % 4
        for row in 0..<3 { offsets[row * 3] += bias - offsetSums[row] }
        let fieldMaxima: [Int] = (0..<3).map { row in
            var largest = 0
            for column in 0..<3 { largest += terms[row * 3 + column].max()! + offsets[row * 3 + column] }
            return largest
        }
        let largestField = fieldMaxima.max()!
        guard largestField < 1 << Self.fieldBits else { return nil }

        contributions = (0..<3).flatMap { column in
            (0..<256).map { value in
                var word: UInt64 = 0
                for row in 0..<3 {
                    let field = UInt64(terms[row * 3 + column][value] + offsets[row * 3 + column])
                    word |= field << UInt64(Self.fieldBits * row)
                }
                return word
            }
        }
        let zeroIndex = (bias - 2) / 4
        let top = MatrixShaperTransform.encodingTableSize - 1
        encoding = (0...(largestField >> 2)).map { MatrixShaperTransform.encodingTable[min(max($0 - zeroIndex, 0), top)] }
    }

    /// Converts `count` RGBA pixels (or gray in the first byte) from `input` to `output`, which may
    /// be `input`; alpha is kept.
    func convert(from input: UnsafePointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, count: Int) {
        withTables { table, encode in
            for pixel in 0..<count {
                let base = pixel &* 4
                let alpha = input[base &+ 3]
                let (red, green, blue) = Self.encodedPixel(input + base, table: table, encode: encode)
                output[base] = red
                output[base &+ 1] = green
                output[base &+ 2] = blue
                output[base &+ 3] = alpha
            }
        }
    }

    /// The sums of R, G, B as ``convert(from:to:count:)`` would write them (or of their squares)
    /// and of alpha, over `count` ≤ 65,535 pixels (so that 32-bit sums of squares cannot overflow):
    /// the conversion fused into an average, no converted row written and read again.
    func sumsOfConverted(_ input: UnsafePointer<UInt8>, count: Int, squared: Bool) -> SIMD4<UInt32> {
        precondition(count <= 65_535, "too many pixels for 32-bit sums")
        var red: UInt32 = 0, green: UInt32 = 0, blue: UInt32 = 0, alpha: UInt32 = 0
        withTables { table, encode in
            // Two loops rather than a test per pixel: each stays branch-free.
            if squared {
                for pixel in 0..<count {
                    let base = pixel &* 4
                    let (r, g, b) = Self.encodedPixel(input + base, table: table, encode: encode)
                    red &+= UInt32(UInt16(r) &* UInt16(r)); green &+= UInt32(UInt16(g) &* UInt16(g))
                    blue &+= UInt32(UInt16(b) &* UInt16(b)); alpha &+= UInt32(input[base &+ 3])
                }
            } else {
                for pixel in 0..<count {
                    let base = pixel &* 4
                    let (r, g, b) = Self.encodedPixel(input + base, table: table, encode: encode)
                    red &+= UInt32(r); green &+= UInt32(g); blue &+= UInt32(b); alpha &+= UInt32(input[base &+ 3])
                }
            }
        }
        return SIMD4(red, green, blue, alpha)
    }

    /// Runs `body` with the contribution and encoding tables' storage.
    @inline(__always)
    private func withTables(_ body: (UnsafePointer<UInt64>, UnsafePointer<UInt8>) -> Void) {
        contributions.withUnsafeBufferPointer { contributions in
        encoding.withUnsafeBufferPointer { encoding in
            guard let table = contributions.baseAddress, let encode = encoding.baseAddress else { return }
            body(table, encode)
        }
        }
    }

    /// One pixel's converted R, G, B: what both loops run.
    @inline(__always)
    private static func encodedPixel(_ pixel: UnsafePointer<UInt8>, table: UnsafePointer<UInt64>, encode: UnsafePointer<UInt8>) -> (UInt8, UInt8, UInt8) {
        let fieldMask: UInt64 = (1 << UInt64(fieldBits - 2)) - 1
        let greenShift = UInt64(fieldBits + 2), blueShift = UInt64(2 * fieldBits + 2)
        let sum = table[Int(pixel[0])] &+ table[256 &+ Int(pixel[1])] &+ table[512 &+ Int(pixel[2])]
        // Every index is in range by construction: each field is at most `largestField`. Blue's
        // field is the top one (bits 42–62): no mask needed.
        return (
            encode[Int(truncatingIfNeeded: (sum >> 2) & fieldMask)],
            encode[Int(truncatingIfNeeded: (sum >> greenShift) & fieldMask)],
            encode[Int(truncatingIfNeeded: sum >> blueShift)]
        )
    }
}
