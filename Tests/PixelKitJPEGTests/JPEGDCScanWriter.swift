/// Writes progressive JPEGs that hold only DC scans, in any scan structure: an encoder independent
/// of the decoders under test (ITU-T T.81 G.1.2.1, with the DC Huffman code of Annex K table K.3),
/// for the structures libjpeg-turbo's encoder never writes (non-interleaved DC scans, DC refinement
/// before any AC scan, restart intervals, 4:2:2 / 4:4:0 / chroma sampled finer than luma).
struct JPEGDCScanWriter {
    struct Component {
        var id: UInt8
        var h: Int
        var v: Int
    }

    /// A DC scan: frame component indices, and the successive approximation Ah (0 = first scan) / Al.
    struct Scan {
        var components: [Int]
        var ah: Int
        var al: Int
    }

    var width: Int
    var height: Int
    var components: [Component]
    var scans: [Scan]
    /// The DC quantizer of every component (table 0).
    var quantizer = 8
    var restartInterval = 0
    /// Writes a JFIF APP0 (YCbCr for libjpeg); without it, component IDs decide.
    var jfif = true
    /// DC coefficient (before the point transform) of component `c`'s block at (x, y), in blocks.
    var coefficient: (_ c: Int, _ x: Int, _ y: Int) -> Int

    var maxH: Int { components.count == 1 ? 1 : components.map(\.h).max()! }
    var maxV: Int { components.count == 1 ? 1 : components.map(\.v).max()! }
    func h(_ c: Int) -> Int { components.count == 1 ? 1 : components[c].h }
    func v(_ c: Int) -> Int { components.count == 1 ? 1 : components[c].v }
    /// Blocks across / down that cover component `c` (T.81 A.1.1: ⌈⌈X·H/Hmax⌉ / 8⌉).
    func blocksWide(_ c: Int) -> Int { ((width * h(c) + maxH - 1) / maxH + 7) / 8 }
    func blocksHigh(_ c: Int) -> Int { ((height * v(c) + maxV - 1) / maxV + 7) / 8 }

    /// Code lengths of table K.3 (categories 0…11).
    static let dcBits: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]

    /// (code, length) per category, assigned canonically (T.81 Annex C).
    static let dcCodes: [(code: Int, length: Int)] = {
        var codes: [(Int, Int)] = []
        var code = 0
        for (index, count) in dcBits.enumerated() {
            for _ in 0..<Int(count) { codes.append((code, index + 1)); code += 1 }
            code <<= 1
        }
        return codes
    }()

    func bytes() -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ payload: [UInt8]) {
            out += [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
        }
        if jfif { segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]) }
        segment(0xDB, [0, UInt8(quantizer)] + [UInt8](repeating: 1, count: 63))
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), UInt8(components.count)]
        for component in components { frame += [component.id, UInt8(component.h << 4 | component.v), 0] }
        segment(0xC2, frame)
        segment(0xC4, [0x00] + Self.dcBits + (0...11).map { UInt8($0) })
        if restartInterval > 0 { segment(0xDD, [UInt8(restartInterval >> 8), UInt8(restartInterval & 255)]) }
        for scan in scans {
            var header: [UInt8] = [UInt8(scan.components.count)]
            for c in scan.components { header += [components[c].id, 0x00] }
            header += [0, 0, UInt8(scan.ah << 4 | scan.al)]
            segment(0xDA, header)
            out += entropyData(scan)
        }
        out += [0xFF, 0xD9]
        return out
    }

    /// The scan's blocks in MCU order, each as (component, block x, block y), grouped by MCU.
    func mcus(_ scan: Scan) -> [[(Int, Int, Int)]] {
        if scan.components.count == 1 {
            let c = scan.components[0]
            return (0..<blocksHigh(c)).flatMap { y in (0..<blocksWide(c)).map { x in [(c, x, y)] } }
        }
        let mcusWide = (width + 8 * maxH - 1) / (8 * maxH), mcusHigh = (height + 8 * maxV - 1) / (8 * maxV)
        return (0..<mcusHigh).flatMap { my in
            (0..<mcusWide).map { mx in
                scan.components.flatMap { c in
                    (0..<v(c)).flatMap { by in (0..<h(c)).map { bx in (c, mx * h(c) + bx, my * v(c) + by) } }
                }
            }
        }
    }

    /// The coefficient of a block; blocks past the component's edge (MCU padding) repeat the edge.
    func value(_ c: Int, _ x: Int, _ y: Int) -> Int {
        coefficient(c, min(x, blocksWide(c) - 1), min(y, blocksHigh(c) - 1))
    }

    func entropyData(_ scan: Scan) -> [UInt8] {
        var out: [UInt8] = []
        var accumulator = 0, count = 0
        func put(_ bits: Int, _ length: Int) {
            for shift in stride(from: length - 1, through: 0, by: -1) {
                accumulator = accumulator << 1 | (bits >> shift & 1)
                count += 1
                if count == 8 {
                    out.append(UInt8(accumulator))
                    if accumulator == 0xFF { out.append(0) }
                    accumulator = 0
                    count = 0
                }
            }
        }
        func flush() { if count > 0 { put(0x7F, 8 - count) } }
        var predictors = [Int](repeating: 0, count: components.count)
        for (index, mcu) in mcus(scan).enumerated() {
            if restartInterval > 0 && index > 0 && index % restartInterval == 0 {
                flush()
                out += [0xFF, UInt8(0xD0 + (index / restartInterval - 1) % 8)]
                predictors = predictors.map { _ in 0 }
            }
            for (c, x, y) in mcu {
                let shifted = value(c, x, y) >> scan.al
                if scan.ah > 0 {
                    put(shifted & 1, 1)
                    continue
                }
                let difference = shifted - predictors[c]
                predictors[c] = shifted
                let category = difference == 0 ? 0 : Int.bitWidth - abs(difference).leadingZeroBitCount
                let code = Self.dcCodes[category]
                put(code.code, code.length)
                if category > 0 { put(difference >= 0 ? difference : difference + (1 << category) - 1, category) }
            }
        }
        flush()
        return out
    }
}
