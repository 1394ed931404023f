import PixelKit

/// The size libwebp's scaler is asked for: the smallest that keeps the aspect ratio and is at
/// least the minimum in both directions, never larger than the stored size, and never less than
/// 1/``maxShrink`` of it per side.
enum WebPScaledSize {
    /// libwebp's rescaler sums each output pixel's source block in 32 bits (`rescaler_t`), so a block
    /// of more than 2^32 / 255 ≈ 16.8 M pixels wraps around: 5000×5000 white pixels scaled to 1×1
    /// come out as 55 instead of 255. At most 1024 per side keeps a block under 2^20 pixels.
    static let maxShrink = 1024

    static func forMinimum(_ minimum: PixelSize?, stored: PixelSize) -> PixelSize {
        guard let requested = minimum else { return stored }
        let minimum = PixelSize(
            width: max(requested.width, (stored.width + maxShrink - 1) / maxShrink),
            height: max(requested.height, (stored.height + maxShrink - 1) / maxShrink))
        guard minimum.width < stored.width || minimum.height < stored.height else { return stored }
        let scale = max(Double(max(minimum.width, 1)) / Double(stored.width), Double(max(minimum.height, 1)) / Double(stored.height))
        guard scale < 1 else { return stored }
        func side(_ stored: Int, _ minimum: Int) -> Int {
            min(stored, max(minimum, 1, Int((Double(stored) * scale).rounded(.up))))
        }
        return PixelSize(width: side(stored.width, minimum.width), height: side(stored.height, minimum.height))
    }
}
