import PixelKit

/// Binary PPM ("P6") and PGM ("P5") with maxval 255, as a codec in another package would write it:
/// PixelKit's public API only. Its session reads the header once, in bounded reads, and decodes
/// row by row from where the header ended, within the decode's limits, deadline and strictness.
struct ToyPNMCodec: ImageDecoder, ImageEncoder {
    static let format = ImageFormat(rawValue: "pnm")
    var format: ImageFormat { Self.format }
    var fileExtension: String { "ppm" }
    var signatureLength: Int { 2 }

    func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        leadingBytes.count >= 2 && leadingBytes[0] == UInt8(ascii: "P")
            && (leadingBytes[1] == UInt8(ascii: "6") || leadingBytes[1] == UInt8(ascii: "5"))
    }

    /// Reads the header (at most 64 bytes: three numbers of at most 9 digits) within `options`' limits.
    func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        let source = try source.opened()    // one opening for the header and the pixels
        try options.checkInterruption()
        let head = try source.withByteRanges { (read) throws(ImageError) in try read(0, 64) }
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while index < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[index]) { index += 1 }
            var value = 0, digits = 0
            while index < head.count, (0x30...0x39).contains(head[index]), digits < 9 {
                value = value * 10 + Int(head[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0 else { throw .malformed(format: Self.format, message: "bad header field") }
            fields.append(value)
        }
        guard fields[2] == 255 else { throw .unsupported(format: Self.format, feature: "maxval \(fields[2])") }
        let size = PixelSize(width: fields[0], height: fields[1])
        try options.limits.check(size)
        let info = ImageInfo(format: Self.format, size: size, colorModel: head[1] == UInt8(ascii: "5") ? .gray : .rgb)
        return Session(source: source, info: info, pixelOffset: index + 1)
    }

    /// One input, its header read.
    struct Session: ImageDecodingSession {
        let source: ImageSource
        let info: ImageInfo
        /// Where the pixels start.
        let pixelOffset: Int
        /// PNM has no color information: sRGB, as the web assumes for untagged images.
        /// (Required: a session that wraps another forwards the wrapped one's.)
        var colorSpace: ColorSpace { .sRGB }

        /// Full size only (PNM has no reduced decode); rows are read one at a time. A file that
        /// ends early fails a strict decode and leaves the missing rows transparent in a lenient one.
        consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            let options = options.forInput(source)          // the pixels-per-input-byte rule
            try options.limits.check(info.size)             // the decode's own limits
            let channels = info.colorModel == .gray ? 1 : 3
            let width = info.size.width, storedRow = width * channels
            let reservation = try options.limits.reserveMemory(storedRow + width * 4)
            defer { reservation.release() }
            var warnings: [DecodeWarning] = []
            var row = [UInt8](repeating: 0, count: width * 4)
            sink.begin(size: info.size)
            try source.withByteRanges { (read) throws(ImageError) in
                for y in 0..<info.size.height {
                    if sink.isSatisfied { break }
                    try options.checkInterruption()
                    let stored = warnings.isEmpty ? try read(pixelOffset + y * storedRow, storedRow) : []
                    if stored.count < storedRow, warnings.isEmpty {
                        let damage = "pixel data ends at row \(y) of \(info.size.height)"
                        guard options.strictness == .lenient else { throw .truncated(format: ToyPNMCodec.format, message: damage) }
                        warnings.append(DecodeWarning(format: ToyPNMCodec.format, message: damage))
                    }
                    for x in 0..<width {
                        for channel in 0..<3 { row[x * 4 + channel] = stored.isEmpty ? 0 : stored[x * channels + (channels == 1 ? 0 : channel)] }
                        row[x * 4 + 3] = stored.isEmpty ? 0 : 255
                    }
                    row.withUnsafeBufferPointer { sink.consume(PixelRow(y: y, pixels: $0)) }
                }
            }
            return DecodeReport(info: info, outputSize: info.size, warnings: warnings)
        }
    }

    func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        for pixel in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[pixel..<pixel + 3] }
        return bytes
    }
}
