import PixelKitCommandSupport
import ArgumentParser
import BlurHash
import PixelKit

/// `pixelkit blurhash average HASH`: the average color stored in the hash's DC term,
/// `{"rgba":[r,g,b,255], "hex":"#RRGGBB"}`.
struct BlurHashAverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "average",
        abstract: "Print the average color a BlurHash stores: {\"rgba\":[…], \"hex\":…}."
    )

    @Argument(help: "The BlurHash (put it after \"--\" if it begins with \"-\").")
    var hash: String

    func run() throws {
        let color: RGBAColor
        do {
            color = try BlurHashDecoder(hash: hash).averageColor
        } catch {
            StandardStreams.printError("pixelkit: blurhash average: \(error)")
            throw ExitCode(1)
        }
        try StandardStreams.printLine(AverageColorLine(rgba: color.components.map { Int($0) }, hex: color.hex))
    }

    /// `{"rgba":[r,g,b,a],"hex":"#RRGGBB"}`: whole components, as the hash stores them.
    private struct AverageColorLine: Encodable {
        let rgba: [Int]
        let hex: String
    }
}
