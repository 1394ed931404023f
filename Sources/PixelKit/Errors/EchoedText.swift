/// Cuts user-supplied text (a file name, a JSON key, an option's value) before it is echoed in an
/// error message, so a hostile or accidental megabyte of input never floods standard error or a
/// JSON error line. The one place the package does this: messages call ``cut(_:)``.
package enum EchoedText {
    /// The most characters of user text a message repeats.
    package static let maximumCharacters = 200

    /// `text` if it has at most ``maximumCharacters`` characters, else its first ones followed by
    /// `…(N more characters)`.
    package static func cut(_ text: some StringProtocol) -> String {
        var end = text.startIndex
        var kept = 0
        while end < text.endIndex, kept < maximumCharacters {
            text.formIndex(after: &end)
            kept += 1
        }
        guard end < text.endIndex else { return String(text) }
        return String(text[..<end]) + "…(\(text[end...].count) more characters)"
    }
}
