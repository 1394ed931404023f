import CGif

/// The RGBA color of each of the 256 possible indices of a frame: its color table's entries, alpha 0
/// at the transparent index (which keeps its color, as Pillow's conversion does), opaque black for
/// indices past the table's end, and gray levels (index → gray) when the file has no color table
/// at all, as Pillow reads such files.
struct GIFPalette {
    /// 256 × RGBA.
    private(set) var rgba: [UInt8]

    init(_ table: UnsafeMutablePointer<ColorMapObject>?, transparentIndex: Int?) {
        var rgba = [UInt8](repeating: 0, count: 256 * 4)
        for index in 0..<256 { rgba[index * 4 + 3] = 255 }
        if let table, let colors = table.pointee.Colors {
            for index in 0..<min(256, max(0, Int(table.pointee.ColorCount))) {
                rgba[index * 4] = colors[index].Red
                rgba[index * 4 + 1] = colors[index].Green
                rgba[index * 4 + 2] = colors[index].Blue
            }
        } else {
            for index in 0..<256 {
                rgba[index * 4] = UInt8(index)
                rgba[index * 4 + 1] = UInt8(index)
                rgba[index * 4 + 2] = UInt8(index)
            }
        }
        if let transparentIndex { rgba[transparentIndex * 4 + 3] = 0 }
        self.rgba = rgba
    }

    /// What the canvas shows outside the first frame: the transparent index's color at alpha 0
    /// when the frame has one (Pillow fills the canvas with that index), else transparent black.
    func background(transparentIndex: Int?) -> (UInt8, UInt8, UInt8, UInt8) {
        guard let transparentIndex else { return (0, 0, 0, 0) }
        return (rgba[transparentIndex * 4], rgba[transparentIndex * 4 + 1], rgba[transparentIndex * 4 + 2], 0)
    }
}
