import PixelKit
@testable import PixelKitColor
import Testing

/// Profiles are untrusted input: each damage gives a typed error, never a crash.
@Suite struct HostileProfileTests {
    /// `bytes` with the big-endian 32-bit `value` written at `offset`.
    static func patched(_ bytes: [UInt8], at offset: Int, _ value: UInt32) -> [UInt8] {
        var bytes = bytes
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        return bytes
    }

    /// The offset of `signature`'s entry in the tag table.
    static func tagEntry(_ signature: String, in bytes: [UInt8]) throws -> Int {
        let profile = try ColorProfile(bytes: bytes)
        let index = try #require(profile.tagSignatures.firstIndex(of: signature))
        return 132 + 12 * index
    }

    @Test func oversizedProfileIsRefusedBeforeParsing() {
        let huge = [UInt8](repeating: 0, count: 10 << 20)
        #expect(throws: ColorProfileError.tooLarge(byteCount: 10 << 20, limit: 4 << 20)) { try ColorProfile(bytes: huge) }
        #expect(throws: ColorProfileError.tooLarge(byteCount: 696, limit: 100)) {
            try ColorProfile(bytes: ColorFixtures.bytes("display-p3.icc"), limits: DecodingLimits(maxColorProfileBytes: 100))
        }
    }

    @Test func truncatedProfiles() throws {
        let bytes = try ColorFixtures.bytes("display-p3.icc")
        #expect(throws: ColorProfileError.truncated(offset: 0, needed: 132, byteCount: 100)) { try ColorProfile(bytes: Array(bytes.prefix(100))) }
        #expect(throws: ColorProfileError.declaredSizeMismatch(declared: 696, actual: 600)) { try ColorProfile(bytes: Array(bytes.prefix(600))) }
        #expect(throws: ColorProfileError.missingSignature) { try ColorProfile(bytes: [UInt8](repeating: 0, count: 200)) }
    }

    @Test func tagsOutsideTheProfile() throws {
        let bytes = try ColorFixtures.bytes("display-p3.icc")
        let entry = try Self.tagEntry("rTRC", in: bytes)
        #expect(throws: ColorProfileError.tagOutOfBounds(tag: "rTRC", offset: 0xFFFF_FFF0, size: Int(try ICCBytesProbe.uint32(bytes, entry + 8)), byteCount: 696)) {
            try ColorProfile(bytes: Self.patched(bytes, at: entry + 4, 0xFFFF_FFF0))
        }
        #expect(throws: ColorProfileError.self) { try ColorProfile(bytes: Self.patched(bytes, at: entry + 8, 0x7FFF_FFFF)) }
        #expect(throws: ColorProfileError.tooManyTags(count: 0x1000_0000)) { try ColorProfile(bytes: Self.patched(bytes, at: 128, 0x1000_0000)) }
    }

    @Test func curvesThatLie() throws {
        let bytes = try ColorFixtures.bytes("gray-gamma-1.8.icc")
        let entry = try Self.tagEntry("kTRC", in: bytes)
        let offset = Int(try ICCBytesProbe.uint32(bytes, entry + 4))
        // A curv table declaring a million entries inside a small tag.
        let lying = Self.patched(Self.patched(bytes, at: offset, 0x6375_7276), at: offset + 8, 1_000_000)
        #expect(throws: ColorProfileError.self) { try MatrixShaperTransform(profile: ColorProfile(bytes: lying)) }
        // A zero-size tag.
        let empty = Self.patched(bytes, at: entry + 8, 0)
        #expect(throws: ColorProfileError.self) { try MatrixShaperTransform(profile: ColorProfile(bytes: empty)) }
        // An unknown parametric function type.
        let unknown = Self.patched(Self.patched(bytes, at: offset, 0x7061_7261), at: offset + 8, 0x0009_0000)
        #expect(throws: ColorProfileError.invalidCurve(tag: "kTRC", detail: "unknown parametric function type 9")) {
            try MatrixShaperTransform(profile: ColorProfile(bytes: unknown))
        }
    }

    @Test func wrongColorSpaces() throws {
        let bytes = try ColorFixtures.bytes("display-p3.icc")
        #expect(throws: ColorProfileError.unsupportedColorSpace("Lab ")) { try ColorProfile(bytes: Self.patched(bytes, at: 16, 0x4C61_6220)) }
        // A CMYK profile for RGBA pixels: lcms2 refuses, and says so.
        let cmyk = try ColorFixtures.profile("swop-cmyk.icc")
        #expect(throws: ColorProfileError.self) { try LCMSTransform(profile: cmyk, inputFormat: LCMSPixelFormat.rgba8, outputFormat: LCMSPixelFormat.rgba8) }
        do {
            _ = try LCMSTransform(profile: cmyk, inputFormat: LCMSPixelFormat.rgba8, outputFormat: LCMSPixelFormat.rgba8)
        } catch {
            guard case .engineFailed(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.lowercased().contains("color space"), "lcms2 said: \(message)")
        }
    }

    /// Descriptions whose lengths and offsets lie are dropped (v4 `mluc`) or cut to what the tag
    /// holds (v2 `desc`), within 256 characters.
    @Test func lyingDescriptions() throws {
        let v4 = try ColorFixtures.bytes("display-p3.icc")
        let v4Tag = Int(try ICCBytesProbe.uint32(v4, try Self.tagEntry("desc", in: v4) + 4))
        #expect(try ColorProfile(bytes: Self.patched(v4, at: v4Tag + 20, 0xFFFF_FFFE)).profileDescription == nil)
        #expect(try ColorProfile(bytes: Self.patched(v4, at: v4Tag + 24, 0x7FFF_0000)).profileDescription == nil)
        let v2 = try ColorFixtures.bytes("adobe-rgb-compatible.icc")
        let v2Tag = Int(try ICCBytesProbe.uint32(v2, try Self.tagEntry("desc", in: v2) + 4))
        let description = try ColorProfile(bytes: Self.patched(v2, at: v2Tag + 8, 0xFFFF_FFFF)).profileDescription
        #expect((description?.count ?? 0) <= 256)
    }

    /// A lookup-table profile whose tables are unreadable (an unknown tag type, a zero-size tag):
    /// lcms2's error, caught and typed.
    @Test func damagedLookupTablesReachLCMS2AsTypedErrors() throws {
        let bytes = try ColorFixtures.bytes("display-p3-lut.icc")
        let lookupTags = ["A2B0", "A2B1", "A2B2"]
        var unknownType = bytes
        for tag in lookupTags {
            let offset = Int(try ICCBytesProbe.uint32(bytes, try Self.tagEntry(tag, in: bytes) + 4))
            unknownType = Self.patched(unknownType, at: offset, 0x6A75_6E6B)
        }
        var zeroSize = bytes
        for tag in lookupTags { zeroSize = Self.patched(zeroSize, at: try Self.tagEntry(tag, in: bytes) + 8, 0) }
        for damaged in [unknownType, zeroSize] {
            let profile = try ColorProfile(bytes: damaged)
            #expect(!profile.isMatrixShaper)
            #expect(throws: ColorProfileError.self) { try ColorManagement().transformToSRGB(from: .icc(profile)) }
        }
    }
}

/// Reads the fixture's tag table as an independent check (not through the code under test).
enum ICCBytesProbe {
    static func uint32(_ bytes: [UInt8], _ offset: Int) throws -> UInt32 {
        try #require(offset + 4 <= bytes.count)
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
