/// The WCAG 2.x contrast success criteria, each with its minimum ratio.
public enum WCAGRequirement: String, Sendable, CaseIterable {
    /// SC 1.4.3 (AA), normal text: 4.5:1.
    case aaNormalText
    /// SC 1.4.3 (AA), large text (≥ 18 pt, or ≥ 14 pt bold): 3:1.
    case aaLargeText
    /// SC 1.4.6 (AAA), normal text: 7:1.
    case aaaNormalText
    /// SC 1.4.6 (AAA), large text: 4.5:1.
    case aaaLargeText
    /// SC 1.4.11, user-interface components and graphics: 3:1.
    case nonTextUI

    /// The minimum contrast ratio the criterion asks for (the `x` in `x:1`).
    public var minimumRatio: Double {
        switch self {
        case .aaNormalText, .aaaLargeText: return 4.5
        case .aaLargeText, .nonTextUI: return 3
        case .aaaNormalText: return 7
        }
    }

    /// Whether `ratio` meets this criterion.
    public func isMet(by ratio: Double) -> Bool { ratio >= minimumRatio }
}
