import PixelKitCommandSupport
import ArgumentParser
import Layout
import PixelKitPlatform

/// `pixelkit layout index`: the lines a side index shows in a height, or the item a y position selects.
struct LayoutIndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Lay out a side index (one JSON line per displayed line, top to bottom), or hit-test it.",
        discussion: """
        Each ITEM is a letter or short string. --pinned NAME keeps an item that truncation never drops: \
        the first or last ITEM if it is labelled NAME, otherwise a symbol NAME added on top. Hit indices \
        count from the top of the full list, pinned item included.
        """
    )

    @Option(parsing: .unconditional, help: "Available height, in points.")
    var height: Double

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: "Font size, in points (line height is 1.2 × size, rounded up to 0.5 pt).")
    var fontSize: Double

    @Option(help: "An item that is never dropped (e.g. a search symbol).")
    var pinned: String?

    @Option(parsing: .unconditional, help: "Print only the item selected at this y, in points from the top.")
    var hit: Double?

    @Argument(help: "The items, top to bottom.")
    var items: [String] = []

    func run() throws {
        guard !items.isEmpty else {
            throw ValidationError("give at least one ITEM")
        }
        let index = makeIndex()
        let layout: SideIndexLayout
        do {
            layout = try index.layout(height: height)
        } catch {
            StandardStreams.printError(CommandLineVoice.prefix + String(describing: error))
            throw ExitCode(1)
        }
        if let hit {
            guard let selected = layout.hitTest(y: hit) else {
                throw ValidationError("--hit \(hit) is not a number")
            }
            // The line predates the hit's "item".
            try StandardStreams.printLine(OmittingFields(selected, omitting: ["item"]))
            return
        }
        for line in layout.lines {
            switch line.content {
            case .item(let position):
                try StandardStreams.printLine(
                    IndexLine(kind: "item", label: layout.items[position].label, y: line.y, height: line.height))
            case .bullet:
                try StandardStreams.printLine(IndexLine(kind: "bullet", label: nil, y: line.y, height: line.height))
            }
        }
    }

    private func makeIndex() -> SideIndex {
        let letters = items.map(SideIndexItem.letter)
        let metrics = SideIndexMetrics(fontSize: fontSize)
        guard let pinned else { return SideIndex(items: letters, metrics: metrics) }
        if items.first == pinned { return SideIndex(items: letters, pinned: .first, metrics: metrics) }
        if items.last == pinned { return SideIndex(items: letters, pinned: .last, metrics: metrics) }
        return SideIndex(
            items: [.symbol(name: pinned, isCustom: false)] + letters, pinned: .first, metrics: metrics
        )
    }

    /// `{"kind":"item","label","y","height"}` or `{"kind":"bullet","y","height"}`.
    private struct IndexLine: Encodable {
        let kind: String
        let label: String?
        let y: Double
        let height: Double
    }
}
