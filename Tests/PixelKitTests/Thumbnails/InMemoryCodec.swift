import PixelKit
import Synchronization

/// A test-only codec for an uncompressed format, so the thumbnail pipeline can be tested without
/// the C codecs: magic (4 bytes), width and height (UInt16 little-endian), EXIF orientation (1 byte),
/// then RGBA8 pixels. Like a JPEG decoder it decodes reduced, at 1/2, 1/4 or 1/8 (block means,
/// sizes rounded up), choosing the smallest scale still at least `minimumSize`.
struct InMemoryCodec: ImageDecoder, ImageEncoder {
    let format: ImageFormat
    let magic: [UInt8]
    /// Every `minimumSize` a decode was asked for, for assertions.
    let requests = Requests()
    /// How many decodes run at once.
    let activity = Activity()

    init(format: ImageFormat = ImageFormat(rawValue: "raw"), magic: [UInt8] = Array("RAW1".utf8)) {
        self.format = format
        self.magic = magic
    }

    final class Requests: Sendable {
        private let sizes = Mutex<[PixelSize?]>([])
        func record(_ size: PixelSize?) { sizes.withLock { $0.append(size) } }
        var all: [PixelSize?] { sizes.withLock { $0 } }
    }

    final class Activity: Sendable {
        private let counts = Mutex((running: 0, most: 0))
        func enter() { counts.withLock { $0.running += 1; $0.most = max($0.most, $0.running) } }
        func leave() { counts.withLock { $0.running -= 1 } }
        /// The largest number of decodes seen running at the same time.
        var mostAtOnce: Int { counts.withLock { $0.most } }
    }

    // MARK: Encoding (also used by tests to build inputs)

    var fileExtension: String { format.rawValue }

    func encode(_ image: RGBAImage, options: EncodeOptions) throws -> [UInt8] {
        Self.file(image, magic: magic)
    }

    static func file(_ image: RGBAImage, magic: [UInt8] = Array("RAW1".utf8), orientation: ImageOrientation = .up) -> [UInt8] {
        var bytes = magic
        for side in [image.width, image.height] { bytes += [UInt8(side & 0xFF), UInt8(side >> 8)] }
        bytes.append(UInt8(orientation.rawValue))
        return bytes + image.pixels
    }

    // MARK: Decoding

    var signatureLength: Int { magic.count }

    func recognizes(_ leadingBytes: [UInt8]) -> Bool { leadingBytes == magic }

    func probe(_ source: ImageSource, limits: DecodingLimits) throws -> ImageInfo {
        try header(of: source.allBytes(limit: limits.maxInputBytes), limits: limits).info
    }

    func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws -> DecodeReport {
        requests.record(options.minimumSize)
        activity.enter()
        defer { activity.leave() }
        let bytes = try source.allBytes(limit: options.limits.maxInputBytes)
        let (info, pixelsStart) = try header(of: bytes, limits: options.limits)
        let size = info.size
        var factor = 1
        if let minimum = options.minimumSize {
            for candidate in [8, 4, 2] where Self.scaled(size, by: candidate).width >= minimum.width
                && Self.scaled(size, by: candidate).height >= minimum.height {
                factor = candidate
                break
            }
        }
        let output = Self.scaled(size, by: factor)
        sink.begin(size: output)
        var row = [UInt8](repeating: 0, count: output.width * 4)
        for y in 0..<output.height {
            if sink.isSatisfied { break }
            for x in 0..<output.width {
                var sums = [Int](repeating: 0, count: 4)
                var count = 0
                for sy in (y * factor)..<min((y + 1) * factor, size.height) {
                    for sx in (x * factor)..<min((x + 1) * factor, size.width) {
                        let offset = pixelsStart + (sy * size.width + sx) * 4
                        for channel in 0..<4 { sums[channel] += Int(bytes[offset + channel]) }
                        count += 1
                    }
                }
                for channel in 0..<4 { row[x * 4 + channel] = UInt8((sums[channel] + count / 2) / count) }
            }
            row.withUnsafeBufferPointer { sink.consume(PixelRow(y: y, pixels: $0)) }
        }
        return DecodeReport(info: info, outputSize: output)
    }

    static func scaled(_ size: PixelSize, by factor: Int) -> PixelSize {
        PixelSize(width: (size.width + factor - 1) / factor, height: (size.height + factor - 1) / factor)
    }

    private func header(of bytes: [UInt8], limits: DecodingLimits) throws -> (info: ImageInfo, pixelsStart: Int) {
        let headerLength = magic.count + 5
        guard bytes.count >= headerLength, Array(bytes.prefix(magic.count)) == magic else {
            throw ImageError.malformed(format: format, message: "bad header")
        }
        let width = Int(bytes[magic.count]) | Int(bytes[magic.count + 1]) << 8
        let height = Int(bytes[magic.count + 2]) | Int(bytes[magic.count + 3]) << 8
        let size = PixelSize(width: width, height: height)
        try limits.check(size)
        guard bytes.count == headerLength + width * height * 4 else {
            throw ImageError.truncated(format: format, message: "expected \(width * height * 4) pixel bytes")
        }
        let orientation = ImageOrientation(rawValue: Int(bytes[magic.count + 4])) ?? .up
        var hasAlpha = false
        for offset in stride(from: headerLength + 3, to: bytes.count, by: 4) where bytes[offset] != 255 {
            hasAlpha = true
            break
        }
        return (ImageInfo(format: format, size: size, orientation: orientation, hasAlpha: hasAlpha), headerLength)
    }
}

/// Synthetic test images.
enum TestImages {
    /// A smooth, asymmetric color pattern (no two corners alike), opaque.
    static func pattern(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                pixels[p] = UInt8(x * 255 / max(width - 1, 1))
                pixels[p + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels[p + 2] = UInt8((x + 2 * y) * 255 / max(width - 1 + 2 * (height - 1), 1))
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The pixel at `(x, y)` as four bytes.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = (y * image.width + x) * 4
        return Array(image.pixels[p..<p + 4])
    }

    /// Mean absolute difference per sample of two images of the same size (nil if sizes differ).
    static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double? {
        guard a.size == b.size, !a.pixels.isEmpty else { return nil }
        var total = 0
        for index in a.pixels.indices { total += abs(Int(a.pixels[index]) - Int(b.pixels[index])) }
        return Double(total) / Double(a.pixels.count)
    }

    /// The upright view of `image` as the EXIF specification words each tag ("mirror horizontal
    /// and rotate 90 CW"…), composed from two primitive moves — independent of the library's
    /// index arithmetic.
    static func upright(_ image: RGBAImage, _ orientation: ImageOrientation) -> RGBAImage {
        switch orientation {
        case .up: image
        case .upMirrored: mirroredHorizontally(image)
        case .down: rotatedClockwise(rotatedClockwise(image))
        case .downMirrored: rotatedClockwise(rotatedClockwise(mirroredHorizontally(image)))
        case .leftMirrored: rotatedClockwise(rotatedClockwise(rotatedClockwise(mirroredHorizontally(image))))
        case .right: rotatedClockwise(image)
        case .rightMirrored: rotatedClockwise(mirroredHorizontally(image))
        case .left: rotatedClockwise(rotatedClockwise(rotatedClockwise(image)))
        }
    }

    static func mirroredHorizontally(_ image: RGBAImage) -> RGBAImage {
        remapped(image, width: image.width, height: image.height) { x, y in (image.width - 1 - x, y) }
    }

    /// Turned a quarter clockwise: the left column becomes the top row.
    static func rotatedClockwise(_ image: RGBAImage) -> RGBAImage {
        remapped(image, width: image.height, height: image.width) { x, y in (y, image.height - 1 - x) }
    }

    /// An image whose pixel (x, y) is `image`'s pixel at `source(x, y)`.
    private static func remapped(_ image: RGBAImage, width: Int, height: Int, source: (Int, Int) -> (Int, Int)) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (sx, sy) = source(x, y)
                pixels += pixel(image, sx, sy)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
