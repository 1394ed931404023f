/// An item's JSON is `{"letter":"A"}` or `{"symbol":"magnifyingglass","isCustom":false}`.
extension SideIndexItem: Codable {
    private enum CodingKeys: String, CodingKey {
        case letter, symbol, isCustom
    }

    /// Decodes `{"letter":…}` or `{"symbol":…,"isCustom":…}`.
    /// - Throws: `DecodingError.dataCorrupted` when neither key is present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let letter = try container.decodeIfPresent(String.self, forKey: .letter) {
            self = .letter(letter)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .symbol) {
            self = .symbol(name: name, isCustom: try container.decodeIfPresent(Bool.self, forKey: .isCustom) ?? false)
        } else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "a side index item needs \"letter\" or \"symbol\""))
        }
    }

    /// Encodes `{"letter":…}` or `{"symbol":…,"isCustom":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .letter(let text):
            try container.encode(text, forKey: .letter)
        case .symbol(let name, let isCustom):
            try container.encode(name, forKey: .symbol)
            try container.encode(isCustom, forKey: .isCustom)
        }
    }
}

/// A hit's JSON has the fields of `pixelkit layout index --hit` in its order — `"label"`, `"index"` —
/// followed by the `"item"` itself (the label is derived from it, and ignored when decoding).
extension SideIndexHit: Codable {
    private enum CodingKeys: String, CodingKey {
        case label, index, item
    }

    /// Decodes the fields written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(index: try container.decode(Int.self, forKey: .index), item: try container.decode(SideIndexItem.self, forKey: .item))
    }

    /// Encodes `"label"`, `"index"` and `"item"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item.label, forKey: .label)
        try container.encode(index, forKey: .index)
        try container.encode(item, forKey: .item)
    }
}
