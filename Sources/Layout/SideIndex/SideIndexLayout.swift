/// A side index laid out in a given height: its lines top to bottom, and hit testing.
public struct SideIndexLayout: Sendable, Hashable {
    /// All items of the index (displayed or hidden), top to bottom.
    public let items: [SideIndexItem]
    /// The displayed lines, top to bottom.
    public let lines: [SideIndexLine]
    /// The height the index was laid out in, in points.
    public let availableHeight: Double

    /// Whether bullets stand in for hidden items.
    public var isTruncated: Bool { lines.count < items.count }

    /// Height from the top of the first line to the bottom of the last, in points.
    public var contentHeight: Double {
        guard let first = lines.first, let last = lines.last else { return 0 }
        return last.y + last.height - first.y
    }

    /// Whether the lines fit in ``availableHeight`` (false only when even the shortest truncation is too tall).
    public var fitsHeight: Bool {
        guard let last = lines.last else { return true }
        return last.y + last.height <= availableHeight
    }

    /// The item a touch at `y` (points from the top of the index's bounds) selects.
    ///
    /// Each line owns its own height plus half the spacing on either side; above the first line selects the
    /// first line and below the last selects the last. On an item line, that item. On a bullet, the hidden
    /// items split the bullet's band into equal slices, top to bottom, so dragging across it visits each
    /// hidden item in order and every item of the index is reachable.
    /// - Returns: nil when the index has no items or `y` is NaN.
    public func hitTest(y: Double) -> SideIndexHit? {
        guard !lines.isEmpty, !y.isNaN else { return nil }
        var low = 0
        var high = lines.count - 1
        while low < high {
            let middle = (low + high) / 2
            if y < boundary(below: middle) { high = middle } else { low = middle + 1 }
        }
        switch lines[low].content {
        case .item(let index):
            return SideIndexHit(index: index, item: items[index])
        case .bullet(let hidden):
            // A bullet is never the first or last line, so both neighbouring boundaries exist.
            let top = boundary(below: low - 1)
            let bottom = boundary(below: low)
            let fraction = (y - top) / (bottom - top)
            let slice = min(hidden.count - 1, max(0, Int((fraction * Double(hidden.count)).rounded(.down))))
            let index = hidden.lowerBound + slice
            return SideIndexHit(index: index, item: items[index])
        }
    }

    /// The y where the hit region of line `position` ends and the next line's begins: mid-way through the gap.
    private func boundary(below position: Int) -> Double {
        let line = lines[position]
        return (line.y + line.height + lines[position + 1].y) / 2
    }
}
