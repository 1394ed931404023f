/// Something that re-colors itself when the theme changes: a view, a view controller, a layer owner.
///
/// ``ThemeManager`` holds observers weakly: registering never extends an observer's life, and a
/// deallocated observer is never called.
@MainActor
public protocol ThemeObserver: AnyObject {
    /// Applies `theme` (read colors with `theme[.tint]`…). Called once on registration and once per change.
    func applyTheme(_ theme: ResolvedTheme)
}
