import ArgumentParser

/// `pixelkit layout`: the layout math of the side index and the gallery, one JSON object per line.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Side-index truncation and hit testing; shuffled-bag gallery frames.",
        subcommands: [LayoutIndexCommand.self, LayoutGalleryCommand.self]
    )
}
