import PixelKitCommandSupport
import ArgumentParser

/// A user error in a Transitions command: printed on stderr, exit status 1.
struct TransitionsCLIError: Error {
    let message: String
    init(_ message: String) { self.message = message }

    /// Prints the message and returns the error to throw.
    static func fail(_ message: String) -> ExitCode {
        StandardStreams.printError(CommandLineVoice.prefix + message)
        return ExitCode(1)
    }
}
