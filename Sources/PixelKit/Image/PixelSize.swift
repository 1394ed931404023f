/// A width and height in pixels. Its JSON is `{"width": 640, "height": 480}`.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Columns of pixels.
    public var width: Int
    /// Rows of pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width × height`, computed without overflow for any dimensions a codec can report.
    public var pixelCount: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }

    /// `"640×480"`.
    public var description: String { "\(width)×\(height)" }
}
