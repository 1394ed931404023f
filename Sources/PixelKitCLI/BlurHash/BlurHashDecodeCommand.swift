import PixelKitCommandSupport
import ArgumentParser
import BlurHash
import PixelKit

/// `pixelkit blurhash decode HASH --width W --height H [--punch P] -o OUT.png`: renders the hash to a
/// PNG and prints `{"file":…, "hash":…, "width":…, "height":…, "punch":…}`.
struct BlurHashDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Render a BlurHash to a PNG file."
    )

    @Argument(help: "The BlurHash (put it after \"--\" if it begins with \"-\").")
    var hash: String

    @Option(help: "Output width in pixels (width × height ≤ \(BlurHashDecoder.defaultMaxPixelCount)).")
    var width: Int

    @Option(help: "Output height in pixels.")
    var height: Int

    @Option(help: "Contrast of the detail terms: 1 as encoded, 0 flat average, > 1 stronger.")
    var punch: Double = 1

    @Option(name: [.customShort("o"), .customLong("output")], help: "The PNG file to write.")
    var output: String

    func run() throws {
        do {
            let image = try BlurHashDecoder(hash: hash).image(width: width, height: height, punch: punch)
            try PNGFileWriter.write(rgba: image.pixels, width: image.width, height: image.height, to: output)
        } catch {
            StandardStreams.printError("pixelkit: blurhash decode: \(error)")
            throw ExitCode(1)
        }
        try StandardStreams.printLine(DecodedLine(file: output, hash: hash, width: width, height: height, punch: punch))
    }

    /// `{"file","hash","width","height","punch"}`: the PNG written and what it was rendered from.
    private struct DecodedLine: Encodable {
        let file: String
        let hash: String
        let width: Int
        let height: Int
        let punch: Double
    }
}
