import PixelKitPlatform

/// The reconstruction kernel a resize uses. When reducing, each kernel is stretched by the
/// reduction factor, so it also acts as the anti-aliasing low-pass filter.
public enum ResamplingFilter: String, Sendable, Hashable, CaseIterable {
    /// Area average (radius 0.5): each output pixel is the mean of the input pixels it covers.
    /// Fastest; slightly soft and can alias on fine regular patterns.
    case box
    /// Linear interpolation (radius 1), a "bilinear" / triangle filter: a good cheap reduction.
    case triangle
    /// Mitchell–Netravali cubic with B = C = 1/3 (radius 2): sharp with little ringing.
    case mitchell
    /// Windowed sinc with three lobes (radius 3): the sharpest, what libvips and Pillow use for
    /// quality thumbnails; may ring slightly at hard edges.
    case lanczos3

    /// Half-width of the kernel in input pixels at scale 1.
    public var support: Double {
        switch self {
        case .box: 0.5
        case .triangle: 1
        case .mitchell: 2
        case .lanczos3: 3
        }
    }

    /// The kernel's value at distance `x` (in input pixels at scale 1) from the sample centre.
    /// Weights are normalised per output pixel, so only their ratios matter.
    public func weight(at x: Double) -> Double {
        let distance = abs(x)
        switch self {
        case .box:
            return distance < 0.5 ? 1 : 0
        case .triangle:
            return distance < 1 ? 1 - distance : 0
        case .mitchell:
            // Mitchell & Netravali (1988), B = C = 1/3, coefficients × 6 (normalisation cancels the 1/6).
            let b = 1.0 / 3, c = 1.0 / 3
            if distance < 1 {
                return ((12 - 9 * b - 6 * c) * distance + (-18 + 12 * b + 6 * c)) * distance * distance + (6 - 2 * b)
            }
            if distance < 2 {
                return (((-b - 6 * c) * distance + (6 * b + 30 * c)) * distance + (-12 * b - 48 * c)) * distance
                    + (8 * b + 24 * c)
            }
            return 0
        case .lanczos3:
            guard distance < 3 else { return 0 }
            return Self.sinc(distance) * Self.sinc(distance / 3)
        }
    }

    private static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let angle = Double.pi * x
        return sin(angle) / angle
    }
}
