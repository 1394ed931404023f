import Layout
import Testing

/// Issue 16: a spacing or width so large that the frames overflow is refused by the grid.
struct OverflowingGalleryTests {
    @Test func aPitchBeyondTheMaximumIsRefused() throws {
        #expect(throws: GalleryLayoutError.tooLarge(containerWidth: 390, spacing: 1e308, limit: GalleryGrid.maximumPitch)) {
            try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 1e308)
        }
        // At the limit, the largest gallery's frames are all finite.
        let grid = try GalleryGrid(containerWidth: GalleryGrid.maximumPitch / 2, minimumTileWidth: 100, spacing: GalleryGrid.maximumPitch / 2)
        let layout = try GalleryLayout(itemCount: 1_000, grid: grid)
        #expect(layout.tiles.allSatisfy { $0.frame.y.isFinite && $0.frame.height.isFinite && $0.frame.width.isFinite })
        #expect(layout.contentHeight.isFinite)
    }
}
