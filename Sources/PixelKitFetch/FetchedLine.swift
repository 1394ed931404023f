import PixelKitCommandSupport

/// One line of `pixelkit fetch`: a ``FetchedLine`` or `{"url","error"}`.
protocol FetchLine: Encodable, Sendable {}
extension FileLine: FetchLine where Result == FailureField {}

/// `{"url","cache","width","height","format","average","blurhash"}` (`null` for a summary the pipeline
/// could not make), `"thumbnail"` with `-o`, and `"warnings"` when there are any.
struct FetchedLine: FetchLine {
    let url: String
    let cache: String
    let width: Int
    let height: Int
    let format: String
    let average: String?
    let blurhash: String?
    var thumbnail: String?
    var warnings: [String]?

    private enum CodingKeys: String, CodingKey {
        case url, cache, width, height, format, average, blurhash, thumbnail, warnings
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(cache, forKey: .cache)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(format, forKey: .format)
        try container.encode(average, forKey: .average)
        try container.encode(blurhash, forKey: .blurhash)
        try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
        try container.encodeIfPresent(warnings, forKey: .warnings)
    }
}
