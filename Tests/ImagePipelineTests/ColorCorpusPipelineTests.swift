import Foundation
import ImagePipeline
import PixelKit
import PixelKitColor
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// Issue 40's bars on every file of the color corpus (controls included) through `ImagePipeline`,
/// with lcms2 as the color engine (as `pixelkit fetch` has it): the prepared average color is sRGB
/// within 3 of a rendering `reference.json` accepts (the pipeline's average is the fast one).
@Suite("Every color corpus file through the pipeline")
struct ColorCorpusPipelineTests {
    @Test func everyCorpusFileIsAveragedInSRGB() async throws {
        var codecs = CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec(), HEIFCodec()])
        codecs.colorTransforms = ColorManagement(cacheCapacity: 4)
        let pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(codecs: codecs))
        for entry in ColorCorpusReference.entries {
            let url = URL(fileURLWithPath: Fixtures.path("color/" + entry.file))
            let image = try await pipeline.image(for: ImageRequest(url: url, preparation: .gallery(maxPixelSize: 128)))
            let average = try #require(image.averageColor, "\(entry.file)")
            let mean = [average.red, average.green, average.blue]
            #expect(ColorCorpusReference.nearestDistance(mean, entry.acceptedMeans) <= 3, "\(entry.file): \(mean) vs \(entry.acceptedMeans)")
            #expect(image.thumbnail != nil, "\(entry.file)")
        }
    }
}
