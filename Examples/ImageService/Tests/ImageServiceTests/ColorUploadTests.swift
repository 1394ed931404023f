import Foundation
import NIOCore
import Testing

/// Issue 40: an upload's record states its source's color space, and its average is of the colors
/// a color-managed viewer shows (converted to sRGB), not of the stored numbers.
struct ColorUploadTests {
    /// lcms2's relative-colorimetric sRGB means and the stored (unconverted) means, from the shared
    /// color corpus's `reference.json`.
    @Test("a Display P3 and a CMYK upload are averaged in sRGB, and the record names the space",
          arguments: [
              ("p3-kodim23.jpg", "Display P3", [121.5962, 109.6343, 75.9805], [121.0322, 110.6857, 82.647]),
              ("cmyk-swop-astronaut.jpg", "Artifex CMYK SWOP Profile", [148.6284, 115.8223, 107.7402], [135.3692, 96.3579, 91.2559]),
          ])
    func colorManagedUpload(name: String, space: String, srgbMean: [Double], storedMean: [Double]) async throws {
        let bytes = try TestSupport.fixture(name)
        try await TestSupport.withService(thumbnailCacheBytes: 0) { client, _ in
            let upload = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(upload.status == .created, "\(String(buffer: upload.body))")
            let record = try TestSupport.json(upload.body)
            #expect((record["colorSpace"] as? String)?.hasPrefix(space) == true, "\(record)")
            #expect(record["iccProfile"] as? Bool == true)
            let hex = try #require(record["average"] as? String)
            let channels = stride(from: 1, to: 7, by: 2).map { offset in
                Double(Int(hex.dropFirst(offset).prefix(2), radix: 16) ?? -1)
            }
            // The fast average (from the shared decode) within 3 levels, plus the hex's rounding.
            for (channel, reference) in zip(channels, srgbMean) { #expect(abs(channel - reference) <= 3.5, "\(hex) against \(srgbMean)") }
            // And measurably not the stored numbers.
            #expect(zip(channels, storedMean).contains { abs($0 - $1) > 4 }, "\(hex) is the stored numbers' mean \(storedMean)")
        }
    }
}
