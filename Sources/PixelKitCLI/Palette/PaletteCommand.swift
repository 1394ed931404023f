import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import PixelKitPalette
import PixelKitPlatform
import Themes

/// `pixelkit palette`: each image's colors by share, its theme seed and the Material theme built on it.
struct PaletteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "palette",
        abstract: "Palette, theme seed and Material theme of images.",
        discussion: """
            Prints per file: {"file", "width", "height", "source": "#RRGGBB", "palette": [{"hex", "share"}…] \
            (most populous first, at most --count), "theme": {"light": {role: "#RRGGBB"…}, "dark": {…}}} \
            and "warnings" when the decoder met recoverable damage. \
            The palette is read from the same reduced decode as `average` (JPEG at 1/8…) unless --exact.
            """
    )

    @Option(help: "Swatches to print per file, 1 to 128.")
    var count = 5

    @Option(help: "Write a PNG swatch sheet (bars by share, the source color, light and dark pairs with their contrast ratios). With several files, the last one's.")
    var swatch: String?

    @Flag(help: "Read every pixel at full resolution instead of a reduced decode.")
    var exact = false

    @Flag(help: "Fail on recoverable damage (e.g. a truncated JPEG) instead of warning.")
    var strict = false

    @OptionGroup var color: ColorSpaceOption

    @Argument(help: "JPEG, PNG, HEIF/HEIC/AVIF or WebP files.")
    var files: [String]

    func validate() throws {
        guard (1...128).contains(count) else { throw ValidationError("--count \(count) must be within 1…128") }
    }

    func run() throws {
        let options = PaletteOptions(
            accuracy: exact ? .exact : .fast, decoding: DecodeOptions(strictness: strict ? .strict : .lenient, outputColorSpace: color.output))
        var reporter = PerFileReporter()
        var last: (Palette, MaterialTheme)?
        let sources = RawArguments.imageSources(files)
        for (file, source) in zip(files, sources) {
            reporter.run(file: file) {
                let palette = try StandardCodecs.registry.palette(of: source, options: options)
                let theme = MaterialTheme(seed: palette.source)
                last = (palette, theme)
                return FileLine(file: file, PaletteLine(palette: palette, count: count, theme: theme))
            }
        }
        if let swatch, let (palette, theme) = last {
            let sheet = SwatchSheet(palette: palette, count: count, theme: theme)
            do {
                try PNGFileWriter.write(rgba: sheet.pixels, width: SwatchSheet.width, height: sheet.height, to: swatch, neverReplacing: sources)
            } catch {
                reporter.report(file: swatch, error: error)
            }
        }
        try reporter.finish()
    }
}
