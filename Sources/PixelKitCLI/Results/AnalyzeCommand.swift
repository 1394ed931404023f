import PixelKitCommandSupport
import ArgumentParser
import BlurHash
import PixelKit
import PixelKitPalette
import PixelKitPlatform
import Themes

/// `pixelkit analyze`: several results of each image from one decode, one JSON line per file.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Average color, BlurHash, palette and a thumbnail of images, from one decode each.",
        discussion: """
            Prints per file: {"file", "average": {…}, "blurhash": {…}, "palette": {…}, "thumbnail": {…}}, \
            each object as the command of that name prints it without "file" ("thumbnail" only with -o, \
            its file written as `thumbnail` writes it). The input is opened and decoded once, at the size \
            the largest result needs; --strict fails every result on recoverable damage.
            """
    )

    @Flag(help: "Fail on recoverable damage (e.g. a truncated JPEG) instead of warning.")
    var strict = false

    @Option(help: "Palette swatches to print per file, 1 to 128.")
    var count = 5

    @Option(name: .customLong("max-pixel-size"), help: "Longest side of each thumbnail, in pixels (never enlarged).")
    var maxPixelSize: Int = 2000

    @Option(name: [.customShort("o"), .customLong("output")], help: "Directory thumbnails are written to (created if missing); without it, no thumbnail.")
    var outputDirectory: String?

    @OptionGroup var color: ColorSpaceOption

    @Argument(help: "Image files (JPEG, PNG, HEIF/HEIC/AVIF, WebP or GIF).")
    var files: [String]

    func validate() throws {
        guard (1...128).contains(count) else { throw ValidationError("--count \(count) must be within 1…128") }
        guard maxPixelSize >= 1 else { throw ValidationError("max pixel size \(maxPixelSize) must be at least 1") }
    }

    func run() throws {
        // One image at a time: a second core may decode too, as `thumbnail` lets a lone image (same pixels).
        let decoding = DecodeOptions(
            strictness: strict ? .strict : .lenient, maxThreads: min(2, Thumbnailer.defaultConcurrency), outputColorSpace: color.output)
        let thumbnailOptions: ThumbnailOptions? = outputDirectory.map { _ in ThumbnailOptions(maxPixelSize: maxPixelSize, decoding: decoding) }
        var reporter = PerFileReporter()
        if let outputDirectory {
            do {
                try ThumbnailOutput.createDirectory(outputDirectory)
            } catch {
                for file in files { reporter.report(file: file, error: error) }
                throw ExitCode(1)
            }
        }
        let plan = outputDirectory.map { ThumbnailOutput(directory: $0, files: files, fileExtension: "jpg") }
        for (index, (file, source)) in zip(files, RawArguments.imageSources(files)).enumerated() {
            reporter.run(file: file) {
                let (average, blurHash, palette, thumbnail) = try StandardCodecs.registry.results(
                    of: source, decoding: decoding, AverageOptions(), BlurHashFileOptions(), PaletteOptions(), thumbnailOptions)
                var written: ThumbnailFields?
                if let thumbnail, let plan {
                    written = ThumbnailFields(
                        output: try plan.write(thumbnail.data, forInput: index), width: thumbnail.size.width,
                        height: thumbnail.size.height, warnings: thumbnail.warnings.isEmpty ? nil : thumbnail.warnings.map(\.message))
                }
                return FileLine(file: file, AnalyzeFields(
                    // As `average` and `blurhash encode` print them (see their commands).
                    average: OmittingFields(average, omitting: ["info", "decodedSize"]),
                    blurhash: OmittingFields(blurHash, omitting: ["components", "info", "decodedSize", "encodedSize"]),
                    palette: PaletteLine(palette: palette, count: count, theme: MaterialTheme(seed: palette.source)),
                    thumbnail: written))
            }
        }
        try reporter.finish()
    }

    private struct AnalyzeFields: Encodable {
        let average: OmittingFields<AverageResult>
        let blurhash: OmittingFields<BlurHashFileResult>
        let palette: PaletteLine
        let thumbnail: ThumbnailFields?
    }

    /// `thumbnail`'s line without "file".
    private struct ThumbnailFields: Encodable {
        let output: String
        let width: Int
        let height: Int
        let warnings: [String]?
    }
}
