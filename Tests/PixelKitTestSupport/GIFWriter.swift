/// Writes small GIF files at test time, byte by byte, so that tests can state the pixels a decoder
/// must produce from the palette and indices they chose, independently of any decoder.
///
/// LZW data is written with a clear code before every literal: the code table never grows, every
/// code has the width `minimum code size + 1`, and the data is valid for any decoder.
package enum GIFWriter {
    /// One image descriptor and what precedes it.
    package struct Frame: Sendable {
        /// The rectangle on the canvas.
        package var x: Int, y: Int, width: Int, height: Int
        /// Color indices in display order, row after row (`width × height`).
        package var indices: [UInt8]
        /// RGB triples of a local color table (2, 4 … 256 entries), or nil to use the global one.
        package var localColors: [[UInt8]]?
        /// Whether the rows are stored in the four interlaced passes.
        package var interlaced: Bool
        /// The Graphic Control Extension's transparent index, if any.
        package var transparentIndex: UInt8?
        /// The Graphic Control Extension's disposal method (0…3). A frame with neither a transparent
        /// index nor a disposal method is written without a Graphic Control Extension.
        package var disposal: UInt8

        package init(
            x: Int = 0, y: Int = 0, width: Int, height: Int, indices: [UInt8], localColors: [[UInt8]]? = nil,
            interlaced: Bool = false, transparentIndex: UInt8? = nil, disposal: UInt8 = 0
        ) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
            self.indices = indices
            self.localColors = localColors
            self.interlaced = interlaced
            self.transparentIndex = transparentIndex
            self.disposal = disposal
        }
    }

    /// A GIF89a of `frames` on a `width × height` canvas with `globalColors` (RGB triples; 2, 4 …
    /// 256 entries). With `preamble`, the first frame follows a NETSCAPE2.0 looping block, a comment
    /// whose terminator is followed by empty sub-blocks (as in Pillow's
    /// `hopper_zero_comment_subblocks.gif`) and an unknown application extension.
    package static func gif(width: Int, height: Int, globalColors: [[UInt8]], frames: [Frame], preamble: Bool = false) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + word(width) + word(height) + [0x80 | tableBits(globalColors.count), 0, 0]
        bytes += globalColors.flatMap { $0 }
        if preamble {
            bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
            bytes += [0x21, 0xFE, 5] + Array("hello".utf8) + [0, 0, 0]
            bytes += [0x21, 0xFF, 11] + Array("PIXELKIT1.0".utf8) + [2, 7, 7, 0]
        }
        for frame in frames {
            let hasTransparency = frame.transparentIndex != nil
            if hasTransparency || frame.disposal != 0 {
                bytes += [0x21, 0xF9, 4, frame.disposal << 2 | (hasTransparency ? 1 : 0), 10, 0, frame.transparentIndex ?? 0, 0]
            }
            var packed: UInt8 = frame.interlaced ? 0x40 : 0
            if let local = frame.localColors { packed |= 0x80 | tableBits(local.count) }
            bytes += [0x2C] + word(frame.x) + word(frame.y) + word(frame.width) + word(frame.height) + [packed]
            bytes += frame.localColors?.flatMap { $0 } ?? []
            let colors = frame.localColors?.count ?? globalColors.count
            bytes += lzw(storedOrder(frame), codeSize: max(2, Int(tableBits(colors)) + 1))
        }
        return bytes + [0x3B]
    }

    /// A 16×9 animation whose first frame is opaque, covers the canvas, is interlaced and takes 16
    /// colors from a local table; its second frame covers it in a global color. `firstFrameMean` is
    /// the first frame's mean RGBA, computed from the table and indices written.
    package static func animationWithOpaqueFirstFrame() -> (bytes: [UInt8], firstFrameMean: [Double]) {
        let table: [[UInt8]] = (0..<16).map { (i: Int) -> [UInt8] in
            let red = UInt8(i * 16), green = UInt8(255 - i * 13), blue = UInt8(i * 7)
            return [red, green, blue]
        }
        let indices: [UInt8] = (0..<(16 * 9)).map { (i: Int) -> UInt8 in UInt8((i * 5 + i / 16) % 16) }
        let bytes = gif(width: 16, height: 9, globalColors: [[10, 20, 30], [200, 0, 0], [0, 200, 0], [0, 0, 200]], frames: [
            Frame(width: 16, height: 9, indices: indices, localColors: table, interlaced: true, disposal: 1),
            Frame(width: 16, height: 9, indices: [UInt8](repeating: 3, count: 144)),
        ], preamble: true)
        let mean: [Double] = (0..<3).map { (channel: Int) -> Double in
            let sum = indices.reduce(0) { (total: Int, index: UInt8) -> Int in total + Int(table[Int(index)][channel]) }
            return Double(sum) / Double(indices.count)
        }
        return (bytes, mean + [255])
    }

    private static func word(_ value: Int) -> [UInt8] { [UInt8(value & 255), UInt8(value >> 8)] }

    /// The packed field's size bits for a table of `count` entries (2 << bits == count).
    private static func tableBits(_ count: Int) -> UInt8 {
        UInt8(Int.bitWidth - (count - 1).leadingZeroBitCount - 1)
    }

    /// The indices in the order the file stores them: passes 0/8, 4/8, 2/4, 1/2 when interlaced.
    private static func storedOrder(_ frame: Frame) -> [UInt8] {
        guard frame.interlaced else { return frame.indices }
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += Array(stride(from: start, to: frame.height, by: step)) }
        return rows.flatMap { frame.indices[$0 * frame.width..<($0 + 1) * frame.width] }
    }

    /// The minimum code size byte, then the LZW codes in sub-blocks of at most 255 bytes.
    private static func lzw(_ indices: [UInt8], codeSize: Int) -> [UInt8] {
        let clear = 1 << codeSize, width = codeSize + 1
        var bits: [Bool] = []
        func put(_ code: Int) { for i in 0..<width { bits.append(code >> i & 1 == 1) } }
        for index in indices { put(clear); put(Int(index)) }
        put(clear + 1)
        var data: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            var byte: UInt8 = 0
            for i in 0..<8 where start + i < bits.count && bits[start + i] { byte |= 1 << i }
            data.append(byte)
        }
        var out: [UInt8] = [UInt8(codeSize)]
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(data.count, start + 255)]
            out += [UInt8(block.count)] + block
        }
        return out + [0]
    }
}
