import PixelKit

/// A third-party codec written only against the core's public protocols: binary PPM ("P6") and
/// PGM ("P5") with maxval 255. It proves a codec plugs in without touching the core.
struct ToyPNMCodec: ImageDecoder, ImageEncoder {
    static let format = ImageFormat(rawValue: "pnm")
    var format: ImageFormat { Self.format }
    var signatureLength: Int { 2 }
    var fileExtension: String { "ppm" }

    func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        leadingBytes.count >= 2 && leadingBytes[0] == UInt8(ascii: "P") && (leadingBytes[1] == UInt8(ascii: "6") || leadingBytes[1] == UInt8(ascii: "5"))
    }

    func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try parseHeader(try source.allBytes(limit: limits.maxInputBytes), limits: limits).info
    }

    func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
        let bytes = try source.allBytes(limit: options.limits.maxInputBytes)
        let header = try parseHeader(bytes, limits: options.limits)
        let channels = header.info.colorModel == .gray ? 1 : 3
        let width = header.info.width
        guard bytes.count - header.dataOffset >= width * header.info.height * channels else {
            throw ImageError.truncated(format: format, message: "pixel data ends early")
        }
        var row = [UInt8](repeating: 255, count: width * 4)
        sink.begin(size: header.info.size)
        for y in 0..<header.info.height {
            for x in 0..<width {
                let source = header.dataOffset + (y * width + x) * channels
                for channel in 0..<3 { row[x * 4 + channel] = bytes[source + (channels == 1 ? 0 : channel)] }
            }
            row.withUnsafeBufferPointer { sink.consume(PixelRow(y: y, pixels: $0)) }
            if sink.isSatisfied { break }
        }
        return DecodeReport(info: header.info, outputSize: header.info.size)
    }

    func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        for pixel in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[pixel..<pixel + 3] }
        return bytes
    }

    private func parseHeader(_ bytes: [UInt8], limits: DecodingLimits) throws(ImageError) -> (info: ImageInfo, dataOffset: Int) {
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            var value = 0
            var digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 9 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0 else { throw ImageError.malformed(format: format, message: "bad header field") }
            fields.append(value)
        }
        guard fields[2] == 255 else { throw ImageError.unsupported(format: format, feature: "maxval \(fields[2])") }
        let size = PixelSize(width: fields[0], height: fields[1])
        try limits.check(size)
        let gray = bytes[1] == UInt8(ascii: "5")
        return (ImageInfo(format: format, size: size, colorModel: gray ? .gray : .rgb), index + 1)
    }
}
