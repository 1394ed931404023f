/// An image the benchmark runs on.
struct BenchInput: Sendable {
    /// Short label for the table (`"12MP baseline JPEG"`).
    var label: String
    var path: String
    var kind: Kind

    enum Kind: Sendable, Equatable {
        case jpegBaseline(megapixels: Int)
        case jpegProgressive(megapixels: Int)
        case pngPhoto
        case pngScreenshot
        case embedded
        case user
    }

    var isJPEG: Bool { path.lowercased().hasSuffix(".jpg") || path.lowercased().hasSuffix(".jpeg") }
}
