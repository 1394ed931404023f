import PixelKit

/// The ISO-BMFF `ftyp` box that opens every HEIF/AVIF file: which brands it names, and so whether
/// the file is ours and whether it is AVIF or HEIF.
enum HEIFBrand {
    /// Enough bytes for the box header, the major and minor brand, and eight compatible brands.
    static let signatureLength = 48

    /// HEVC image and sequence brands (HEIC).
    static let hevcBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
    /// AV1 brands (AVIF).
    static let av1Brands: Set<String> = ["avif", "avis", "avio"]
    /// Codec-neutral HEIF structural brands (MIAF and the HEIF image/sequence brands).
    static let neutralBrands: Set<String> = ["mif1", "msf1", "mif2", "mif3", "miaf"]

    /// The major brand followed by the compatible brands found in `bytes`, or nil without an `ftyp` box.
    static func brands(_ bytes: [UInt8]) -> [String]? {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(boxSize, 12))
        var result = [fourCC(bytes, at: 8)]
        var offset = 16
        while offset + 4 <= end {
            result.append(fourCC(bytes, at: offset))
            offset += 4
        }
        return result
    }

    /// Whether `bytes` open with an `ftyp` box naming a HEIF, HEIC or AVIF brand.
    static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard let brands = brands(bytes) else { return false }
        let known = hevcBrands.union(av1Brands).union(neutralBrands)
        return brands.contains { known.contains($0) }
    }

    /// `.avif` when the major brand is an AV1 brand, or when it is codec-neutral and only AV1
    /// brands follow; `.heif` otherwise.
    static func format(_ bytes: [UInt8]) -> ImageFormat {
        guard let brands = brands(bytes), let major = brands.first else { return .heif }
        if av1Brands.contains(major) { return .avif }
        if hevcBrands.contains(major) { return .heif }
        let compatible = brands.dropFirst()
        return compatible.contains(where: av1Brands.contains) && !compatible.contains(where: hevcBrands.contains) ? .avif : .heif
    }

    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
