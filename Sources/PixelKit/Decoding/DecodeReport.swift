/// What a decode did: the header's facts, the size actually delivered, and any warnings.
public struct DecodeReport: Sendable, Hashable {
    /// The header's facts.
    public var info: ImageInfo
    /// Size of the rows delivered to the sink (smaller than `info.size` after a reduced decode).
    public var outputSize: PixelSize
    /// Recoverable problems met in lenient mode (empty in strict mode, which throws instead).
    public var warnings: [DecodeWarning]

    /// A report of a decode that delivered rows of `outputSize`.
    public init(info: ImageInfo, outputSize: PixelSize, warnings: [DecodeWarning] = []) {
        self.info = info
        self.outputSize = outputSize
        self.warnings = warnings
    }
}

/// A recoverable problem reported by a codec, in its own words. Its JSON is
/// `{"format":"jpeg","message":"Premature end of JPEG file"}`.
public struct DecodeWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The format of the codec that met the problem.
    public var format: ImageFormat
    /// The codec's own message.
    public var message: String

    /// A warning from the `format` codec.
    public init(format: ImageFormat, message: String) {
        self.format = format
        self.message = message
    }

    /// `"jpeg: Premature end of JPEG file"`.
    public var description: String { "\(format): \(message)" }
}
