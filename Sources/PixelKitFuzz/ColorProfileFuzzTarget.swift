import PixelKit
import PixelKitColor

/// ICC profiles: the Swift parser and, when it accepts the bytes, both transforms (the Swift fast
/// path and lcms2) — every failure a ``ColorProfileError``, every transform usable on a row.
enum ColorProfileFuzzTarget {
    /// A row touching every 8-bit level in each channel.
    static let row: [UInt8] = (0..<256).flatMap { (level: Int) -> [UInt8] in
        let value = UInt8(level)
        return [value, 255 - value, value ^ 0x5A, value]
    }

    static func run(_ bytes: [UInt8]) {
        let profile: ColorProfile
        do throws(ColorProfileError) {
            profile = try ColorProfile(bytes: bytes, limits: FuzzCheck.limits)
        } catch {
            FuzzCheck.require(!error.description.isEmpty, "profile error without a description")
            return
        }
        var fast = row
        if let transform = try? MatrixShaperTransform(profile: profile) {
            fast.withUnsafeMutableBufferPointer { transform.convert($0) }
            FuzzCheck.require(stride(from: 3, to: fast.count, by: 4).allSatisfy { fast[$0] == row[$0] }, "fast path changed alpha")
        }
        for samples in [CMYKSamples.inkAmount, .inverted] {
            do throws(ColorProfileError) {
                let transform = try ColorManagement(cacheCapacity: 1).transformToSRGB(from: .icc(profile), cmykSamples: samples)
                var converted = row
                converted.withUnsafeMutableBufferPointer { transform?.convert($0) }
            } catch {
                FuzzCheck.require(!error.description.isEmpty, "transform error without a description")
            }
        }
    }
}
