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
        /// HEIC from `heif-enc -t 320`, so it carries an embedded thumbnail as phones write it.
        case heic(megapixels: Int)
        /// Lossy WebP from `cwebp`.
        case webp(megapixels: Int)
        /// One-frame 256-color GIF quantized by giflib (`cbf_gif_encode`).
        case gif(megapixels: Int)
        case embedded
        case user
        /// About 1 MB made to cost far more to decode than its size suggests (`Scripts/decode-bombs`).
        case decodeBomb
    }

    var isJPEG: Bool { path.lowercased().hasSuffix(".jpg") || path.lowercased().hasSuffix(".jpeg") }
    var isGIF: Bool { if case .gif = kind { true } else { false } }
}
