import Logging

/// A swift-log backend that appends to a shared ``LogFile``:
///
/// ```swift
/// let file = try LogFile(path: sharedLogPath)
/// LoggingSystem.bootstrap { RotatingLogHandler(label: $0, file: file) }
/// Logger(label: "widget").info("timeline", metadata: ["entries": "3"])
/// ```
///
/// A value type, as swift-log requires: copies share the file but not level or metadata.
public struct RotatingLogHandler: LogHandler {
    /// The logger's label, written into each record.
    public let label: String
    /// The file records go to.
    public let file: LogFile
    /// Records below this level are not formatted or written.
    public var logLevel: Logger.Level
    /// Metadata added to every record of this handler.
    public var metadata: Logger.Metadata
    /// Contextual metadata (e.g. task-local) merged into every record.
    public var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - label: The logger's label (the argument of `LoggingSystem.bootstrap`'s factory).
    ///   - file: The shared log file.
    ///   - logLevel: The minimum level written; `.info` by default, as swift-log's own handlers.
    ///   - metadataProvider: Defaults to the one given to `LoggingSystem.bootstrap`.
    public init(
        label: String, file: LogFile, logLevel: Logger.Level = .info,
        metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider
    ) {
        self.label = label
        self.file = file
        self.logLevel = logLevel
        self.metadata = [:]
        self.metadataProvider = metadataProvider
    }

    /// Handler metadata by key.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one record: handler metadata, then the provider's, then the event's (later wins),
    /// plus `error` if the event carries one.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        if let error = event.error { merged["error"] = "\(error)" }
        file.append(LogRecord(
            timestamp: file.clock.now(), level: event.level, label: label, message: event.message.description,
            metadata: merged, file: event.file, function: event.function, line: event.line))
    }
}
