/// How transparency enters an average.
public enum AlphaPolicy: String, Sendable, Hashable, CaseIterable {
    /// Each pixel's color counts in proportion to its alpha, so transparent pixels (whose stored
    /// color is often black) don't darken the result. A fully transparent image falls back to the
    /// unweighted average of its stored colors. The result's alpha is the plain mean alpha.
    case weighted
    /// Every pixel's stored color counts equally whatever its alpha (what the blog post's code did).
    case ignored
}
