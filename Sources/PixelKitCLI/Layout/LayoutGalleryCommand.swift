import PixelKitCommandSupport
import ArgumentParser
import Layout
import PixelKitPlatform

/// `pixelkit layout gallery`: the frame of every item of a shuffled-bag gallery.
struct LayoutGalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Lay out a shuffled-bag gallery: one JSON line per item, in item order."
    )

    @Option(parsing: .unconditional, help: "Number of items.")
    var count: Int

    @Option(parsing: .unconditional, help: "Container width, in points.")
    var width: Double

    @Option(name: .customLong("min-tile"), parsing: .unconditional, help: "Minimum cell width, in points; sets the column count.")
    var minTile: Double = 100

    @Option(parsing: .unconditional, help: "Gap between cells, in points.")
    var spacing: Double = 8

    @Option(help: "Fixed seed: keeps existing tiles in place when items are appended (default: seed by count).")
    var seed: UInt64?

    func run() throws {
        let gallery: GalleryLayout
        do {
            let grid = try GalleryGrid(containerWidth: width, minimumTileWidth: minTile, spacing: spacing)
            gallery = try GalleryLayout(itemCount: count, grid: grid, seeding: seed.map(GallerySeeding.fixed) ?? .itemCount)
        } catch {
            StandardStreams.printError(CommandLineVoice.prefix + String(describing: error))
            throw ExitCode(1)
        }
        for tile in gallery.tiles {
            // The line predates the tile's "column" and "row".
            try StandardStreams.printLine(OmittingFields(tile, omitting: ["column", "row"]))
        }
    }
}
