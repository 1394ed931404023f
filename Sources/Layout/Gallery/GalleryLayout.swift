/// The shuffled-bag gallery: a frame for every item, on a grid of square cells, with no overlaps.
///
/// Tiles are placed in reading order. The next tile starts at the first free cell (top to bottom, left to
/// right); the free run is the number of free cells to its right in that row. A shape is dealt from a
/// ``GallerySeeding``-seeded bag of two copies of each shape; if it is wider than the free run it is
/// discarded and the next one is dealt. Because a one-column shape always fits, every row is completely
/// covered before placement moves below it. Tiles extend at most one row down, so only the last two rows
/// can have gaps.
///
/// ```swift
/// let grid = try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 8)
/// let gallery = try GalleryLayout(itemCount: 120, grid: grid)
/// let onScreen = gallery.visibleIndices(in: LayoutRect(x: 0, y: 800, width: 390, height: 844))
/// ```
public struct GalleryLayout: Sendable, Hashable {
    /// The most items one layout accepts (bounds memory: one ``GalleryTile`` per item).
    public static let maximumItemCount = 1_000_000

    /// The grid the tiles are placed on.
    public let grid: GalleryGrid
    /// One tile per item, in item order; tiles are ordered by `row` (never decreasing).
    public let tiles: [GalleryTile]
    /// Number of grid rows any tile reaches.
    public let rowCount: Int
    /// For each position, the largest `frame.maxY` of the tiles up to it: never decreasing, so the visible-set
    /// query can binary-search it (a tile's own bottom is not monotone: a short tile can follow a tall one).
    private let lowestBottomSoFar: [Double]

    /// Lays out `itemCount` items.
    /// - Parameters:
    ///   - itemCount: Number of items (0…``maximumItemCount``).
    ///   - grid: Columns and cell geometry.
    ///   - seeding: Where the shape sequence's seed comes from; `.itemCount` (the default) reshuffles when the
    ///     count changes, `.fixed` keeps existing tiles in place when items are appended.
    public init(itemCount: Int, grid: GalleryGrid, seeding: GallerySeeding = .itemCount) throws(GalleryLayoutError) {
        guard itemCount >= 0 else { throw .negativeItemCount(itemCount) }
        guard itemCount <= Self.maximumItemCount else {
            throw .tooManyItems(itemCount, limit: Self.maximumItemCount)
        }
        let seed: UInt64 = switch seeding {
        case .itemCount: UInt64(itemCount)
        case .fixed(let value): value
        }
        var bag = ShapeBag(generator: SplitMix64(seed: seed))
        // skyline[c] is the first free row of column c; rows above it are covered, so there are no holes.
        var skyline = [Int](repeating: 0, count: grid.columns)
        var row = 0
        var column = 0
        var tiles: [GalleryTile] = []
        tiles.reserveCapacity(itemCount)
        for index in 0..<itemCount {
            while column == grid.columns || skyline[column] > row {
                if column == grid.columns {
                    row += 1
                    column = 0
                } else {
                    column += 1
                }
            }
            var freeRun = 1
            while freeRun < 2, column + freeRun < grid.columns, skyline[column + freeRun] <= row {
                freeRun += 1
            }
            let shape = bag.deal(fittingColumns: freeRun)
            for covered in column..<(column + shape.columnSpan) {
                skyline[covered] = row + shape.rowSpan
            }
            tiles.append(GalleryTile(
                index: index, shape: shape, column: column, row: row,
                frame: grid.frame(column: column, row: row, shape: shape)
            ))
            column += shape.columnSpan
        }
        self.grid = grid
        self.tiles = tiles
        self.rowCount = skyline.max() ?? 0
        var lowest = -Double.infinity
        self.lowestBottomSoFar = tiles.map { tile in
            lowest = max(lowest, tile.frame.maxY)
            return lowest
        }
    }

    /// Total height of the laid-out gallery, in points.
    public var contentHeight: Double { grid.height(rows: rowCount) }

    /// Indices of the tiles whose frames share area with `rect` (points), in increasing order.
    ///
    /// Two binary searches bound the candidates — tiles are in row order, and a tile reaches at most one row
    /// below its own — then each candidate is checked: O(log n + k), where k counts the tiles in the rows
    /// the rectangle touches plus at most one row above.
    public func visibleIndices(in rect: LayoutRect) -> [Int] {
        guard rect.width > 0, rect.height > 0, !tiles.isEmpty else { return [] }
        // Tiles before `first` all end above the rectangle; tiles from `end` on all start below it.
        let first = firstPosition { lowestBottomSoFar[$0] > rect.y }
        let end = firstPosition { tiles[$0].frame.y >= rect.maxY }
        guard first < end else { return [] }
        return (first..<end).filter { tiles[$0].frame.intersects(rect) }
    }

    /// The first tile position for which `isPast` holds, given it is false then true along the tiles.
    private func firstPosition(where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = tiles.count
        while low < high {
            let middle = low + (high - low) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
