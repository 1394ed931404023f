import PixelKit

/// The size libwebp's scaler is asked for: the smallest that keeps the aspect ratio and is at
/// least the minimum in both directions, never larger than the stored size.
enum WebPScaledSize {
    static func forMinimum(_ minimum: PixelSize?, stored: PixelSize) -> PixelSize {
        guard let minimum, minimum.width < stored.width || minimum.height < stored.height else { return stored }
        let scale = max(Double(max(minimum.width, 1)) / Double(stored.width), Double(max(minimum.height, 1)) / Double(stored.height))
        guard scale < 1 else { return stored }
        func side(_ stored: Int, _ minimum: Int) -> Int {
            min(stored, max(minimum, 1, Int((Double(stored) * scale).rounded(.up))))
        }
        return PixelSize(width: side(stored.width, minimum.width), height: side(stored.height, minimum.height))
    }
}
