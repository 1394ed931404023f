import PixelKit
import PixelKitPlatform

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
        private let sizes = PThreadLocked<[PixelSize?]>([])
        private let threadCounts = PThreadLocked<[Int]>([])
        func record(_ options: DecodeOptions) {
            sizes.withLock { $0.append(options.minimumSize) }
            threadCounts.withLock { $0.append(options.maxThreads) }
        }
        var all: [PixelSize?] { sizes.withLock { $0 } }
        /// The `maxThreads` of every decode, in the order asked.
        var maxThreads: [Int] { threadCounts.withLock { $0 } }
    }

    final class Activity: Sendable {
        private let counts = PThreadLocked((running: 0, most: 0))
        func enter() { counts.withLock { $0.running += 1; $0.most = max($0.most, $0.running) } }
        func leave() { counts.withLock { $0.running -= 1 } }
        /// The largest number of decodes seen running at the same time.
        var mostAtOnce: Int { counts.withLock { $0.most } }
    }

    // MARK: Encoding (also used by tests to build inputs)

    var fileExtension: String { format.rawValue }

    func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
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

    func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        let bytes = try source.allBytes(limit: options.limits.maxInputBytes)
        let (info, pixelsStart) = try header(of: bytes, limits: options.limits)
        return Session(codec: self, bytes: bytes, info: info, pixelsStart: pixelsStart)
    }

    /// The whole input, read at the open.
    struct Session: ImageDecodingSession {
        let codec: InMemoryCodec
        let bytes: [UInt8]
        let info: ImageInfo
        let pixelsStart: Int
        var colorSpace: ColorSpace { .sRGB }

        consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            codec.requests.record(options)
            codec.activity.enter()
            defer { codec.activity.leave() }
            try options.limits.check(info.size)
            let size = info.size
            var factor = 1
            if let minimum = options.minimumSize {
                for candidate in [8, 4, 2] where InMemoryCodec.scaled(size, by: candidate).width >= minimum.width
                    && InMemoryCodec.scaled(size, by: candidate).height >= minimum.height {
                    factor = candidate
                    break
                }
            }
            let output = InMemoryCodec.scaled(size, by: factor)
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
    }

    static func scaled(_ size: PixelSize, by factor: Int) -> PixelSize {
        PixelSize(width: (size.width + factor - 1) / factor, height: (size.height + factor - 1) / factor)
    }

    private func header(of bytes: [UInt8], limits: DecodingLimits) throws(ImageError) -> (info: ImageInfo, pixelsStart: Int) {
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
