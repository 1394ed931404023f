import PixelKit

/// Turns rows of the first frame's color indices into canvas rows of RGBA8: the frame's pixels
/// inside its rectangle (clipped to the canvas), the background elsewhere. Holds one canvas row.
struct GIFRowComposer {
    private let canvas: PixelSize
    private let frame: PixelRect
    private let palette: GIFPalette
    private var row: [UInt8]
    private let emptyRow: [UInt8]

    init(canvas: PixelSize, frame: PixelRect, palette: GIFPalette, transparentIndex: Int?) {
        self.canvas = canvas
        self.frame = frame
        self.palette = palette
        let background = palette.background(transparentIndex: transparentIndex)
        var empty = [UInt8](repeating: 0, count: canvas.width * 4)
        for x in 0..<canvas.width {
            empty[x * 4] = background.0
            empty[x * 4 + 1] = background.1
            empty[x * 4 + 2] = background.2
            empty[x * 4 + 3] = background.3
        }
        emptyRow = empty
        row = empty
    }

    /// Lends canvas row `y` to `sink`: `indices` (the frame's row there) placed at the frame's
    /// left edge, or the background alone when `indices` is nil.
    mutating func lend<Sink: RowSink>(y: Int, indices: UnsafeBufferPointer<UInt8>?, to sink: inout Sink) {
        guard let indices else {
            emptyRow.withUnsafeBufferPointer { sink.consume(PixelRow(y: y, pixels: $0)) }
            return
        }
        let visible = max(0, min(frame.width, canvas.width - frame.x))
        palette.rgba.withUnsafeBufferPointer { colors in
            row.withUnsafeMutableBufferPointer { target in
                for i in 0..<visible {
                    let color = Int(indices[i]) * 4
                    let at = (frame.x + i) * 4
                    target[at] = colors[color]
                    target[at + 1] = colors[color + 1]
                    target[at + 2] = colors[color + 2]
                    target[at + 3] = colors[color + 3]
                }
            }
        }
        row.withUnsafeBufferPointer { sink.consume(PixelRow(y: y, pixels: $0)) }
    }
}
