import PixelKit
import Testing

@Suite("Thumbnail sizing")
struct ThumbnailSizingTests {
    @Test("Longest side is exactly the maximum and the aspect ratio holds to ±1 pixel")
    func fitsLongestSide() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let size = PixelSize(width: Int.random(in: 1...65_535, using: &generator), height: Int.random(in: 1...65_535, using: &generator))
            let maximum = Int.random(in: 1...4000, using: &generator)
            let fitted = ThumbnailSizing.size(fitting: size, maxPixelSize: maximum)
            let longest = max(size.width, size.height)
            if longest <= maximum {
                #expect(fitted == size)
                continue
            }
            #expect(max(fitted.width, fitted.height) == maximum, "\(size) max \(maximum) → \(fitted)")
            #expect(fitted.width >= 1 && fitted.height >= 1)
            // The short side is the exact scaled value rounded: within ±1 pixel (and ≥ 1).
            let exactShort = Double(min(size.width, size.height)) * Double(maximum) / Double(longest)
            let short = Double(size.width >= size.height ? fitted.height : fitted.width)
            #expect(abs(short - exactShort) <= 1 || short == 1, "\(size) max \(maximum) → \(fitted)")
            #expect((size.width >= size.height) == (fitted.width >= fitted.height) || fitted.width == fitted.height)
        }
    }

    @Test("Known cases: a 12 MP photo, a panorama, a square, never enlarged")
    func knownCases() {
        #expect(ThumbnailSizing.size(fitting: PixelSize(width: 4032, height: 3024), maxPixelSize: 2000) == PixelSize(width: 2000, height: 1500))
        #expect(ThumbnailSizing.size(fitting: PixelSize(width: 3024, height: 4032), maxPixelSize: 2000) == PixelSize(width: 1500, height: 2000))
        #expect(ThumbnailSizing.size(fitting: PixelSize(width: 20000, height: 10), maxPixelSize: 100) == PixelSize(width: 100, height: 1))
        #expect(ThumbnailSizing.size(fitting: PixelSize(width: 500, height: 500), maxPixelSize: 200) == PixelSize(width: 200, height: 200))
        #expect(ThumbnailSizing.size(fitting: PixelSize(width: 640, height: 480), maxPixelSize: 2000) == PixelSize(width: 640, height: 480))
    }
}
