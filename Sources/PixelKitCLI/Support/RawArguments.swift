import PixelKit
import PixelKitPlatform

/// The command line's arguments as the bytes the process was given.
///
/// On Linux, `CommandLine.arguments` (which ArgumentParser parses) decodes each argument as UTF-8,
/// replacing invalid bytes with U+FFFD, so a file named `bad\xFFname.jpg` would become a name that
/// does not exist. File arguments are looked up here to recover their exact bytes.
enum RawArguments {
    /// Each argument's decoded form, mapped to the raw byte strings that decode to it, in order.
    private static let byDecodedForm: [String: [[UInt8]]] = {
        var table: [String: [[UInt8]]] = [:]
        for index in 0..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            table[String(decoding: bytes, as: UTF8.self), default: []].append(bytes)
        }
        return table
    }()

    /// The exact bytes of the argument ArgumentParser gave as `argument` (its UTF-8 when no
    /// argument had to be repaired). Where several raw arguments decode alike, `occurrence` picks
    /// the n-th of them (file lists keep their order).
    static func bytes(of argument: String, occurrence: Int = 0) -> [UInt8] {
        guard argument.unicodeScalars.contains("\u{FFFD}"), let candidates = byDecodedForm[argument], !candidates.isEmpty else {
            return Array(argument.utf8)
        }
        return candidates[min(occurrence, candidates.count - 1)]
    }

    /// The image sources for file arguments, each named by its exact bytes.
    static func imageSources(_ files: [String]) -> [ImageSource] {
        var seen: [String: Int] = [:]
        return files.map { file in
            let occurrence = seen[file, default: 0]
            seen[file] = occurrence + 1
            return .rawPath(bytes(of: file, occurrence: occurrence))
        }
    }
}
