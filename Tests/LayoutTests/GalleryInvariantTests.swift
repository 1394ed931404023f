import Layout
import Testing

/// Properties every gallery layout must have, checked over many counts, widths and spacings.
@Suite struct GalleryInvariantTests {
    static let configurations: [(width: Double, minimumTile: Double, spacing: Double)] = [
        (90, 100, 8), (320, 100, 10), (390, 100, 8), (400, 100, 0), (768, 120, 12), (1024, 90, 4.5),
    ]

    @Test(arguments: configurations)
    func tilesCoverDistinctCellsInsideTheWidthAndRowsFillUp(
        configuration: (width: Double, minimumTile: Double, spacing: Double)
    ) throws {
        let grid = try GalleryGrid(
            containerWidth: configuration.width, minimumTileWidth: configuration.minimumTile,
            spacing: configuration.spacing
        )
        for count in 0...150 {
            let gallery = try GalleryLayout(itemCount: count, grid: grid)
            #expect(gallery.tiles.count == count)
            #expect(gallery.tiles.map(\.index) == Array(0..<count))

            var owner: [Int: Int] = [:]  // row * columns + column → tile index
            for tile in gallery.tiles {
                #expect(tile.column >= 0 && tile.column + tile.shape.columnSpan <= grid.columns)
                #expect(tile.frame.x >= 0 && tile.frame.maxX <= configuration.width * (1 + 1e-12))
                for row in tile.row..<(tile.row + tile.shape.rowSpan) {
                    for column in tile.column..<(tile.column + tile.shape.columnSpan) {
                        #expect(owner.updateValue(tile.index, forKey: row * grid.columns + column) == nil,
                                "cell (\(column), \(row)) covered twice at count \(count)")
                    }
                }
            }
            // Frames never overlap (checked on the frames themselves, not only the cells).
            for (position, tile) in gallery.tiles.enumerated() {
                for other in gallery.tiles[(position + 1)...].prefix(4 * grid.columns) {
                    #expect(!tile.frame.intersects(other.frame))
                }
            }
            // Every row above the row where the last tile starts is completely covered.
            let lastRow = gallery.tiles.last?.row ?? 0
            for row in 0..<lastRow {
                for column in 0..<grid.columns {
                    #expect(owner[row * grid.columns + column] != nil, "hole at (\(column), \(row)), count \(count)")
                }
            }
            // Tiles come in reading order of their top-left cells.
            for (earlier, later) in zip(gallery.tiles, gallery.tiles.dropFirst()) {
                #expect((earlier.row, earlier.column) < (later.row, later.column))
            }
        }
    }

    @Test func sameCountSameLayoutAndDifferentCountsDiffer() throws {
        let grid = try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 8)
        for count in [1, 17, 64, 500] {
            #expect(try GalleryLayout(itemCount: count, grid: grid) == GalleryLayout(itemCount: count, grid: grid))
        }
        let shapes40 = try GalleryLayout(itemCount: 40, grid: grid).tiles.map(\.shape)
        let shapes41 = try GalleryLayout(itemCount: 41, grid: grid).tiles.prefix(40).map(\.shape)
        #expect(shapes40 != Array(shapes41), "seeding by count deals a fresh layout")
    }

    @Test func fixedSeedKeepsExistingTilesWhenAppending() throws {
        let grid = try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 8)
        let full = try GalleryLayout(itemCount: 300, grid: grid, seeding: .fixed(2022))
        for count in [0, 1, 2, 9, 50, 299] {
            let partial = try GalleryLayout(itemCount: count, grid: grid, seeding: .fixed(2022))
            #expect(partial.tiles == Array(full.tiles.prefix(count)))
        }
    }

    @Test func everyShapeAppearsAndWideShapesNeverInOneColumn() throws {
        let wide = try GalleryLayout(itemCount: 200, grid: GalleryGrid(containerWidth: 400, minimumTileWidth: 100, spacing: 0))
        #expect(Set(wide.tiles.map(\.shape)) == Set(GalleryTileShape.allCases))
        let narrow = try GalleryLayout(itemCount: 100, grid: GalleryGrid(containerWidth: 90, minimumTileWidth: 100, spacing: 8))
        #expect(narrow.grid.columns == 1)
        #expect(Set(narrow.tiles.map(\.shape)) == [.small, .vertical])
    }

    @Test func columnCountFollowsTheMinimumTileWidth() throws {
        // ⌊(W + P) / (T + P)⌋, at least 1.
        #expect(try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 8).columns == 3)
        #expect(try GalleryGrid(containerWidth: 424, minimumTileWidth: 100, spacing: 8).columns == 4)
        #expect(try GalleryGrid(containerWidth: 423.9, minimumTileWidth: 100, spacing: 8).columns == 3)
        #expect(try GalleryGrid(containerWidth: 50, minimumTileWidth: 100, spacing: 8).columns == 1)
        let grid = try GalleryGrid(containerWidth: 424, minimumTileWidth: 100, spacing: 8)
        #expect(grid.cellSize == 100)
    }

    @Test func visibleSetMatchesABruteForceScan() throws {
        let grid = try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 8)
        let gallery = try GalleryLayout(itemCount: 400, grid: grid)
        var generator = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let y = Double(generator.next(below: Int(gallery.contentHeight) + 400)) - 200
            let x = Double(generator.next(below: 500)) - 50
            let rect = LayoutRect(x: x, y: y, width: Double(generator.next(below: 400)), height: Double(generator.next(below: 900)))
            let expected = gallery.tiles.filter { $0.frame.intersects(rect) }.map(\.index)
            #expect(gallery.visibleIndices(in: rect) == expected)
        }
        // Edges exactly on tile boundaries: touching is not visible.
        let firstRow = LayoutRect(x: 0, y: 0, width: 390, height: grid.cellSize)
        #expect(gallery.visibleIndices(in: firstRow) == gallery.tiles.filter { $0.row == 0 }.map(\.index))
        #expect(gallery.visibleIndices(in: LayoutRect(x: 0, y: gallery.contentHeight, width: 390, height: 100)).isEmpty)
    }

    @Test func badInputIsATypedError() {
        #expect(throws: GalleryLayoutError.invalidContainerWidth(0)) {
            try GalleryGrid(containerWidth: 0, minimumTileWidth: 100, spacing: 8)
        }
        #expect(throws: GalleryLayoutError.invalidMinimumTileWidth(-1)) {
            try GalleryGrid(containerWidth: 300, minimumTileWidth: -1, spacing: 8)
        }
        #expect(throws: GalleryLayoutError.invalidSpacing(.infinity)) {
            try GalleryGrid(containerWidth: 300, minimumTileWidth: 100, spacing: .infinity)
        }
        #expect(throws: GalleryLayoutError.tooManyColumns(1e300, limit: GalleryGrid.maximumColumns)) {
            try GalleryGrid(containerWidth: 1e300, minimumTileWidth: 1, spacing: 0)
        }
        #expect(throws: GalleryLayoutError.self) {
            try GalleryGrid(containerWidth: .nan, minimumTileWidth: 100, spacing: 0)
        }
        let grid = try? GalleryGrid(containerWidth: 300, minimumTileWidth: 100, spacing: 0)
        #expect(throws: GalleryLayoutError.negativeItemCount(-1)) {
            try GalleryLayout(itemCount: -1, grid: #require(grid))
        }
        #expect(throws: GalleryLayoutError.tooManyItems(Int.max, limit: GalleryLayout.maximumItemCount)) {
            try GalleryLayout(itemCount: Int.max, grid: #require(grid))
        }
    }
}
