import Logging

/// One entry of a log file before it is formatted.
public struct LogRecord: Sendable {
    /// When the record was made.
    public var timestamp: LogTimestamp
    /// The swift-log level, or `nil` for the direct ``LogFile/log(_:file:function:line:)`` API.
    public var level: Logger.Level?
    /// The logger's label (swift-log) or the command-line `--label`; `nil` or empty for none.
    public var label: String?
    /// The text of the record. Line breaks in it are escaped when written (`\n` becomes `\\n`).
    public var message: String
    /// Key-value pairs, rendered sorted by key.
    public var metadata: Logger.Metadata
    /// Source file, usually `#fileID` (`Module/File.swift`); only its last path component is printed.
    public var file: String
    /// Function, usually `#function`.
    public var function: String
    /// Line, usually `#line`.
    public var line: UInt

    /// Creates a record.
    public init(
        timestamp: LogTimestamp, level: Logger.Level? = nil, label: String? = nil, message: String,
        metadata: Logger.Metadata = [:], file: String, function: String, line: UInt
    ) {
        self.timestamp = timestamp
        self.level = level
        self.label = label
        self.message = message
        self.metadata = metadata
        self.file = file
        self.function = function
        self.line = line
    }
}
