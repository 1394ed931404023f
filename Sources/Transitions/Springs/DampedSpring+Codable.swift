/// A spring's JSON has the fields of `pixelkit spring`'s first line in its order — `"mass"`,
/// `"stiffness"`, `"damping"`, `"dampingRatio"`, `"response"`, `"duration"`, `"bounce"` — without
/// `"settlingDuration"`, which depends on the initial velocity. The last four are derived from the
/// first three and ignored when decoding; decoding validates like ``DampedSpring/init(mass:stiffness:damping:)``.
extension DampedSpring: Codable {
    private enum CodingKeys: String, CodingKey {
        case mass, stiffness, damping, dampingRatio, response, duration, bounce
    }

    /// Decodes mass, stiffness and damping.
    /// - Throws: `DecodingError.dataCorrupted` with the ``TransitionsError`` message for invalid values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mass = try container.decode(Double.self, forKey: .mass)
        let stiffness = try container.decode(Double.self, forKey: .stiffness)
        let damping = try container.decode(Double.self, forKey: .damping)
        do {
            try self.init(mass: mass, stiffness: stiffness, damping: damping)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    /// Encodes the physical parameters, then the derived ones, in `pixelkit spring`'s order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mass, forKey: .mass)
        try container.encode(stiffness, forKey: .stiffness)
        try container.encode(damping, forKey: .damping)
        try container.encode(dampingRatio, forKey: .dampingRatio)
        try container.encode(response, forKey: .response)
        try container.encode(duration, forKey: .duration)
        try container.encode(bounce, forKey: .bounce)
    }
}
