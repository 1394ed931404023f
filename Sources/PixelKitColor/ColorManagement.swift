import PixelKit
import PixelKitPlatform

/// Color management for PixelKit: transforms to sRGB or Display P3 for any color space, the Swift fast path for
/// matrix/TRC profiles (`MatrixShaperTransform`) and lcms2 for the rest (lookup-table
/// profiles, CMYK), cached by profile content.
public final class ColorManagement: ColorTransformProvider, Sendable {
    private struct Key: Hashable {
        let profile: ColorProfile
        let cmykSamples: CMYKSamples
        let destination: OutputColorSpace
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

    /// The process's shared provider (what `pixelkit` registers: `registry.colorTransforms = ColorManagement.shared`).
    public static let shared = ColorManagement()

    /// A transform from `space` to `destination` (relative colorimetric), nil when no conversion
    /// is needed (the same space, or a profile the fast path finds to be the identity). Named spaces and matrix/TRC profiles take the Swift fast path; other profiles, or
    /// one the fast path cannot read, lcms2.
    /// - Throws: `ColorProfileError` when lcms2 refuses the profile too.
    public func transform(to destination: OutputColorSpace, from space: ColorSpace, cmykSamples: CMYKSamples = .inkAmount) throws(ColorProfileError) -> (any ColorTransform)? {
        guard case .icc(let profile) = space else { return MatrixShaperTransform.between(space, and: destination) }
        let key = Key(profile: profile, cmykSamples: cmykSamples, destination: destination)
        if let cached = cache.withLock({ $0.transforms[key] }) { return Self.skippingIdentity(cached) }
        let made = try Self.makeTransform(key)
        return cache.withLock { cache in
            if let raced = cache.transforms[key] { return Self.skippingIdentity(raced) }
            if cache.order.count >= capacity {
                cache.transforms[cache.order.removeFirst()] = nil
            }
            cache.transforms[key] = made
            cache.order.append(key)
            return Self.skippingIdentity(made)
        }
    }

    /// nil for a transform that changes nothing (``MatrixShaperTransform/isIdentity``).
    private static func skippingIdentity(_ transform: any ColorTransform) -> (any ColorTransform)? {
        (transform as? MatrixShaperTransform)?.isIdentity == true ? nil : transform
    }

    /// ``transform(to:from:cmykSamples:)`` to sRGB.
    public func transformToSRGB(from space: ColorSpace, cmykSamples: CMYKSamples = .inkAmount) throws(ColorProfileError) -> (any ColorTransform)? {
        try transform(to: .sRGB, from: space, cmykSamples: cmykSamples)
    }

    private static func makeTransform(_ key: Key) throws(ColorProfileError) -> any ColorTransform {
        if key.profile.isMatrixShaper, let fast = try? MatrixShaperTransform(profile: key.profile, destination: key.destination) { return fast }
        return try LCMSTransform(profile: key.profile, cmykSamples: key.cmykSamples, destination: key.destination)
    }
}
