import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import PixelKitPlatform

struct AverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "average",
        abstract: "Average color of images.",
        discussion: """
            Prints per file: {"file", "width", "height", "rgba": [r, g, b, a] (0–255, floating point), "hex": "#RRGGBB", \
            "algorithm", "exact"} and "warnings" when the decoder met recoverable damage.
            """
    )

    @Option(help: "mean (sRGB arithmetic mean), rms (root mean square) or linear (mean in linear light).")
    var algorithm: AverageAlgorithm = .mean

    @Flag(help: "Read every pixel at full resolution (exact mean) instead of a reduced decode.")
    var exact = false

    @Option(help: "Average only this rectangle of stored pixels: x,y,width,height.")
    var region: PixelRect?

    @Option(help: "weighted (transparent pixels don't count) or ignored (every pixel counts).")
    var alpha: AlphaPolicy = .weighted

    @Flag(help: "Fail on recoverable damage (e.g. a truncated JPEG) instead of warning.")
    var strict = false

    @Option(help: "Threads one image may decode on (a large baseline JPEG's scan in two halves); the result is the same.")
    var threads = 1

    @OptionGroup var color: ColorSpaceOption

    @Argument(help: "JPEG, PNG, HEIF/HEIC/AVIF, WebP or GIF files.")
    var files: [String]

    func validate() throws {
        guard threads >= 1 else { throw ValidationError("--threads \(threads) must be at least 1") }
    }

    func run() throws {
        let options = AverageOptions(
            algorithm: algorithm, alphaPolicy: alpha, accuracy: exact ? .exact : .fast, region: region,
            decoding: DecodeOptions(strictness: strict ? .strict : .lenient, maxThreads: threads, outputColorSpace: color.output))
        var reporter = PerFileReporter()
        for (file, source) in zip(files, RawArguments.imageSources(files)) {
            reporter.run(file: file) {
                let result = try StandardCodecs.registry.averageColor(of: source, options: options)
                // The line predates the result's nested "info" and "decodedSize".
                return FileLine(file: file, OmittingFields(result, omitting: ["info", "decodedSize"]))
            }
        }
        try reporter.finish()
    }
}

extension AverageAlgorithm: ExpressibleByArgument {}
extension AlphaPolicy: ExpressibleByArgument {}

extension PixelRect: ExpressibleByArgument {
    public init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3],
              width > 0, height > 0, x >= 0, y >= 0 else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }
}
