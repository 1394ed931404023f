/// A tile's JSON has the fields of `pixelkit layout gallery` in its order — `"index"`, `"shape"`,
/// and the frame's `"x"`, `"y"`, `"width"`, `"height"` — followed by `"column"` and `"row"`.
extension GalleryTile: Codable {
    private enum CodingKeys: String, CodingKey {
        case index, shape, x, y, width, height, column, row
    }

    /// Decodes the fields written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        shape = try container.decode(GalleryTileShape.self, forKey: .shape)
        frame = LayoutRect(
            x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
            width: try container.decode(Double.self, forKey: .width), height: try container.decode(Double.self, forKey: .height))
        column = try container.decode(Int.self, forKey: .column)
        row = try container.decode(Int.self, forKey: .row)
    }

    /// Encodes the fields of `pixelkit layout gallery` in its order, then the grid position.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(shape, forKey: .shape)
        try container.encode(frame.x, forKey: .x)
        try container.encode(frame.y, forKey: .y)
        try container.encode(frame.width, forKey: .width)
        try container.encode(frame.height, forKey: .height)
        try container.encode(column, forKey: .column)
        try container.encode(row, forKey: .row)
    }
}

/// A shape's JSON is its name (`"large"`), as `pixelkit layout gallery` prints it.
extension GalleryTileShape: Codable {}
