import ArgumentParser
import PixelKit
import PixelKitPlatform

/// The command line's one voice for failures, whichever command fails and however:
///
/// - a failure concerning a file or URL: `pixelkit: NAME: reason`, the name once;
/// - a usage error (an unknown option, a missing argument, an option value out of range): `pixelkit: reason`
///   followed by the usage lines, exit status 64 (`EX_USAGE`);
/// - any other failure: `pixelkit: reason`, exit status 1.
///
/// Commands report a bad option value by throwing ArgumentParser's `ValidationError` from
/// `validate()` (or from `run()` when only the input can tell), which
/// ``terminate(_:running:error:)`` prints like the parser's own usage errors.
package enum CommandLineVoice {
    package static let prefix = "pixelkit: "

    /// Ends the process for an error thrown while parsing the arguments of `root` or running
    /// `command`: help and version requests and `ExitCode`s (already reported) as ArgumentParser
    /// does; everything else in the voice above. A usage error found while parsing (including a
    /// command's `validate()`) shows the command's usage lines; one thrown by `run()` (a value that
    /// can only be judged then) is the message alone, with the same exit status.
    package static func terminate(
        _ root: any ParsableCommand.Type, running command: any ParsableCommand.Type, error: any Error
    ) -> Never {
        let code = root.exitCode(for: error)
        if error is ExitCode || code == .success { root.exit(withError: error) }
        // A file failure names its file once, whichever module met it (`pixelkit log`'s log file).
        if let file = (error as? any CarriesFileError)?.fileError {
            StandardStreams.printError(line(naming: file.path, file))
            exit(code.rawValue)
        }
        var message = command == root ? root.fullMessage(for: error) : root.message(for: error)
        // ArgumentParser's "Error: " becomes the voice's prefix; its usage lines stay.
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        StandardStreams.printError(prefix + message)
        exit(code.rawValue)
    }

    /// The line for a failure concerning `name` (a file or URL): `pixelkit: NAME: reason`, where the
    /// reason leaves out the name when the error repeats it.
    package static func line(naming name: String, _ error: any Error) -> String {
        prefix + EchoedText.cut(name) + ": " + reason(for: error, naming: name)
    }

    /// The line for a failure that concerns no file given on the command line (a cache or output
    /// directory): `pixelkit: PATH: reason` when it carries a `FileError`, else `pixelkit: message`.
    package static func line(_ error: any Error) -> String {
        if let file = (error as? any CarriesFileError)?.fileError { return line(naming: file.path, file) }
        return prefix + String(describing: error)
    }

    /// `error`'s message for a line that already names `name`: an ``ImageError`` without its
    /// ``ImageError/inFile(path:_:)`` wrapper, and a `FileError` (whichever module's error carries
    /// it) without the path when that is `name` itself.
    package static func reason(for error: any Error, naming name: String) -> String {
        if let error = error as? ImageError {
            let kind = error.kind
            return kind.path == name ? kind.reason : kind.description
        }
        if let file = (error as? any CarriesFileError)?.fileError, file.path == name { return file.reason }
        return String(describing: error)
    }
}
