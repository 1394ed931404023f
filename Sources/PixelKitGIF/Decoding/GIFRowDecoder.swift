import CGif
import PixelKit

/// Decodes a GIF's first frame with giflib's record-by-record API (`DGifOpen` over a read
/// callback, `DGifGetRecordType`, `DGifGetExtension(Next)`, `DGifGetImageDesc`, `DGifGetLine`) and
/// lends the canvas to the sink row by row: the frame's pixels where it lies, transparent
/// elsewhere. `DGifSlurp` is not used: it decodes every frame into memory, and it refuses files
/// whose comments end in empty sub-blocks, which viewers show.
///
/// A sequential frame is streamed: one index row at a time. An interlaced frame stores its rows
/// in four passes, so its indices (one byte a pixel) are held whole, after reserving them against
/// the memory limit.
enum GIFRowDecoder {
    /// Walks the blocks of `input` under `limits`, then opens giflib from the first byte again (the
    /// input's head, not read twice) and moves it to the first frame's pixel data.
    static func readHeader(_ input: GIFInput, limits: DecodingLimits) throws(ImageError) -> (GIFStructure, GIFPreparedDecode) {
        let structure = try GIFStructure.walk(input, limits: limits)
        var decoder: Result<GifLibDecoder, ImageError>?
        // giflib refuses a code size above 8 (the format's largest palette) as a read failure: the
        // decode reports it as unsupported instead.
        if (1...8).contains(structure.firstFrameCodeSize) {
            input.rewind()
            decoder = Result { () throws(ImageError) -> GifLibDecoder in try openAtFirstImage(input, structure) }
        }
        let state = GIFPreparedDecode(input: input, decoder: decoder, bufferAddress: input.memoryAddress, bufferCount: input.count)
        return (structure, state)
    }

    /// Decodes the first frame, continuing from a header read of the same input.
    static func decode<Sink: RowSink>(
        continuing state: GIFPreparedDecode, _ structure: GIFStructure, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try options.checkInterruption()
        var warnings: [DecodeWarning] = []
        func warn(_ message: String, _ error: ImageError) throws(ImageError) {
            guard options.strictness == .lenient else { throw error }
            warnings.append(DecodeWarning(format: .gif, message: message))
        }
        if structure.strayBytes > 0 {
            let message = "\(structure.strayBytes) stray bytes between blocks were skipped"
            try warn(message, .malformed(format: .gif, message: message))
        }
        if structure.endsEarly {
            let message = "the file ends inside a block after the first frame, which is complete and decoded"
            try warn(message, .truncated(format: .gif, message: message))
        }
        guard let decoder = state.decoder else {
            throw .unsupported(format: .gif, feature: "an LZW minimum code size of \(structure.firstFrameCodeSize) (giflib reads 1 to 8)")
        }
        try decodeFirstFrame(try decoder.get(), structure, options: options, warn: warn, into: &sink)
        return DecodeReport(info: structure.info, outputSize: structure.canvas, warnings: warnings)
    }

    /// giflib opened on `input` (at its first byte) and moved to the first frame's pixel data,
    /// checked against the walk's descriptor.
    private static func openAtFirstImage(_ input: GIFInput, _ structure: GIFStructure) throws(ImageError) -> GifLibDecoder {
        let decoder = try GifLibDecoder(input)
        try moveToFirstImage(decoder.gif, failure: decoder.failure)
        guard DGifGetImageDesc(decoder.gif) == GIF_OK else { throw decoder.failure("reading the first image descriptor") }
        let descriptor = decoder.gif.pointee.Image
        let rect = PixelRect(x: Int(descriptor.Left), y: Int(descriptor.Top), width: Int(descriptor.Width), height: Int(descriptor.Height))
        guard rect == structure.firstFrame else {
            throw .malformed(format: .gif, message: "giflib read the first image at \(rect), the block walk at \(structure.firstFrame)")
        }
        return decoder
    }

    private static func decodeFirstFrame<Sink: RowSink>(
        _ decoder: GifLibDecoder, _ structure: GIFStructure, options: DecodeOptions,
        warn: (String, ImageError) throws(ImageError) -> Void, into sink: inout Sink
    ) throws(ImageError) {
        let gif = decoder.gif
        let failure = decoder.failure
        let rect = structure.firstFrame
        let descriptor = gif.pointee.Image
        let palette = GIFPalette(descriptor.ColorMap ?? gif.pointee.SColorMap, transparentIndex: structure.transparentIndex)
        var composer = GIFRowComposer(canvas: structure.canvas, frame: rect, palette: palette, transparentIndex: structure.transparentIndex)

        var indices = [UInt8](repeating: 0, count: rect.width)
        var decodedRows = 0
        var damage: ImageError?
        func readLine(into row: UnsafeMutableBufferPointer<UInt8>) -> Bool {
            guard damage == nil else { return false }
            guard DGifGetLine(gif, row.baseAddress, Int32(row.count)) == GIF_OK else {
                damage = failure("decoding row \(decodedRows) of the first image")
                return false
            }
            decodedRows += 1
            return true
        }

        sink.begin(size: structure.canvas)
        if structure.firstFrameInterlaced {
            // Passes: rows 0, 8, 16…; 4, 12…; 2, 6…; 1, 3…
            let bytes = rect.width * rect.height
            let reservation = try options.limits.reserveMemory(bytes)
            defer { reservation.release() }
            var frame = [UInt8](repeating: 0, count: bytes)
            var present = [Bool](repeating: false, count: rect.height)
            passes: for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                for y in stride(from: start, to: rect.height, by: step) {
                    try options.checkInterruption()
                    let ok = frame.withUnsafeMutableBufferPointer { readLine(into: UnsafeMutableBufferPointer(rebasing: $0[y * rect.width..<(y + 1) * rect.width])) }
                    guard ok else { break passes }
                    present[y] = true
                }
            }
            if let damage { try warn(message(damage, decodedRows, of: rect.height), damage) }
            for y in 0..<structure.canvas.height where !sink.isSatisfied {
                try options.checkInterruption()
                let frameRow = y - rect.y
                if frameRow >= 0, frameRow < rect.height, present[frameRow] {
                    frame.withUnsafeBufferPointer { composer.lend(y: y, indices: UnsafeBufferPointer(rebasing: $0[frameRow * rect.width..<(frameRow + 1) * rect.width]), to: &sink) }
                } else {
                    composer.lend(y: y, indices: nil, to: &sink)
                }
            }
        } else {
            for y in 0..<structure.canvas.height where !sink.isSatisfied {
                try options.checkInterruption()
                let frameRow = y - rect.y
                if frameRow >= 0, frameRow < rect.height, damage == nil, indices.withUnsafeMutableBufferPointer({ readLine(into: $0) }) {
                    indices.withUnsafeBufferPointer { composer.lend(y: y, indices: $0, to: &sink) }
                } else {
                    if frameRow == decodedRows, let damage { try warn(message(damage, decodedRows, of: rect.height), damage) }
                    composer.lend(y: y, indices: nil, to: &sink)
                }
            }
        }
    }

    /// The warning for damage met after `decoded` of `rows` rows.
    private static func message(_ error: ImageError, _ decoded: Int, of rows: Int) -> String {
        let detail: String
        switch error {
        case .truncated(_, let text), .malformed(_, let text): detail = text
        default: detail = error.description
        }
        return "\(detail); \(rows - decoded) of the first image's \(rows) rows are left transparent"
    }

    /// Reads records up to the first image descriptor's introducer, skipping extensions (their
    /// sub-blocks read and dropped) and stray bytes, as ``GIFStructure`` does.
    private static func moveToFirstImage(
        _ gif: UnsafeMutablePointer<GifFileType>, failure: (String) -> ImageError
    ) throws(ImageError) {
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else {
                // An unknown byte is consumed and reported; the walk skipped it too.
                if gif.pointee.Error == D_GIF_ERR_WRONG_RECORD { continue }
                throw failure("reading a record")
            }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                return
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure("reading an extension") }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure("reading an extension") }
                }
            default:
                throw .malformed(format: .gif, message: "the file ends before its first image")
            }
        }
    }
}
