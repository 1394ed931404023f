/// Why a `Transitions` value could not be made or an animation command was refused.
///
/// Each case carries the offending detail, so a message can say exactly what was wrong.
public enum TransitionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter was NaN or infinite.
    case nonFinite(parameter: String, value: Double)
    /// A parameter was finite but outside the range it must lie in (`allowed` describes that range).
    case outOfRange(parameter: String, value: Double, allowed: String)
    /// A plot size was zero, negative or larger than the renderer accepts.
    case invalidPlotSize(width: Int, height: Int)
    /// The animation already completed (its completion handlers ran); start a new one instead.
    case animationFinished

    /// A one-line, human-readable message naming the parameter and the offending value.
    public var description: String {
        switch self {
        case .nonFinite(let parameter, let value):
            return "\(parameter) must be a finite number, got \(value)"
        case .outOfRange(let parameter, let value, let allowed):
            return "\(parameter) must be \(allowed), got \(value)"
        case .invalidPlotSize(let width, let height):
            return "plot size must be between 16×16 and 4096×4096 pixels, got \(width)×\(height)"
        case .animationFinished:
            return "the animation has already finished"
        }
    }
}
