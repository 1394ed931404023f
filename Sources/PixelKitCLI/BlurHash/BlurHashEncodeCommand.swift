import PixelKitCommandSupport
import ArgumentParser
import BlurHash
import PixelKit
import PixelKitPlatform

/// `pixelkit blurhash encode [-x 4] [-y 3] [--full-resolution] FILE...`: one line per file,
/// `{"file":…, "hash":…}`, or `{"file":…, "error":…}` (message also on stderr; exit 1 at the end).
struct BlurHashEncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Print the BlurHash of each image: {\"file\":…, \"hash\":…} per line.",
        discussion: """
            Adds "warnings" when the decoder met recoverable damage (a truncated file still gives a \
            hash of what was decoded); --strict makes that an error instead.
            """
    )

    @Option(name: .customShort("x"), help: "Components along the width, 1…9.")
    var componentsX: Int = 4

    @Option(name: .customShort("y"), help: "Components along the height, 1…9.")
    var componentsY: Int = 3

    @Flag(name: .customLong("full-resolution"),
          help: "Hash every decoded pixel (bit-identical to the C reference) instead of a reduced decode (longest side 128 px).")
    var fullResolution = false

    @Flag(help: "Fail on recoverable damage (e.g. a truncated JPEG) instead of warning.")
    var strict = false

    @OptionGroup var color: ColorSpaceOption

    @Argument(help: "Image files (JPEG, PNG).")
    var files: [String]

    func run() throws {
        do {
            _ = try BlurHashEncoder(componentsX: componentsX, componentsY: componentsY)
        } catch {
            StandardStreams.printError("pixelkit: blurhash encode: \(error)")
            throw ExitCode(1)
        }
        let options = BlurHashFileOptions(
            componentsX: componentsX, componentsY: componentsY,
            workingSize: fullResolution ? nil : BlurHashFileOptions.defaultWorkingSize,
            decoding: DecodeOptions(strictness: strict ? .strict : .lenient, outputColorSpace: color.output))
        var reporter = PerFileReporter()
        for (file, source) in zip(files, RawArguments.imageSources(files)) {
            reporter.run(file: file) {
                let result = try StandardCodecs.registry.blurHash(of: source, options: options)
                // The line is "hash" and "warnings": it predates the result's sizes and components.
                return FileLine(file: file, OmittingFields(
                    result, omitting: ["components", "info", "decodedSize", "encodedSize"]))
            }
        }
        try reporter.finish()
    }
}
