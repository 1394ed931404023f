import PixelKit

/// A named color scheme ("default", "mint", "pumpkin"…): semantic roles → dynamic colors.
public struct Theme: Sendable, Hashable {
    /// The scheme's name, unique within a catalog.
    public let name: String
    /// The roles this theme defines, in the order they were given.
    public let roles: [ThemeRole]
    private let colors: [ThemeRole: DynamicColor]

    /// Creates a theme. If a role appears twice, the later color wins (at the earlier position).
    public init(name: String, colors: [(ThemeRole, DynamicColor)]) {
        var order: [ThemeRole] = []
        var table: [ThemeRole: DynamicColor] = [:]
        for (role, color) in colors {
            if table.updateValue(color, forKey: role) == nil { order.append(role) }
        }
        self.name = name
        self.roles = order
        self.colors = table
    }

    /// The dynamic color of `role`, or nil if this theme does not define it.
    public subscript(role: ThemeRole) -> DynamicColor? { colors[role] }

    /// This theme resolved for one appearance.
    public func resolved(for appearance: Appearance) -> ResolvedTheme {
        ResolvedTheme(theme: self, appearance: appearance)
    }
}
