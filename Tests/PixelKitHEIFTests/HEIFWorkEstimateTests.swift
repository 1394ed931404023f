import PixelKit
import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// Work that follows the tiles a HEIF grid codes (issue 43, row 1): libheif 1.15 decodes every
/// tile reference, in one call that cannot be stopped, so the references × their tiles' pixels are
/// counted from the boxes and refused before the decode when they pass what the input's length
/// allows (`DecodingLimits.workAllowance`). The grids are made at run time from the 72×72 HEVC
/// image of `colors-no-alpha-thumbnail.heic`.
@Suite struct HEIFWorkEstimateTests {
    static let codec = HEIFCodec()
    static let builder = HEIFGridBuilder(tileOf: try! Fixtures.bytes("heif/colors-no-alpha-thumbnail.heic"))!

    /// An 8×8 grid of 72×72 tiles delivering 505×505 pixels (the least libheif accepts: the last
    /// column and row of tiles overhang by 71 pixels): 64 tile decodes, 331,776 pixels, for 255,025
    /// delivered. With the pixels just within the per-byte rule, the tiles' work is refused.
    @Test func gridTilesPastTheWorkAllowanceAreRefusedBeforeDecoding() throws {
        let grid = Self.builder.grid(rows: 8, columns: 8, width: 505, height: 505)
        let delivered = 505 * 505, tiles = 64 * 72 * 72
        // HEIF's cost per pixel is 4: the per-byte limit is divided by it.
        let ratio = (delivered + grid.count - 1) / grid.count
        let limits = DecodingLimits(maxPixelsPerInputByte: 4 * ratio, ratioFreePixelCount: 0)
        var sink = SummingSink()
        #expect(throws: ImageError.limitExceeded(.work(pixels: tiles, inputBytes: grid.count, limit: grid.count * ratio))) {
            try Self.codec.decode(.bytes(grid), options: DecodeOptions(limits: limits), into: &sink)
        }
        // Under the default limits the grid decodes.
        let report = try Self.codec.decode(.bytes(grid), options: DecodeOptions(), into: &sink)
        #expect(report.outputSize == PixelSize(width: 505, height: 505))
        #expect(try Self.codec.open(.bytes(grid), options: DecodeOptions()).estimateWork(options: DecodeOptions())
            == DecodeWorkEstimate(workPixels: tiles, memoryBytes: delivered * 8, costPerPixel: 4))
    }
}
