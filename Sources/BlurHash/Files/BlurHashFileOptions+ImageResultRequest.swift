import PixelKit

/// A BlurHash as one of several results of a decode (`CodecRegistry.results(of:decoding:_:)`);
/// `blurHash(of:options:)` is this request alone.
extension BlurHashFileOptions: ImageResultRequest {
    /// What this request computes.
    public typealias Output = BlurHashFileResult

    /// Throws `ImageError.invalidOptions` for component counts outside 1…9 (with the
    /// ``BlurHashError``'s message) or a working size below 1.
    public func validate() throws(ImageError) {
        _ = try makeEncoder()
        if let workingSize, workingSize < 1 {
            throw .invalidOptions("BlurHash working size \(workingSize) must be at least 1")
        }
    }

    /// Without a working size, or for an image no larger than it, full resolution; otherwise the
    /// smallest decode whose longest side still reaches the working size.
    public func minimumDecodeSize(for info: ImageInfo) -> PixelSize? {
        guard let workingSize else { return nil }
        let stored = info.size
        let longest = max(stored.width, stored.height)
        guard longest > workingSize else { return nil }
        func scaled(_ side: Int) -> Int { max(1, (side * workingSize + longest - 1) / longest) }
        return PixelSize(width: scaled(stored.width), height: scaled(stored.height))
    }

    /// The sink that reduces the decoded rows to this result.
    public func makeSink(for info: ImageInfo, in decode: SharedDecode) throws(ImageError) -> any ResultSink<BlurHashFileResult> {
        BlurHashSink(working: WorkingImageSink(
            encoder: try makeEncoder(), workingSize: workingSize, storedSize: workingSize == nil ? nil : info.size))
    }

    private func makeEncoder() throws(ImageError) -> BlurHashEncoder {
        do throws(BlurHashError) {
            return try BlurHashEncoder(componentsX: componentsX, componentsY: componentsY)
        } catch {
            throw .invalidOptions(error.description)
        }
    }

    private struct BlurHashSink: ResultSink {
        var working: WorkingImageSink

        mutating func begin(size: PixelSize) { working.begin(size: size) }
        mutating func consume(_ row: PixelRow) { working.consume(row) }
        var isSatisfied: Bool { working.isSatisfied }

        func finish(report: DecodeReport) throws(ImageError) -> BlurHashFileResult {
            let components: BlurHashComponents
            do throws(BlurHashError) {
                components = try working.components()
            } catch {
                throw ImageError.malformed(format: report.info.format, message: error.description)
            }
            return BlurHashFileResult(
                hash: components.hash, components: components, info: report.info, decodedSize: report.outputSize,
                encodedSize: working.gridSize, warnings: report.warnings)
        }
    }
}
