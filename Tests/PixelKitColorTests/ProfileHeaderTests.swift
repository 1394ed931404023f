import PixelKit
import Testing

/// The header facts and description read from each profile, against the corpus's reference.json
/// (read there by another tool).
@Suite struct ProfileHeaderTests {
    struct Expected: Sendable {
        let file: String, description: String, version: (Int, Int), deviceClass: String
        let space: ColorProfile.DataColorSpace, connectionSpace: String
    }

    static let expected: [Expected] = [
        Expected(file: "adobe-rgb-compatible.icc", description: "Compatible with Adobe RGB (1998)", version: (2, 2), deviceClass: "mntr", space: .rgb, connectionSpace: "XYZ "),
        Expected(file: "swop-cmyk.icc", description: "Artifex CMYK SWOP Profile", version: (2, 1), deviceClass: "prtr", space: .cmyk, connectionSpace: "Lab "),
        Expected(file: "hp-srgb.icc", description: "sRGB IEC61966-2.1", version: (2, 1), deviceClass: "mntr", space: .rgb, connectionSpace: "XYZ "),
        Expected(file: "gray-gamma-1.8.icc", description: "Gray Gamma 1.8 (lcms2 2.14)", version: (4, 4), deviceClass: "mntr", space: .gray, connectionSpace: "XYZ "),
        Expected(file: "display-p3.icc", description: "Display P3 (lcms2 2.14 matrix/TRC)", version: (4, 4), deviceClass: "mntr", space: .rgb, connectionSpace: "XYZ "),
        Expected(file: "display-p3-lut.icc", description: "Display P3 as 21x21x21 CLUTs (lcms2 2.14, v2, no matrix/TRC)", version: (2, 4), deviceClass: "mntr", space: .rgb, connectionSpace: "Lab "),
        Expected(file: "prophoto.icc", description: "ProPhoto RGB", version: (4, 4), deviceClass: "mntr", space: .rgb, connectionSpace: "XYZ "),
        Expected(file: "rec2020.icc", description: "Rec. ITU-R BT.2020 (lcms2 2.14 matrix/TRC, BT.709 tone curve)", version: (4, 4), deviceClass: "mntr", space: .rgb, connectionSpace: "XYZ "),
    ]

    @Test(arguments: expected.indices)
    func headerAndDescription(_ index: Int) throws {
        let expected = Self.expected[index]
        let profile = try ColorFixtures.profile(expected.file)
        #expect(profile.profileDescription == expected.description)
        #expect(profile.version == expected.version, "\(expected.file): \(profile.version)")
        #expect(profile.deviceClass == expected.deviceClass)
        #expect(profile.dataColorSpace == expected.space)
        #expect(profile.connectionSpace == expected.connectionSpace)
    }
}
