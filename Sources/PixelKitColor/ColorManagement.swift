import PixelKit
import PixelKitPlatform

/// Color management for PixelKit: transforms to sRGB for any color space, the Swift fast path for
/// matrix/TRC profiles (`MatrixShaperTransform`) and lcms2 for the rest (lookup-table
/// profiles, CMYK), cached by profile content.
public final class ColorManagement: ColorTransformProvider, Sendable {
    private struct Key: Hashable {
        let profile: ColorProfile
        let cmykSamples: CMYKSamples
    }

    private struct Cache {
        var transforms: [Key: any ColorTransform] = [:]
        var order: [Key] = []
    }

    private let cache = PThreadLocked(Cache())
    private let capacity: Int

    /// A provider keeping the transforms of up to `cacheCapacity` profiles (at least 1).
    public init(cacheCapacity: Int = 16) {
        capacity = max(cacheCapacity, 1)
    }

    /// The process's shared provider.
    public static let shared = ColorManagement()

    /// A transform from `space` to sRGB (relative colorimetric), nil for sRGB itself. Matrix/TRC
    /// profiles take the Swift fast path; other profiles, or one the fast path cannot read, lcms2.
    /// - Throws: `ColorProfileError` when lcms2 refuses the profile too.
    public func transformToSRGB(from space: ColorSpace, cmykSamples: CMYKSamples = .inkAmount) throws(ColorProfileError) -> (any ColorTransform)? {
        switch space {
        case .sRGB: return nil
        case .displayP3: return MatrixShaperTransform.displayP3
        case .icc(let profile):
            let key = Key(profile: profile, cmykSamples: cmykSamples)
            if let cached = cache.withLock({ $0.transforms[key] }) { return cached }
            let made = try Self.makeTransform(profile, cmykSamples: cmykSamples)
            return cache.withLock { cache in
                if let raced = cache.transforms[key] { return raced }
                if cache.order.count >= capacity {
                    cache.transforms[cache.order.removeFirst()] = nil
                }
                cache.transforms[key] = made
                cache.order.append(key)
                return made
            }
        }
    }

    private static func makeTransform(_ profile: ColorProfile, cmykSamples: CMYKSamples) throws(ColorProfileError) -> any ColorTransform {
        if profile.isMatrixShaper, let fast = try? MatrixShaperTransform(profile: profile) { return fast }
        return try LCMSTransform(profile: profile, cmykSamples: cmykSamples)
    }
}
