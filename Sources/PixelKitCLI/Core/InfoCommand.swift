import PixelKitCommandSupport
import ArgumentParser
import PixelKit

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Read image headers without decoding pixels.",
        discussion: """
            Prints per file: {"file", "format", "width", "height", "orientation", "bitDepth", "hasAlpha", \
            "colorModel", "progressive", "frames", "animated", "colorSpace", "iccProfile"}; width and height \
            as stored, orientation the EXIF value 1–8, frames counted without decoding them (1 for a still \
            image; animated when more than 1), colorSpace the space the file states (an ICC profile's \
            description, "Display P3" for nclx 12, null when untagged) and iccProfile whether it embeds one.
            """
    )

    @Argument(help: "JPEG, PNG, HEIF/HEIC/AVIF, WebP or GIF files.")
    var files: [String]

    func run() throws {
        var reporter = PerFileReporter()
        for (file, source) in zip(files, RawArguments.imageSources(files)) {
            reporter.run(file: file) {
                let info = try StandardCodecs.registry.probe(source)
                return FileLine(file: file, info)
            }
        }
        try reporter.finish()
    }
}
