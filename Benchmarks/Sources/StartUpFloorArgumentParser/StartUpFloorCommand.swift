// The start-up job's argument-parsing floor: `pixelkit`'s command shape in swift-argument-parser —
// an async root with twelve subcommands, and an `average` taking the same kinds of options — that
// parses `average FILE` and prints one line without reading the file. What it costs above the C
// program is what the command line pays before PixelKit does anything (swift-argument-parser also
// loads FoundationEssentials).
import ArgumentParser

@main
struct StartUpFloorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelkit", abstract: "The argument-parsing floor of `pixelkit`.", version: "0",
        subcommands: [
            Info.self, AverageShape.self, Thumbnail.self, BlurHash.self, Contrast.self, Theme.self,
            Spring.self, Curve.self, Plot.self, Log.self, Layout.self, Fetch.self,
        ])
}

/// `pixelkit average`'s arguments: an enum option, a flag, an optional custom value, another enum
/// option, a second flag, an integer option and the files.
struct AverageShape: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "average", abstract: "Parses what `pixelkit average` parses.")

    enum Choice: String, ExpressibleByArgument { case first, second, third }
    enum Policy: String, ExpressibleByArgument { case kept, dropped }
    struct Quad: ExpressibleByArgument {
        var values: [Int]
        init?(argument: String) {
            values = argument.split(separator: ",").compactMap { Int($0) }
            guard values.count == 4 else { return nil }
        }
    }

    @Option(help: "An enum, as --algorithm.") var algorithm: Choice = .first
    @Flag(help: "A flag, as --exact.") var exact = false
    @Option(help: "A custom value, as --region.") var region: Quad?
    @Option(help: "An enum, as --alpha.") var alpha: Policy = .kept
    @Flag(help: "A flag, as --strict.") var strict = false
    @Option(help: "An integer, as --threads.") var threads = 1
    @Argument(help: "Files (not read).") var files: [String]

    func run() {
        print(#"{"file":"\#(files.first ?? "")","parsed":true}"#)
    }
}

// The other subcommands, by name only.
struct Info: ParsableCommand { static let configuration = CommandConfiguration(commandName: "info") }
struct Thumbnail: ParsableCommand { static let configuration = CommandConfiguration(commandName: "thumbnail") }
struct BlurHash: ParsableCommand { static let configuration = CommandConfiguration(commandName: "blurhash") }
struct Contrast: ParsableCommand { static let configuration = CommandConfiguration(commandName: "contrast") }
struct Theme: ParsableCommand { static let configuration = CommandConfiguration(commandName: "theme") }
struct Spring: ParsableCommand { static let configuration = CommandConfiguration(commandName: "spring") }
struct Curve: ParsableCommand { static let configuration = CommandConfiguration(commandName: "curve") }
struct Plot: ParsableCommand { static let configuration = CommandConfiguration(commandName: "plot") }
struct Log: ParsableCommand { static let configuration = CommandConfiguration(commandName: "log") }
struct Layout: ParsableCommand { static let configuration = CommandConfiguration(commandName: "layout") }
struct Fetch: ParsableCommand { static let configuration = CommandConfiguration(commandName: "fetch") }
