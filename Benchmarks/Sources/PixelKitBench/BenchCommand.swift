import ArgumentParser

@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelkit-bench",
        abstract: "PixelKit benchmarks: average color (and thumbnails, BlurHash, …) against the blog post's approach and the C floor.",
        subcommands: [RunCommand.self, ChildCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
