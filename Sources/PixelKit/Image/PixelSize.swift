/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width × height`, computed without overflow for any dimensions a codec can report.
    public var pixelCount: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }

    public var description: String { "\(width)×\(height)" }
}
