import PixelKit
import PixelKitPalette

/// The layout of one disk-cache file:
///
/// | bytes | field |
/// | --- | --- |
/// | 8 | magic `PXKCACHE` |
/// | 4 | format version (5), little-endian like every number here |
/// | 4 | summary length *m* (≤ 64 KiB) |
/// | 8 | data length *n* |
/// | 8 | FNV-1a 64 of the summary |
/// | 8 | FNV-1a 64 of the data |
/// | *m* | summary: the key, header facts, average color, BlurHash, decoder warnings, HTTP cache metadata, then the palette if computed |
/// | *n* | the original bytes |
///
/// The file's length must be exactly 40 + *m* + *n*, and both checksums must match: anything else
/// (a torn write, a tampered byte, another program's file) is not an entry. Files of earlier versions
/// (1: no warnings, no HTTP metadata; 2: no `stale-while-revalidate`, no `Vary` values; 3: no stored
/// `Cache-Control`, `Expires` and `Date`; 4: no frame count or color space, and average colors,
/// BlurHashes and palettes computed before colors were converted to sRGB) read as misses and are
/// replaced when loaded again. An entry
/// this reader would refuse (a summary over 64 KiB, more than 64 `Vary` names) is never written. The palette is an optional tail: a summary without it
/// reads as one whose palette is not computed yet.
enum DiskCacheEntryFormat {
    static let magic: [UInt8] = Array("PXKCACHE".utf8)
    static let version: UInt32 = 5
    static let headerLength = 40
    static let maxSummaryLength = 64 << 10
    /// The most `Vary` names an entry may keep.
    static let maxVaryingHeaders = 64

    struct Header {
        var summaryLength: Int
        var dataLength: Int
        var summaryChecksum: UInt64
        var dataChecksum: UInt64
        var fileLength: Int { DiskCacheEntryFormat.headerLength + summaryLength + dataLength }
    }

    /// The header and summary bytes that precede `data` in the file.
    /// - Throws: ``ImagePipelineError/cacheEntryTooLarge(url:summaryBytes:limit:)`` or
    ///   ``ImagePipelineError/tooManyVaryingHeaders(url:count:limit:)`` for an entry that could not be
    ///   read back: written, it would be a miss on every run.
    static func prefix(
        key: String, summary: ImageSummary, metadata: HTTPCacheMetadata, dataLength: Int, dataChecksum: UInt64
    ) throws(ImagePipelineError) -> [UInt8] {
        guard metadata.varyingHeaders.count <= maxVaryingHeaders else {
            throw .tooManyVaryingHeaders(url: key, count: metadata.varyingHeaders.count, limit: maxVaryingHeaders)
        }
        var body = ByteWriter()
        body.string(key)
        body.string(summary.info.format.rawValue)
        body.int(summary.info.size.width)
        body.int(summary.info.size.height)
        body.int(summary.info.orientation.rawValue)
        body.int(summary.info.bitDepth)
        body.int(summary.info.hasAlpha ? 1 : 0)
        body.string(summary.info.colorModel.rawValue)
        body.int(summary.info.isProgressive ? 1 : 0)
        body.int(summary.info.frames)
        body.optionalString(summary.info.colorSpaceName)
        body.int(summary.info.hasColorProfile ? 1 : 0)
        body.int(summary.byteCount)
        if let color = summary.averageColor {
            body.int(1)
            body.color(color)
        } else {
            body.int(0)
        }
        if let hash = summary.blurHash {
            body.int(1)
            body.string(hash)
        } else {
            body.int(0)
        }
        body.int(summary.warnings.count)
        for warning in summary.warnings { body.string(warning) }
        body.uint64(metadata.storedAt.bitPattern)
        body.uint64(metadata.freshUntil.bitPattern)
        body.optionalString(metadata.entityTag)
        body.optionalString(metadata.lastModified)
        body.int(metadata.mustRevalidate ? 1 : 0)
        body.uint64(metadata.staleWhileRevalidate.bitPattern)
        body.int(metadata.varyingHeaders.count)
        for (name, value) in metadata.varyingHeaders.sorted(by: { $0.key < $1.key }) {
            body.string(name)
            body.string(value)
        }
        body.optionalString(metadata.freshnessHeaders.cacheControl)
        body.optionalString(metadata.freshnessHeaders.expires)
        body.optionalString(metadata.freshnessHeaders.date)
        if let palette = summary.palette {
            body.color(palette.source)
            body.int(palette.sourceIsFallback ? 1 : 0)
            body.int(palette.decodedSize.width)
            body.int(palette.decodedSize.height)
            body.int(palette.swatches.count)
            for swatch in palette.swatches {
                body.color(swatch.color)
                body.uint64(swatch.share.bitPattern)
            }
        }
        guard body.bytes.count <= maxSummaryLength else {
            throw .cacheEntryTooLarge(url: key, summaryBytes: body.bytes.count, limit: maxSummaryLength)
        }
        var header = ByteWriter()
        header.bytes.append(contentsOf: magic)
        header.uint32(version)
        header.uint32(UInt32(body.bytes.count))
        header.uint64(UInt64(dataLength))
        header.uint64(FNV1a64.hash(body.bytes))
        header.uint64(dataChecksum)
        return header.bytes + body.bytes
    }

    /// The header's fields, or nil when it is not a header of this version.
    static func header(_ bytes: [UInt8]) -> Header? {
        guard bytes.count == headerLength, Array(bytes[0..<8]) == magic else { return nil }
        var reader = ByteReader(bytes: bytes, offset: 8)
        guard reader.uint32() == version, let summaryLength = reader.uint32(), let dataLength = reader.uint64(),
              let summaryChecksum = reader.uint64(), let dataChecksum = reader.uint64(),
              summaryLength <= maxSummaryLength, dataLength <= UInt64(Int.max / 2) else { return nil }
        return Header(summaryLength: Int(summaryLength), dataLength: Int(dataLength), summaryChecksum: summaryChecksum, dataChecksum: dataChecksum)
    }

    /// The key and summary, or nil when the bytes do not parse.
    static func summary(_ bytes: [UInt8]) -> (key: String, summary: ImageSummary, metadata: HTTPCacheMetadata)? {
        var reader = ByteReader(bytes: bytes, offset: 0)
        guard let key = reader.string(), let format = reader.string(), let width = reader.int(), let height = reader.int(),
              let orientationValue = reader.int(), let orientation = ImageOrientation(rawValue: orientationValue),
              let bitDepth = reader.int(), let hasAlpha = reader.int(), let colorModelName = reader.string(),
              let colorModel = ImageInfo.ColorModel(rawValue: colorModelName), let progressive = reader.int(),
              let frames = reader.int(), frames >= 1, let colorSpaceName = reader.optionalString(), let hasColorProfile = reader.int(),
              let byteCount = reader.int(), let hasColor = reader.int() else { return nil }
        var color: RGBAColor?
        if hasColor == 1 {
            guard let stored = reader.color() else { return nil }
            color = stored
        }
        guard let hasHash = reader.int() else { return nil }
        var hash: String?
        if hasHash == 1 {
            guard let text = reader.string() else { return nil }
            hash = text
        }
        guard let warningCount = reader.int(), (0...1024).contains(warningCount) else { return nil }
        var warnings: [String] = []
        for _ in 0..<warningCount {
            guard let warning = reader.string() else { return nil }
            warnings.append(warning)
        }
        guard let storedAt = reader.uint64(), let freshUntil = reader.uint64(), let entityTag = reader.optionalString(),
              let lastModified = reader.optionalString(), let mustRevalidate = reader.int(),
              let staleWhileRevalidate = reader.uint64(), let varyCount = reader.int(), (0...maxVaryingHeaders).contains(varyCount) else { return nil }
        var varyingHeaders: [String: String] = [:]
        for _ in 0..<varyCount {
            guard let name = reader.string(), let value = reader.string() else { return nil }
            varyingHeaders[name] = value
        }
        guard let cacheControl = reader.optionalString(), let expires = reader.optionalString(), let date = reader.optionalString() else { return nil }
        let metadata = HTTPCacheMetadata(
            storedAt: Double(bitPattern: storedAt), freshUntil: Double(bitPattern: freshUntil), entityTag: entityTag.value,
            lastModified: lastModified.value, mustRevalidate: mustRevalidate == 1,
            staleWhileRevalidate: Double(bitPattern: staleWhileRevalidate), varyingHeaders: varyingHeaders,
            freshnessHeaders: HTTPCacheHeaders(cacheControl: cacheControl.value, expires: expires.value, date: date.value))
        let info = ImageInfo(
            format: ImageFormat(rawValue: format), size: PixelSize(width: width, height: height), orientation: orientation,
            bitDepth: bitDepth, hasAlpha: hasAlpha == 1, colorModel: colorModel, isProgressive: progressive == 1,
            frames: frames, colorSpaceName: colorSpaceName.value, hasColorProfile: hasColorProfile == 1)
        var palette: Palette?
        if !reader.isAtEnd {
            guard let source = reader.color(), let fallback = reader.int(), let decodedWidth = reader.int(),
                  let decodedHeight = reader.int(), let count = reader.int(), (0...maxSwatches).contains(count) else { return nil }
            var swatches: [Swatch] = []
            for _ in 0..<count {
                guard let color = reader.color(), let share = reader.uint64() else { return nil }
                swatches.append(Swatch(color: color, share: Double(bitPattern: share)))
            }
            palette = Palette(
                swatches: swatches, source: source, sourceIsFallback: fallback == 1, info: info,
                decodedSize: PixelSize(width: decodedWidth, height: decodedHeight))
        }
        guard reader.isAtEnd else { return nil }
        let summary = ImageSummary(info: info, byteCount: byteCount, averageColor: color, blurHash: hash, palette: palette, warnings: warnings)
        return (key, summary, metadata)
    }

    /// The most swatches a stored palette may hold (PaletteOptions allows 256 colors).
    static let maxSwatches = 256
}

/// Little-endian fields appended to a byte array.
private struct ByteWriter {
    var bytes: [UInt8] = []
    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func int(_ value: Int) { uint64(UInt64(bitPattern: Int64(value))) }
    mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        uint32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }
    mutating func optionalString(_ value: String?) {
        int(value == nil ? 0 : 1)
        if let value { string(value) }
    }
    /// Red, green, blue and alpha, each a Double's bit pattern.
    mutating func color(_ value: RGBAColor) {
        for component in [value.red, value.green, value.blue, value.alpha] { uint64(component.bitPattern) }
    }
}

/// Reads what `ByteWriter` wrote; every read is bounds-checked and returns nil past the end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset: Int
    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint32() -> UInt32? {
        take(4).map { $0.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }

    mutating func uint64() -> UInt64? {
        take(8).map { $0.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    }

    mutating func int() -> Int? { uint64().map { Int(Int64(bitPattern: $0)) } }

    mutating func color() -> RGBAColor? {
        guard let red = uint64(), let green = uint64(), let blue = uint64(), let alpha = uint64() else { return nil }
        return RGBAColor(red: Double(bitPattern: red), green: Double(bitPattern: green), blue: Double(bitPattern: blue), alpha: Double(bitPattern: alpha))
    }

    mutating func string() -> String? {
        guard let length = uint32(), let utf8 = take(Int(length)) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// A present-or-absent string; nil (the outer optional) when the bytes do not parse.
    mutating func optionalString() -> OptionalField? {
        guard let present = int() else { return nil }
        if present == 0 { return OptionalField(value: nil) }
        guard present == 1, let text = string() else { return nil }
        return OptionalField(value: text)
    }

    /// A parsed optional string (nested optionals read badly).
    struct OptionalField { var value: String? }
}
