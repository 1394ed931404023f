import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import Themes

/// `pixelkit theme`: check and resolve theme files.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Check a theme file's contrast pairs, resolve one scheme's colors, or make a theme file from an image.",
        subcommands: [ThemeCheckCommand.self, ThemeResolveCommand.self, ThemeFromImageCommand.self]
    )

    /// Loads `file`, or prints `{"file":…, "path":…, "error":…}` on stdout, the message on stderr, and exits 1.
    static func loadCatalog(_ file: String) throws -> ThemeCatalog {
        do {
            return try ThemeCatalog(contentsOfFile: file)
        } catch {
            // Strings always encode.
            try? StandardStreams.printLine(LoadFailureLine(
                file: file, path: EchoedText.cut(error.path), error: error.problem.description))
            StandardStreams.printError("pixelkit: \(EchoedText.cut(file)): \(error)")
            throw ExitCode(1)
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when the color is translucent.
    static func hex(_ color: RGBAColor) -> String {
        color.alpha.rounded() < 255 ? color.hexWithAlpha : color.hex
    }

    /// `{"file","path","error"}`: `path` is where in the theme file the problem is.
    private struct LoadFailureLine: Encodable {
        let file: String
        let path: String
        let error: String
    }
}
