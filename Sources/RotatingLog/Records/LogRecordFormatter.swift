/// Turns a record into the text of one log line.
public protocol LogRecordFormatter: Sendable {
    /// The record's text without a trailing newline. The log file adds the newline, escapes line
    /// breaks inside the text and truncates it if it exceeds the policy's record limit.
    func format(_ record: LogRecord) -> String
}
