/// The default format, the seed post's: `MMM d, HH:mm:ss.SSS [File.swift/function/line]: message`.
///
/// Records from swift-log add the level, label and metadata before the colon, so the message
/// always ends the line:
/// `Nov 22, 09:05:03.042 [Widget.swift/timeline()/12] info widget request=7: loaded 3 entries`.
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

    /// Creates the formatter.
    public init(zone: Zone = .local) {
        self.zone = zone
    }

    /// The record as one line of text, without the trailing newline.
    public func format(_ record: LogRecord) -> String {
        var out = ""
        out.reserveCapacity(48 + record.message.utf8.count)
        CalendarStamp.append(record.timestamp, utc: zone == .utc, to: &out)
        out += " ["
        out += Self.lastPathComponent(record.file)
        out += "/"
        out += record.function
        out += "/"
        out += String(record.line)
        out += "]"
        if let level = record.level {
            out += " "
            out += level.rawValue
        }
        if let label = record.label, !label.isEmpty {
            out += " "
            out += label
        }
        for key in record.metadata.keys.sorted() {
            out += " "
            out += key
            out += "="
            out += record.metadata[key].map { "\($0)" } ?? ""
        }
        out += ": "
        out += record.message
        return out
    }

    private static func lastPathComponent(_ path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }
}
