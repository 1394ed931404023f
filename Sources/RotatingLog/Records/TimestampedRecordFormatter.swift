/// The default format, the seed post's: `MMM d, HH:mm:ss.SSS [File.swift/function/line]: message`.
///
/// Records from swift-log add the level, label and metadata before the colon, so the message
/// always ends the line:
/// `Nov 22, 09:05:03.042 [Widget.swift/timeline()/12] info widget request=7: loaded 3 entries`.
///
/// The calendar fields are computed once per second and reused (the seed post warns against a new
/// `DateFormatter` per record); the line is written as UTF-8 bytes without an intermediate `String`.
public struct TimestampedRecordFormatter: LogRecordFormatter {
    /// The time zone the timestamp is written in.
    public enum Zone: Sendable, Hashable {
        /// The process's local time zone (`TZ`, else the system's).
        case local
        /// Coordinated Universal Time.
        case utc
    }

    /// The time zone the timestamp is written in.
    public var zone: Zone

    private let stamps = CalendarStamp()

    /// Creates the formatter.
    public init(zone: Zone = .local) {
        self.zone = zone
    }

    /// The record as one line of text, without the trailing newline.
    public func format(_ record: LogRecord) -> String {
        var line: [UInt8] = []
        format(record, into: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the record's line, as UTF-8, to `line`.
    public func format(_ record: LogRecord, into line: inout [UInt8]) {
        line.reserveCapacity(line.count + 64 + record.file.utf8.count + record.function.utf8.count + record.message.utf8.count)
        stamps.append(record.timestamp, utc: zone == .utc, to: &line)
        line.append(UInt8(ascii: " "))
        line.append(UInt8(ascii: "["))
        line.append(contentsOf: Self.lastPathComponent(record.file))
        line.append(UInt8(ascii: "/"))
        line.append(contentsOf: record.function.utf8)
        line.append(UInt8(ascii: "/"))
        DecimalDigits.append(record.line, to: &line)
        line.append(UInt8(ascii: "]"))
        if let level = record.level {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: level.rawValue.utf8)
        }
        if let label = record.label, !label.isEmpty {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: label.utf8)
        }
        for key in record.metadata.keys.sorted() {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: key.utf8)
            line.append(UInt8(ascii: "="))
            if let value = record.metadata[key] { line.append(contentsOf: "\(value)".utf8) }
        }
        line.append(UInt8(ascii: ":"))
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: record.message.utf8)
    }

    private static func lastPathComponent(_ path: String) -> Substring.UTF8View {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...].utf8 }
        return path[path.utf8.index(after: slash)...].utf8
    }
}
