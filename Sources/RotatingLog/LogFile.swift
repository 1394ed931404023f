import Logging
import PixelKitPlatform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One log file that several processes (an app and its extensions) and threads append to at once,
/// capped by a ``LogPolicy``, never torn, and crash-safe.
///
/// ```swift
/// let log = try LogFile(path: container.appendingPathComponent("widget.log").path)
/// log.log("Called getTimeline")   // Nov 22, 09:05:03.042 [Widget.swift/getTimeline(in:completion:)/41]: Called getTimeline
/// ```
///
/// It is a reference type because all copies must share one descriptor and one lock state; it is
/// thread-safe and synchronous (a swift-log handler cannot await). Appending never throws: faults
/// go once to the ``fallback`` sink and the record is dropped.
public final class LogFile: Sendable {
    /// Tuning that rarely needs changing.
    public struct Options: Sendable, Hashable {
        /// `fsync` after every record and before trimming's rename, so records survive power loss,
        /// not just a crash of the process. Off by default (it costs a disk flush per record).
        public var synchronizeEachRecord: Bool
        /// The longest wait for a lock held by another process (one that was suspended or stopped
        /// while holding it). After that a record is written without the lock, a trim is skipped.
        public var lockTimeout: Duration
        /// How often an appender compares its descriptor with the file at the path, to follow a
        /// rotation (or an outside tool's rename) promptly. Deletion and trims are seen at once.
        public var identityCheckInterval: Duration
        /// Permissions of created log files (directories get `0o755`), before the umask.
        public var filePermissions: UInt16

        /// Creates options; the defaults suit an app sharing a log with its extensions.
        public init(
            synchronizeEachRecord: Bool = false, lockTimeout: Duration = .seconds(2),
            identityCheckInterval: Duration = .milliseconds(100), filePermissions: UInt16 = 0o644
        ) {
            self.synchronizeEachRecord = synchronizeEachRecord
            self.lockTimeout = lockTimeout
            self.identityCheckInterval = identityCheckInterval
            self.filePermissions = filePermissions
        }
    }

    /// The log file's path.
    public let path: String
    /// How the size is bounded.
    public let policy: LogPolicy
    /// How records become lines.
    public let formatter: any LogRecordFormatter
    /// Where timestamps come from.
    public let clock: any LogClock
    /// Where faults are reported.
    public let fallback: any LogFallbackSink
    /// Tuning.
    public let options: Options

    private let appender: FileAppender
    private let state = PThreadLocked(AppenderState())

    /// Creates a log file handle; the file (and its directory) is created on the first append.
    ///
    /// - Parameters:
    ///   - path: The file's path, e.g. inside an App Group container so app and extensions share it.
    ///   - policy: Trim (default, 2 MiB) or rotate.
    ///   - formatter: Renders records; the default is the seed post's format in local time.
    ///   - clock: Timestamps; inject ``ManualLogClock`` in tests.
    ///   - fallback: Receives faults; standard error by default.
    ///   - options: Locking and durability tuning.
    /// - Throws: ``LogFileError`` for an empty path, an out-of-range policy, or a path that names
    ///   something other than a regular file (a directory, FIFO, device, or a symbolic link, which
    ///   is never followed).
    public convenience init(
        path: String, policy: LogPolicy = .default, formatter: any LogRecordFormatter = TimestampedRecordFormatter(),
        clock: any LogClock = SystemLogClock(), fallback: any LogFallbackSink = StandardErrorSink(),
        options: Options = Options()
    ) throws(LogFileError) {
        try self.init(path: path, policy: policy, formatter: formatter, clock: clock, fallback: fallback,
                      options: options, system: .live)
    }

    init(
        path: String, policy: LogPolicy, formatter: any LogRecordFormatter, clock: any LogClock,
        fallback: any LogFallbackSink, options: Options, system: FileSystemCalls
    ) throws(LogFileError) {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw .file(FileError(path: path, operation: .create, problem: .notAFileName)) }
        try policy.validate()
        // Refused at once rather than on the first append: writing into a FIFO would block, into
        // a device would lose the records, and through a symbolic link would append elsewhere.
        if case .success(let status) = system.linkStatus(PlatformPath(path)), status.kind != .regular {
            throw .file(FileError(path: path, operation: .create, problem: .notARegularFile(status.kind)))
        }
        self.path = path
        self.policy = policy
        self.formatter = formatter
        self.clock = clock
        self.fallback = fallback
        self.options = options
        appender = FileAppender(path: path, policy: policy, options: options, system: system)
    }

    deinit {
        state.withLock { appender.close(&$0) }
    }

    // MARK: Writing

    /// Appends `message` with the current time and the call site, like the seed's `WidgetLogger.log`.
    ///
    /// - Parameters:
    ///   - message: The text; line breaks in it are written as `\n`.
    ///   - file: Defaults to `#fileID`; only the file name is printed.
    ///   - function: Defaults to `#function`.
    ///   - line: Defaults to `#line`.
    /// - Returns: Whether the record was written (`false`: dropped, the fault went to ``fallback``).
    @discardableResult
    public func log(_ message: String, file: String = #fileID, function: String = #function, line: UInt = #line) -> Bool {
        append(LogRecord(timestamp: clock.now(), message: message, file: file, function: function, line: line))
    }

    /// Formats `record` and appends it as one line with one `write`.
    ///
    /// - Returns: Whether the record was written (possibly cut to the policy's record limit);
    ///   `false` when it was dropped (the fault went to ``fallback``) or the file is closed.
    @discardableResult
    public func append(_ record: LogRecord) -> Bool {
        var line: [UInt8] = []
        formatter.format(record, into: &line)
        let truncatedFrom = RecordFraming.frame(&line, maxBytes: policy.maxRecordBytes)
        let (written, faults) = state.withLock { state in
            var faults: [LogFileFault] = []
            if let original = truncatedFrom, !state.reported.contains(.truncation) {
                state.reported.insert(.truncation)
                faults.append(.recordTruncated(path: path, originalBytes: original, keptBytes: line.count - 1))
            }
            let written = appender.append(line, state: &state, faults: &faults)
            return (written, faults)
        }
        for fault in faults { fallback.report(fault) }
        return written
    }

    /// Closes the descriptor; later appends are ignored. Reading still works.
    public func close() {
        state.withLock { appender.close(&$0) }
    }

    // MARK: Reading (safe while any process appends)

    /// Every whole record, oldest first (for a rotate policy: `name.N` … `name.1`, then `name`).
    public func contents() throws(LogFileError) -> [UInt8] {
        try FileReader(appender: appender).contents()
    }

    /// ``contents()`` decoded as UTF-8 (invalid sequences become U+FFFD).
    public func text() throws(LogFileError) -> String {
        String(decoding: try contents(), as: UTF8.self)
    }

    /// The last `count` whole records without their newlines, oldest first. Reads backwards from
    /// the end, so it costs about `count` records of I/O, not the whole file.
    public func lastRecords(_ count: Int) throws(LogFileError) -> [String] {
        try FileReader(appender: appender).lastRecords(count)
    }

    /// The live file, e.g. for a share sheet when the policy is trim (it is replaced atomically, so a
    /// reader always sees a whole file). For rotated logs prefer ``snapshot(into:)``.
    public var url: URL { URL(fileURLWithPath: path) }

    /// The paths of the files of this log that exist, oldest first, then the live file (listed even
    /// before its first record). Rotated files are found by listing the directory.
    public var filePaths: [String] { FileReader(appender: appender).paths }

    /// Writes ``contents()`` (all files, whole records) to a new file named like the log inside
    /// `directory`, replacing any earlier snapshot atomically (the package's one atomic writer:
    /// temporary file, `fsync`, rename; a symbolic link there is refused), and returns its URL for sharing.
    public func snapshot(into directory: URL) throws(LogFileError) -> URL {
        let bytes = try contents()
        let name = path.split(separator: "/").last.map(String.init) ?? "log"
        let destination = directory.appendingPathComponent(name).path
        do {
            try AtomicFileWriter(permissions: mode_t(options.filePermissions)).write(bytes, to: PlatformPath(destination))
        } catch {
            throw .file(FileError(error))
        }
        return URL(fileURLWithPath: destination)
    }

    static func rotatedPath(_ path: String, _ index: Int) -> String { "\(path).\(index)" }
}
