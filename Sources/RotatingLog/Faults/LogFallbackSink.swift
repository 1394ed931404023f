import PixelKitPlatform

/// Receives the faults a log file cannot write into itself.
///
/// Called outside the log file's internal lock, from whichever thread was appending; it must not block
/// for long. It may log to another destination but should not append to the same ``LogFile``.
public protocol LogFallbackSink: Sendable {
    /// Reports one fault.
    func report(_ fault: LogFileFault)
}

/// Writes each fault as one line `RotatingLog: <description>` to standard error.
public struct StandardErrorSink: LogFallbackSink {
    /// Creates the sink.
    public init() {}

    /// Writes `RotatingLog: <fault>` and a newline to standard error with one `write`.
    public func report(_ fault: LogFileFault) {
        var line = "RotatingLog: \(fault)\n"
        line.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            _ = write(STDERR_FILENO, base, bytes.count)
        }
    }
}
