import Layout
import Testing

/// Gallery layouts pinned down independently of this package's code.
@Suite struct GalleryGoldenTests {
    /// Derived by hand from the algorithm's definition (and cross-checked with a separate Python
    /// implementation whose SplitMix64 reproduces the Rosetta Code vectors):
    ///
    /// Seed = item count = 5. The first seven SplitMix64(5) outputs drive Fisher–Yates on the refill order
    /// L V H S L V H S, from position 7 down, j = ⌊x · (i + 1) / 2⁶⁴⌋:
    ///
    ///     i=7 x=7134611160154358618  j=3   swap S,S  → L V H S L V H S
    ///     i=6 x=13877614986023876344 j=5   swap H,V  → L V H S L H V S
    ///     i=5 x=4292726422858613063  j=1   swap H,V  → L H H S L V V S
    ///     i=4 x=1832488697174800709  j=0   swap L,L  → L H H S L V V S
    ///     i=3 x=3467252261107883461  j=0   swap L,S  → S H H L L V V S
    ///     i=2 x=7020995479949754436  j=1   swap H,H  → S H H L L V V S
    ///     i=1 x=18180438093026040609 j=1   (itself)  → S H H L L V V S
    ///
    /// Three columns (width 320, minimum 100, spacing 10 → ⌊330 / 110⌋ = 3, cells 100, pitch 110):
    ///
    ///     item 0 at (0,0), free run 2: deal S → fits.          Row 0: S . .
    ///     item 1 at (1,0), free run 2: deal H → fits.          Row 0: S H H (full)
    ///     item 2 at (0,1), free run 2: deal H → fits.          Row 1: H H .
    ///     item 3 at (2,1), free run 1: deal L (too wide, discard), L (discard), V → fits; covers rows 1–2.
    ///     item 4 at (0,2), free run 2 (column 2 is under the V): deal V → fits.
    @Test func handDerivedFiveItemsOnThreeColumns() throws {
        var generator = SplitMix64(seed: 5)
        let draws = (0..<7).map { _ in generator.next() }
        #expect(draws == [
            7_134_611_160_154_358_618, 13_877_614_986_023_876_344, 4_292_726_422_858_613_063,
            1_832_488_697_174_800_709, 3_467_252_261_107_883_461, 7_020_995_479_949_754_436,
            18_180_438_093_026_040_609,
        ])

        var bag: [GalleryTileShape] = [.large, .vertical, .horizontal, .small, .large, .vertical, .horizontal, .small]
        var shuffler = SplitMix64(seed: 5)
        shuffler.shuffle(&bag)
        #expect(bag == [.small, .horizontal, .horizontal, .large, .large, .vertical, .vertical, .small])

        let grid = try GalleryGrid(containerWidth: 320, minimumTileWidth: 100, spacing: 10)
        #expect(grid.columns == 3)
        let gallery = try GalleryLayout(itemCount: 5, grid: grid)
        let expected: [(GalleryTileShape, Int, Int, LayoutRect)] = [
            (.small, 0, 0, LayoutRect(x: 0, y: 0, width: 100, height: 100)),
            (.horizontal, 1, 0, LayoutRect(x: 110, y: 0, width: 210, height: 100)),
            (.horizontal, 0, 1, LayoutRect(x: 0, y: 110, width: 210, height: 100)),
            (.vertical, 2, 1, LayoutRect(x: 220, y: 110, width: 100, height: 210)),
            (.vertical, 0, 2, LayoutRect(x: 0, y: 220, width: 100, height: 210)),
        ]
        #expect(gallery.tiles.count == expected.count)
        for (tile, (shape, column, row, frame)) in zip(gallery.tiles, expected) {
            #expect(tile.shape == shape)
            #expect(tile.column == column && tile.row == row)
            #expect(tile.frame == frame)
        }
        #expect(gallery.rowCount == 4)
        #expect(gallery.contentHeight == 430)
    }

    /// Regression guard: 60 items on 4 columns, "shape column,row" per item. The same string comes out of
    /// the separate Python implementation used for the hand-derived case (two implementations agreeing).
    @Test func sixtyItemsOnFourColumns() throws {
        let golden = """
        S0,0 S1,0 L2,0 H0,1 H0,2 V2,2 V3,2 H0,3 V0,4 L1,4 V3,4 L0,6 S2,6 S3,6 V2,7 S3,7 L0,8 V3,8 S2,9 H0,10 \
        V2,10 V3,10 L0,11 S2,12 S3,12 H0,13 H2,13 V0,14 L1,14 S3,14 V3,15 S0,16 L1,16 S0,17 V3,17 V0,18 L1,18 \
        S3,19 H0,20 L2,20 L0,21 H2,22 S0,23 V1,23 H2,23 S0,24 V2,24 V3,24 L0,25 V2,26 S3,26 H0,27 S3,27 H0,28 \
        S2,28 V3,28 V0,29 S1,29 S2,29 H1,30
        """
        let letters: [GalleryTileShape: String] = [.large: "L", .vertical: "V", .horizontal: "H", .small: "S"]
        let grid = try GalleryGrid(containerWidth: 400, minimumTileWidth: 100, spacing: 0)
        #expect(grid.columns == 4)
        let gallery = try GalleryLayout(itemCount: 60, grid: grid)
        let encoded = gallery.tiles.map { "\(letters[$0.shape] ?? "?")\($0.column),\($0.row)" }.joined(separator: " ")
        #expect(encoded == golden)
    }
}
