import PixelKit

/// What an nclx `colr` box's code points (ITU-T H.273) mean for conversion.
enum HEIFColorSpace {
    /// Transfer characteristics that are standard dynamic range: BT.709 (1), unspecified (2),
    /// BT.601 (6), sRGB (13), BT.2020 10/12-bit (14, 15).
    private static let standardTransfers: Set<Int> = [1, 2, 6, 13, 14, 15]

    /// BT.709 or unspecified primaries (1, 2) → sRGB; Display P3 (12) → Display P3; BT.2020 (9) with
    /// the BT.709/BT.2020 curve → Rec. 2020; PQ (16) and HLG (18) transfers → unconverted HDR;
    /// anything else → unconverted (``ColorConversionIssue/unsupportedCICP(primaries:transfer:)``).
    /// BT.709-family transfers are read as the sRGB curve for BT.709 and P3 primaries, as browsers do.
    static func space(primaries: Int, transfer: Int) -> ColorSpace {
        if transfer == 16 || transfer == 18 { return .unconvertible(.highDynamicRange(transfer: transfer)) }
        guard standardTransfers.contains(transfer) else { return .unconvertible(.unsupportedCICP(primaries: primaries, transfer: transfer)) }
        switch primaries {
        case 1, 2: return .sRGB
        case 12: return .displayP3
        case 9 where transfer != 13: return .rec2020
        default: return .unconvertible(.unsupportedCICP(primaries: primaries, transfer: transfer))
        }
    }
}
