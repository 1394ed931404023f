/// An ICC color profile: its bytes and the header facts read from them. Equal and hashed by content,
/// so transforms can be cached per profile.
///
/// Creating one checks the size against ``DecodingLimits/maxColorProfileBytes``, the header and the
/// tag table (every tag inside the profile); tag contents are read only by the transform that needs them.
public struct ColorProfile: Sendable, Hashable {
    /// The profile's data color space (header bytes 16…19).
    public enum DataColorSpace: String, Sendable, Hashable {
        /// Red, green and blue samples.
        case rgb = "RGB "
        /// One gray sample.
        case gray = "GRAY"
        /// Cyan, magenta, yellow and black ink.
        case cmyk = "CMYK"
    }

    /// A tag table entry: signature, offset and size, all inside the profile.
    struct Tag: Sendable, Hashable {
        let signature: String
        let offset: Int
        let size: Int
    }

    /// The profile as embedded in the image.
    public let bytes: [UInt8]
    /// The data color space: what the image's samples are.
    public let dataColorSpace: DataColorSpace
    /// The profile connection space signature (`XYZ ` or `Lab `).
    public let connectionSpace: String
    /// The profile version as major, minor (`4.4`, `2.1`, …).
    public let version: (major: Int, minor: Int)
    /// The profile/device class signature (`mntr`, `prtr`, `scnr`, …).
    public let deviceClass: String
    /// The tag signatures, in table order.
    public var tagSignatures: [String] { tags.map(\.signature) }

    let tags: [Tag]

    /// The header's fixed size and the tag table's entry size, from the ICC specification.
    static let headerByteCount = 128
    static let tagEntryByteCount = 12

    /// Reads the header and tag table of `bytes`.
    /// - Throws: ``ColorProfileError`` when the profile exceeds `limits.maxColorProfileBytes` (checked
    ///   first), is truncated, lacks the `acsp` signature, declares another size, has a tag outside
    ///   its bytes, or a data color space other than RGB, gray or CMYK.
    public init(bytes: [UInt8], limits: DecodingLimits = DecodingLimits()) throws(ColorProfileError) {
        guard bytes.count <= limits.maxColorProfileBytes else {
            throw .tooLarge(byteCount: bytes.count, limit: limits.maxColorProfileBytes)
        }
        let reader = ICCBytes(bytes: bytes)
        try reader.require(0, Self.headerByteCount + 4)
        guard try reader.signature(at: 36) == "acsp" else { throw .missingSignature }
        let declared = Int(try reader.uint32(at: 0))
        // Some writers pad profiles after the declared size; never fewer bytes than declared.
        guard declared <= bytes.count, declared >= Self.headerByteCount + 4 else {
            throw .declaredSizeMismatch(declared: declared, actual: bytes.count)
        }
        let spaceSignature = try reader.signature(at: 16)
        guard let space = DataColorSpace(rawValue: spaceSignature) else { throw .unsupportedColorSpace(spaceSignature) }
        let tagCount = Int(try reader.uint32(at: Self.headerByteCount))
        guard tagCount <= (declared - Self.headerByteCount - 4) / Self.tagEntryByteCount else { throw .tooManyTags(count: tagCount) }
        var tags: [Tag] = []
        tags.reserveCapacity(tagCount)
        for index in 0..<tagCount {
            let entry = Self.headerByteCount + 4 + index * Self.tagEntryByteCount
            let signature = try reader.signature(at: entry)
            let offset = Int(try reader.uint32(at: entry + 4))
            let size = Int(try reader.uint32(at: entry + 8))
            guard offset <= declared, size <= declared - offset else {
                throw .tagOutOfBounds(tag: signature, offset: offset, size: size, byteCount: declared)
            }
            tags.append(Tag(signature: signature, offset: offset, size: size))
        }
        self.bytes = bytes
        self.tags = tags
        dataColorSpace = space
        connectionSpace = try reader.signature(at: 20)
        deviceClass = try reader.signature(at: 12)
        version = (Int(bytes[8]), Int(bytes[9] >> 4))
    }

    /// The tag named `signature`, if present.
    func tag(_ signature: String) -> Tag? {
        tags.first { $0.signature == signature }
    }

    /// Whether the profile has matrix/TRC tags (and no lookup tables to prefer over them): the
    /// Swift fast path's kind of profile.
    public var isMatrixShaper: Bool {
        let names = Set(tagSignatures)
        if names.contains("A2B0") || names.contains("A2B1") { return false }
        switch dataColorSpace {
        case .rgb: return ["rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"].allSatisfy(names.contains)
        case .gray: return names.contains("kTRC")
        case .cmyk: return false
        }
    }

    /// Profiles are equal when their bytes are.
    public static func == (left: ColorProfile, right: ColorProfile) -> Bool { left.bytes == right.bytes }
    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
