import PixelKit
import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// A HEIC whose embedded thumbnail is damaged: the fast average used to decode the thumbnail alone
/// and fail, while the exact average (the primary image) succeeded. Strict, a reduced decode now
/// decodes the primary image (its verdict is the exact one's); lenient, a thumbnail that fails is
/// replaced by the primary image, with a warning.
@Suite("HEIF: a damaged thumbnail does not decide the verdict")
struct HEIFThumbnailVerdictTests {
    static let fixture = "heif/colors-no-alpha-thumbnail.heic"

    /// The fixture with its thumbnail item's data overwritten by FF bytes (its first NAL unit then
    /// declares more bytes than the item holds).
    static func damagedThumbnail() throws -> [UInt8] {
        var bytes = try Fixtures.bytes(fixture)
        let items = try #require(HEIFItemLocations(bytes))
        let thumbnail = try #require(items.thumbnails.keys.first)
        let extents = try #require(items.extents[thumbnail])
        for extent in extents { for index in extent { bytes[index] = 0xFF } }
        return bytes
    }

    @Test func fixtureHasAThumbnailTheFastAverageUses() throws {
        let fast = try StrictVerdict.average(try Fixtures.bytes(Self.fixture), .fast, .lenient)
        #expect(fast.decodedSize.pixelCount < fast.info.size.pixelCount)
    }

    @Test func strictFastAgreesWithExact() throws {
        let bytes = try Self.damagedThumbnail()
        #expect(StrictVerdict.exact(bytes) == nil)
        for (name, fast) in StrictVerdict.fastVerdicts(bytes) {
            #expect(fast == nil, "\(name): \(String(describing: fast))")
        }
    }

    @Test func lenientFastFallsBackToThePrimaryImage() throws {
        let bytes = try Self.damagedThumbnail()
        let fast = try StrictVerdict.average(bytes, .fast, .lenient)
        #expect(fast.decodedSize == fast.info.size)
        #expect(fast.warnings.contains { $0.message.contains("thumbnail unreadable, primary image decoded instead") })
        let exact = try StrictVerdict.average(bytes, .exact, .lenient)
        #expect(fast.color == exact.color)
    }
}
