/// UIScrollView-style rubber banding: how far content moves when dragged past its bounds.
///
/// `f(x) = x·c·d / (d + c·|x|)` (sign kept), the algebraic form of `(1 − 1/(x·c/d + 1))·d`:
/// content follows the finger at `c` (55 %) of its speed at the edge and can never be pulled
/// further than the viewport length `d`. Units: any length unit (points), the same for all arguments.
public enum RubberBand {
    /// UIKit's coefficient, 0.55.
    public static let defaultCoefficient = 0.55

    /// The displayed overshoot for a raw overshoot.
    /// - Parameters:
    ///   - overshoot: how far the finger has dragged past the bound (points; sign kept).
    ///   - dimension: viewport length along the axis (points, > 0); 0 or less gives 0.
    ///   - coefficient: `c`, default 0.55.
    /// - Returns: the rubber-banded overshoot, `|result| < dimension`; 0 for non-finite input.
    public static func offset(overshoot: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard dimension.isFinite, coefficient.isFinite, dimension > 0, coefficient > 0, !overshoot.isNaN else { return 0 }
        // The limit for an infinite pull is the viewport length itself.
        guard overshoot.isFinite else { return overshoot > 0 ? dimension : -dimension }
        let magnitude = abs(overshoot)
        let banded = magnitude * coefficient * dimension / (dimension + coefficient * magnitude)
        return overshoot < 0 ? -banded : banded
    }

    /// Rubber-bands `value` into `limits`: unchanged inside, banded beyond either bound
    /// (ScrollMechanics' `rubberBandClamp`).
    /// - Parameters:
    ///   - value: raw content offset (points).
    ///   - limits: allowed offsets (points).
    ///   - dimension: viewport length along the axis (points).
    ///   - coefficient: `c`, default 0.55.
    public static func clamp(_ value: Double, limits: ClosedRange<Double>, dimension: Double,
                             coefficient: Double = defaultCoefficient) -> Double {
        guard !value.isNaN else { return limits.lowerBound }
        if value < limits.lowerBound {
            return limits.lowerBound + offset(overshoot: value - limits.lowerBound, dimension: dimension, coefficient: coefficient)
        }
        if value > limits.upperBound {
            return limits.upperBound + offset(overshoot: value - limits.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return value
    }
}
