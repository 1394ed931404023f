/// The gallery's grid: how many columns fit a container and where a cell lands, in points.
///
/// Cells are square; `spacing` separates neighbouring cells and is not added around the outside.
public struct GalleryGrid: Sendable, Hashable {
    /// The most columns a grid may have.
    public static let maximumColumns = 1024

    /// The largest `containerWidth + spacing` accepted, in points (about 8.9e301): beyond it the
    /// frames of a gallery of ``GalleryLayout/maximumItemCount`` items could overflow.
    public static let maximumPitch = Double.greatestFiniteMagnitude / Double(2 * GalleryLayout.maximumItemCount + 4)

    /// Number of columns (at least 1).
    public let columns: Int
    /// Width the columns fill, in points.
    public let containerWidth: Double
    /// Gap between neighbouring cells, in points.
    public let spacing: Double

    /// Fits as many columns of at least `minimumTileWidth` as the container allows, then stretches them to fill it.
    ///
    /// `columns = max(1, ⌊(containerWidth + spacing) / (minimumTileWidth + spacing)⌋)`; with a single column the
    /// cell is the container width, even when that is narrower than `minimumTileWidth`.
    /// - Parameters:
    ///   - containerWidth: Width to fill, in points (finite, > 0).
    ///   - minimumTileWidth: Narrowest acceptable cell, in points (finite, > 0).
    ///   - spacing: Gap between cells, in points (finite, ≥ 0; with the width at most ``maximumPitch``).
    public init(containerWidth: Double, minimumTileWidth: Double, spacing: Double) throws(GalleryLayoutError) {
        guard containerWidth.isFinite, containerWidth > 0 else { throw .invalidContainerWidth(containerWidth) }
        guard minimumTileWidth.isFinite, minimumTileWidth > 0 else {
            throw .invalidMinimumTileWidth(minimumTileWidth)
        }
        guard spacing.isFinite, spacing >= 0 else { throw .invalidSpacing(spacing) }
        // Every frame edge is `cells · (containerWidth + spacing) / columns` with at most 2 cells per
        // item, so this bound keeps every frame of the largest gallery finite.
        guard containerWidth + spacing <= Self.maximumPitch else {
            throw .tooLarge(containerWidth: containerWidth, spacing: spacing, limit: Self.maximumPitch)
        }
        let fitting = ((containerWidth + spacing) / (minimumTileWidth + spacing)).rounded(.down)
        guard fitting <= Double(Self.maximumColumns) else {
            throw .tooManyColumns(fitting, limit: Self.maximumColumns)
        }
        columns = max(1, Int(fitting))
        self.containerWidth = containerWidth
        self.spacing = spacing
    }

    /// Side of one square cell, in points: `(containerWidth − (columns − 1) · spacing) / columns`.
    public var cellSize: Double { offset(cells: 1) - spacing }

    /// The frame of a tile of `shape` whose top-left cell is (`column`, `row`), in points.
    ///
    /// Every edge comes from the one expression ``offset(cells:)``, so a tile's right edge plus the spacing is
    /// exactly its neighbour's left edge, with no accumulated rounding.
    public func frame(column: Int, row: Int, shape: GalleryTileShape) -> LayoutRect {
        let x = offset(cells: column)
        let y = offset(cells: row)
        return LayoutRect(
            x: x, y: y,
            width: offset(cells: column + shape.columnSpan) - spacing - x,
            height: offset(cells: row + shape.rowSpan) - spacing - y
        )
    }

    /// Distance from the first cell's edge to the edge of cell number `cells`, in points:
    /// `cells · (containerWidth + spacing) / columns`.
    public func offset(cells: Int) -> Double {
        Double(cells) * (containerWidth + spacing) / Double(columns)
    }

    /// Height of `rows` grid rows, in points (0 for no rows).
    public func height(rows: Int) -> Double {
        rows > 0 ? offset(cells: rows) - spacing : 0
    }
}
