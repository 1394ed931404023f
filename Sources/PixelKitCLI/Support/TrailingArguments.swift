import ArgumentParser
import PixelKit

/// A command whose last argument is a list (files, `--at` times …) that may be very long.
protocol TrailingListCommand: ParsableCommand {
    /// Appends words of the trailing list that were not given to ArgumentParser.
    mutating func appendTrailing(_ words: ArraySlice<String>) throws
}

/// Keeps every command linear in the length of its command line.
///
/// ArgumentParser 1.x removes each parsed word from its list with a linear search, so parsing n
/// arguments takes O(n²) time (100,000 `--at` values took minutes). `pixelkit` hands it the command
/// line without the long run of values at its end (keeping the first ``kept`` of them, so the
/// command's list is still seen and checked as usual) and appends the rest to that list itself.
enum TrailingArguments {
    /// Values of the trailing run still parsed by ArgumentParser.
    static let kept = 64

    /// The words for ArgumentParser and the rest of the trailing run of values (empty when short).
    static func split(_ arguments: [String]) -> (head: [String], tail: ArraySlice<String>) {
        var start = arguments.endIndex
        while start > arguments.startIndex, isValue(arguments[start - 1]) { start -= 1 }
        let cut = start + kept
        guard cut < arguments.endIndex else { return (arguments, []) }
        return (Array(arguments[..<cut]), arguments[cut...])
    }

    /// A word that is no flag: it does not begin with "-", or it is a (negative) number.
    private static func isValue(_ word: String) -> Bool { !word.hasPrefix("-") || Double(word) != nil }

    /// The words as numbers, or a usage error naming the first that is not one.
    static func numbers(_ words: ArraySlice<String>, option: String) throws -> [Double] {
        try words.map { word in
            guard let value = Double(word) else {
                throw ValidationError("The value '\(EchoedText.cut(word))' is invalid for '\(option)'")
            }
            return value
        }
    }
}

extension InfoCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws { files += words }
}

extension AverageCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws { files += words }
}

extension PaletteCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws { files += words }
}

extension ThumbnailCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws { files += words }
}

extension BlurHashEncodeCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws { files += words }
}

extension LayoutIndexCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws { items += words }
}

extension CurveCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws { at += try TrailingArguments.numbers(words, option: "--at") }
}

extension SpringCommand: TrailingListCommand {
    mutating func appendTrailing(_ words: ArraySlice<String>) throws {
        sampleAt += try TrailingArguments.numbers(words, option: "--sample-at")
    }
}
