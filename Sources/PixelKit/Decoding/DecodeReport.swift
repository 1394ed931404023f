/// What a decode did: the header's facts, the size actually delivered, and any warnings.
public struct DecodeReport: Sendable, Hashable {
    public var info: ImageInfo
    /// Size of the rows delivered to the sink (smaller than `info.size` after a reduced decode).
    public var outputSize: PixelSize
    /// Recoverable problems met in lenient mode (empty in strict mode, which throws instead).
    public var warnings: [DecodeWarning]

    public init(info: ImageInfo, outputSize: PixelSize, warnings: [DecodeWarning] = []) {
        self.info = info
        self.outputSize = outputSize
        self.warnings = warnings
    }
}

/// A recoverable problem reported by a codec, in its own words.
public struct DecodeWarning: Sendable, Hashable, CustomStringConvertible {
    public var format: ImageFormat
    public var message: String

    public init(format: ImageFormat, message: String) {
        self.format = format
        self.message = message
    }

    public var description: String { "\(format): \(message)" }
}
