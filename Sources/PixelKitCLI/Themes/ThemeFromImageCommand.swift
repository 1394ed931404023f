import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import PixelKitPalette
import Themes

/// `pixelkit theme from-image`: a theme file from an image's palette source, which `theme check` and
/// `theme resolve` read.
struct ThemeFromImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-image",
        abstract: "Write a theme file (Material roles, four appearances) seeded by an image's palette.",
        discussion: """
            The scheme holds primary, onPrimary, primaryContainer, onPrimaryContainer, secondary, onSecondary, \
            tertiary, onTertiary, surface, onSurface, background, onBackground, error and onError, each pair \
            meeting WCAG 4.5:1 (7:1 in high contrast). Prints {"file", "source", "output"} when written.
            """
    )

    @Option(name: [.short, .long], help: "The theme file to write (replaced atomically); standard output when absent.")
    var output: String?

    @Option(help: "The scheme's name in the file.")
    var name = "image"

    @Flag(help: "Read every pixel at full resolution instead of a reduced decode.")
    var exact = false

    @OptionGroup var color: ColorSpaceOption

    @Argument(help: "A JPEG, PNG, HEIF/HEIC/AVIF or WebP file.")
    var file: String

    func validate() throws {
        guard (1...64).contains(name.count) else { throw ValidationError("--name must have 1 to 64 characters") }
    }

    func run() throws {
        var reporter = PerFileReporter()
        do {
            let source = RawArguments.imageSources([file])[0]
            let palette = try StandardCodecs.registry.palette(of: source, options: .init(accuracy: exact ? .exact : .fast, decoding: DecodeOptions(outputColorSpace: color.output)))
            let bytes = try MaterialTheme(seed: palette.source, name: name).catalog.jsonBytes()
            if let output {
                try ImageFileWriter(neverReplacing: [source]).write(bytes, toPathBytes: RawArguments.bytes(of: output))
                try reporter.print(ThemeWrittenLine(file: file, source: palette.source.hex, output: output))
            } else {
                // The file itself (its trailing newline is the line's).
                StandardStreams.printLine(String(decoding: bytes.dropLast(), as: UTF8.self))
            }
        } catch {
            reporter.report(file: file, error: error)
        }
        try reporter.finish()
    }

    /// `{"file","source","output"}`.
    struct ThemeWrittenLine: Encodable {
        let file: String
        let source: String
        let output: String
    }
}
