/// Turns a record into one line of text (without the trailing newline, which the log file adds).
///
/// Implement ``format(_:)``; implement ``format(_:into:)`` too when the formatter can produce UTF-8
/// bytes directly, which saves building a `String` per record on the append path.
public protocol LogRecordFormatter: Sendable {
    /// The record as one line of text, without the trailing newline.
    func format(_ record: LogRecord) -> String

    /// Appends the UTF-8 bytes of ``format(_:)`` to `line`.
    func format(_ record: LogRecord, into line: inout [UInt8])
}

extension LogRecordFormatter {
    /// Appends `format(record).utf8`.
    public func format(_ record: LogRecord, into line: inout [UInt8]) {
        line.append(contentsOf: format(record).utf8)
    }
}
