/// Accumulates pixels and produces their average color. Rows of RGBA8 come from decoders; single
/// floating-point colors with a weight come from samplers that reduce the image first.
public protocol ColorAccumulator {
    /// Adds every pixel of an RGBA8 row (`row.count / 4` pixels).
    mutating func add(row: UnsafeBufferPointer<UInt8>)
    /// Adds one color (components on 0…255) counted `weight` times.
    mutating func add(_ color: RGBAColor, weight: Double)
    /// The average of everything added so far; components on 0…255. NaN components if nothing was added.
    func result() -> RGBAColor
}

/// A way of averaging colors (arithmetic mean, root mean square, mean in linear light…).
/// A value describing the method; each average uses a fresh accumulator from ``makeAccumulator()``.
public protocol ColorAverager: Sendable {
    /// The running sums this method keeps while rows stream through.
    associatedtype Accumulator: ColorAccumulator
    /// The name printed by the command line (`"mean"`, `"rms"`, `"linear"`).
    var name: String { get }
    /// A fresh accumulator with nothing added yet, one per average.
    func makeAccumulator() -> Accumulator
}
