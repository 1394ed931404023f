/// A rectangle's JSON is `{"x":0,"y":0,"width":100,"height":50}`.
extension LayoutRect: Codable {
    private enum CodingKeys: String, CodingKey {
        case x, y, width, height
    }

    /// Decodes `x`, `y`, `width` and `height`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
            width: try container.decode(Double.self, forKey: .width), height: try container.decode(Double.self, forKey: .height))
    }

    /// Encodes `x`, `y`, `width` and `height`, in that order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}
