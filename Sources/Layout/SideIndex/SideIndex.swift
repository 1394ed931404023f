/// A side index like `UITableView`'s section index, tied to neither sections nor tables: it decides which
/// lines to show in a given height, where they go, and how wide the view must be.
///
/// When every item fits, all are shown. Otherwise the index truncates like the system one: an odd number of
/// lines alternating item and bullet ("A • E • I … #"), the first and last items always kept and the kept
/// items spread evenly; a ``SideIndexPin``ned item keeps its own line on top of that. A bullet stands for the
/// items it hides, and ``SideIndexLayout/hitTest(y:)`` reaches each of them in proportion while dragging.
///
/// ```swift
/// let index = SideIndex(items: [.symbol(name: "magnifyingglass", isCustom: false)] + SideIndexItem.alphanumeric,
///                       pinned: .first)
/// let layout = try index.layout(height: 320)
/// let hit = layout.hitTest(y: 100)   // the item a touch at y = 100 pt selects
/// ```
public struct SideIndex: Sendable, Hashable {
    /// The most items an index accepts.
    public static let maximumItemCount = 10_000

    /// All items, top to bottom.
    public var items: [SideIndexItem]
    /// The end of `items` whose item is never dropped, if any.
    public var pinned: SideIndexPin?
    /// Font size, spacing and rounding.
    public var metrics: SideIndexMetrics
    /// Vertical placement when the lines are shorter than the available height.
    public var alignment: SideIndexAlignment

    /// Creates an index; see the properties for the meaning of each argument.
    public init(
        items: [SideIndexItem], pinned: SideIndexPin? = nil,
        metrics: SideIndexMetrics = SideIndexMetrics(), alignment: SideIndexAlignment = .center
    ) {
        self.items = items
        self.pinned = pinned
        self.metrics = metrics
        self.alignment = alignment
    }

    /// Lays the index out in `height` points.
    ///
    /// If even the shortest truncation (pinned item, first item, bullet, last item) does not fit, it is
    /// returned anyway, starting at the top; ``SideIndexLayout/fitsHeight`` tells you.
    public func layout(height: Double) throws(SideIndexError) -> SideIndexLayout {
        try metrics.validate()
        guard height.isFinite, height >= 0 else { throw .invalidHeight(height) }
        guard items.count <= Self.maximumItemCount else {
            throw .tooManyItems(items.count, limit: Self.maximumItemCount)
        }
        let lineHeight = metrics.lineHeight
        let pitch = lineHeight + metrics.spacing
        let capacity = Int(min(Double(items.count), ((height + metrics.spacing) / pitch).rounded(.down)))
        let contents = items.count <= capacity ? allItems() : truncatedItems(capacity: capacity)

        let contentHeight = Double(contents.count) * lineHeight + Double(max(0, contents.count - 1)) * metrics.spacing
        let top = switch alignment {
        case .center: max(0, metrics.roundedDownToPixel((height - contentHeight) / 2))
        case .top: 0.0
        }
        let lines = contents.enumerated().map { position, content in
            SideIndexLine(content: content, y: top + Double(position) * pitch, height: lineHeight)
        }
        return SideIndexLayout(items: items, lines: lines, availableHeight: height)
    }

    /// The width that fits the widest item (or bullet) plus the horizontal padding on both sides, in points,
    /// rounded up to whole pixels. It does not depend on the height, so the view does not change width when
    /// truncation kicks in.
    /// - Parameter measuring: The width of one item's glyph in points (e.g. from `NSAttributedString.size()`);
    ///   defaults to ``SideIndexMetrics/estimatedWidth(of:)``.
    public func fittingWidth(measuring: (SideIndexItem) -> Double) -> Double {
        let bulletWidth = measuring(.letter("•"))
        let widest = items.reduce(bulletWidth) { max($0, measuring($1)) }
        return metrics.roundedUpToPixel(widest) + 2 * metrics.horizontalPadding
    }

    /// ``fittingWidth(measuring:)`` with the estimated glyph widths of ``SideIndexMetrics/estimatedWidth(of:)``.
    public var fittingWidth: Double {
        fittingWidth(measuring: metrics.estimatedWidth(of:))
    }

    private func allItems() -> [SideIndexLine.Content] {
        items.indices.map { .item(index: $0) }
    }

    private func truncatedItems(capacity: Int) -> [SideIndexLine.Content] {
        let pinnedIndex: Int? = switch pinned {
        case .first: 0
        case .last: items.count - 1
        case nil: nil
        }
        let run = switch pinned {
        case .first: 1..<items.count
        case .last: 0..<(items.count - 1)
        case nil: 0..<items.count
        }
        guard run.count > 2 else { return allItems() }
        let budget = capacity - (pinnedIndex == nil ? 0 : 1)
        let lineCount = SideIndexTruncation.lineCount(budget: budget, count: run.count)
        let kept = SideIndexTruncation.keptPositions(count: run.count, kept: (lineCount + 1) / 2)
            .map { run.lowerBound + $0 }

        var contents: [SideIndexLine.Content] = [.item(index: kept[0])]
        for (above, below) in zip(kept, kept.dropFirst()) {
            contents.append(.bullet(hidden: (above + 1)..<below))
            contents.append(.item(index: below))
        }
        switch pinned {
        case .first: contents.insert(.item(index: 0), at: 0)
        case .last: contents.append(.item(index: items.count - 1))
        case nil: break
        }
        return contents
    }
}
