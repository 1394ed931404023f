import PixelKit

/// A text color chosen to be readable over a background (for example the average color of the
/// image region behind a widget's text), with the WCAG ratio it achieves.
public struct ReadableTextColor: Sendable, Hashable {
    /// Where the chosen color came from.
    public enum Source: String, Sendable, Hashable {
        /// The caller's preferred color (typically the theme's label color) passed.
        case preferred
        /// Black gave the higher ratio.
        case black
        /// White gave the higher ratio.
        case white
    }

    /// The chosen text color.
    public let color: RGBAColor
    /// Which candidate was chosen.
    public let source: Source
    /// The WCAG 2.x contrast ratio of `color` over the background, 1…21.
    public let ratio: Double
    /// The ratio that was asked for.
    public let minimumRatio: Double
    /// Whether `ratio` reaches `minimumRatio`.
    public var meetsMinimum: Bool { ratio >= minimumRatio }

    /// Chooses a text color for an opaque `background`.
    ///
    /// `preferred` wins if it reaches `minimumRatio`; otherwise black or white, whichever contrasts more.
    /// Over a uniform opaque background the better of black and white always reaches at least 4.58:1,
    /// so AA normal text (4.5) is always met; higher minimums may not be (check ``ReadableTextColor/meetsMinimum``).
    /// Over a busy image, average the region under the text, not the whole image, or add a scrim.
    /// - Parameters:
    ///   - background: the opaque color behind the text (alpha is ignored).
    ///   - preferred: a color to keep if it is readable enough, e.g. the theme's label color.
    ///   - minimumRatio: the WCAG ratio to reach, 1…21 (4.5 for normal text, 3 for large text).
    public init(over background: RGBAColor, preferred: RGBAColor? = nil, minimumRatio: Double = 4.5) {
        let opaqueBackground = RGBAColor(
            red: background.red, green: background.green, blue: background.blue, alpha: 255)
        self.minimumRatio = minimumRatio
        if let preferred {
            let preferredRatio = WCAGContrast.ratio(preferred, opaqueBackground)
            if preferredRatio >= minimumRatio {
                color = preferred
                source = .preferred
                ratio = preferredRatio
                return
            }
        }
        let black = RGBAColor(red: 0, green: 0, blue: 0)
        let white = RGBAColor(red: 255, green: 255, blue: 255)
        let blackRatio = WCAGContrast.ratio(black, opaqueBackground)
        let whiteRatio = WCAGContrast.ratio(white, opaqueBackground)
        if whiteRatio > blackRatio {
            (color, source, ratio) = (white, .white, whiteRatio)
        } else {
            (color, source, ratio) = (black, .black, blackRatio)
        }
    }
}
