import BlurHash
import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette

/// What every operation gives for one input.
struct OperationResults: Equatable {
    var info: ImageInfo
    var average: AverageResult
    var blurHash: BlurHashFileResult
    var palette: Palette
    var thumbnail: Thumbnail
}

/// Every operation, synchronously: one spelling whatever the kind of source.
func everyOperation(
    on source: some ImageSourceConvertible, codecs: CodecRegistry, thumbnailer: Thumbnailer
) throws(ImageError) -> OperationResults {
    OperationResults(
        info: try codecs.probe(source),
        average: try codecs.averageColor(of: source),
        blurHash: try codecs.blurHash(of: source),
        palette: try codecs.palette(of: source),
        thumbnail: try thumbnailer.thumbnail(of: source))
}

/// Every operation, awaited: the same spellings, run off the calling actor.
func everyOperationAsync(
    on source: some ImageSourceConvertible, codecs: CodecRegistry, thumbnailer: Thumbnailer
) async throws(ImageError) -> OperationResults {
    OperationResults(
        info: try await codecs.probe(source),
        average: try await codecs.averageColor(of: source),
        blurHash: try await codecs.blurHash(of: source),
        palette: try await codecs.palette(of: source),
        thumbnail: try await thumbnailer.thumbnail(of: source))
}

/// Runs every operation on the image file at `path` from each kind of source, synchronously and
/// awaited, and returns each kind's results (the same, if the API keeps its promise). The
/// thumbnail made from each source is written to `output`, as a URL and as a path.
func everyOperationFromEveryKindOfSource(
    path: String, output: URL, codecs: CodecRegistry, thumbnailer: Thumbnailer
) async throws -> [(kind: String, sync: OperationResults, awaited: OperationResults)] {
    let url = URL(filePath: path)
    let data = try Data(contentsOf: url)
    let bytes = [UInt8](data)
    let source = ImageSource.file(path: path)
    let sources: [(String, any ImageSourceConvertible)] = [
        ("ImageSource", source), ("URL", url), ("Data", data), ("[UInt8]", bytes), ("String", path),
    ]
    var results: [(kind: String, sync: OperationResults, awaited: OperationResults)] = []
    for (kind, source) in sources {
        let sync = try everyOperation(on: source, codecs: codecs, thumbnailer: thumbnailer)
        let awaited = try await everyOperationAsync(on: source, codecs: codecs, thumbnailer: thumbnailer)
        try sync.thumbnail.write(to: output)
        try awaited.thumbnail.write(to: output.path(percentEncoded: false))
        results.append((kind, sync, awaited))
    }
    return results
}
