import ArgumentParser

/// A command whose positional arguments are a list of files, which may be very long (a shell glob).
protocol FileListCommand: ParsableCommand {
    var files: [String] { get set }
}

/// Parses long file lists in linear time.
///
/// swift-argument-parser (1.8) removes each consumed argument from its list with a linear scan, in
/// hash order (`SplitArguments.removeAll(in:)` over a `Set` of origins), so `n` positional
/// arguments cost O(n²): `pixelkit info` over 20,000 files spent seconds before opening any. Here
/// the trailing run of plain arguments (after the last one starting with `-`) is cut to its first
/// few before parsing, and the rest appended to the parsed command's ``FileListCommand/files``.
/// The kept few cover the subcommand's own name(s) and a value the last option may take, so what
/// the list means does not change.
enum LongFileLists {
    /// Lists up to this long are parsed as they are.
    static let threshold = 64
    /// Plain arguments kept for the parser: up to two subcommand words, an option's value, one file.
    static let kept = 4

    /// Parses `arguments` (without the program name) into the command to run.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        guard arguments.count > threshold else { return try PixelKitCommand.parseAsRoot(arguments) }
        let runStart = (arguments.lastIndex { $0.hasPrefix("-") }).map { $0 + 1 } ?? 0
        let cut = min(arguments.count, runStart + kept)
        let rest = Array(arguments[cut...])
        var command = try PixelKitCommand.parseAsRoot(Array(arguments[..<cut]))
        guard !rest.isEmpty else { return command }
        guard var listing = command as? any FileListCommand else { return try PixelKitCommand.parseAsRoot(arguments) }
        listing.files += rest
        command = listing
        return command
    }
}
