import ArgumentParser

/// `pixelkit blurhash`: compute, render and inspect BlurHash placeholders, one JSON object per line.
struct BlurHashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blurhash",
        abstract: "Compute BlurHash placeholders of images, render hashes to PNG, read their average color.",
        discussion: "A hash may begin with \"-\" (a valid base-83 digit): put it after \"--\", e.g. pixelkit blurhash average -- -HASH.",
        subcommands: [BlurHashEncodeCommand.self, BlurHashDecodeCommand.self, BlurHashAverageCommand.self]
    )
}
