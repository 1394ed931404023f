/// Bounds on what the theme-file loader accepts, so untrusted files cannot make it allocate or
/// compute without limit. The defaults are far above what a real theme needs.
public struct ThemeFileLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes (default 1 MiB).
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects accepted (default 16; the format itself needs 4).
    public var maxDepth: Int
    /// The most schemes in one file (default 32).
    public var maxSchemes: Int
    /// The most roles in one scheme, and the most `customRoles` (default 128).
    public var maxRoles: Int
    /// The most contrast requirements (default 64).
    public var maxRequirements: Int

    /// Creates limits; every parameter defaults to the value in ``ThemeFileLimits/default``.
    public init(
        maxBytes: Int = 1 << 20, maxDepth: Int = 16, maxSchemes: Int = 32, maxRoles: Int = 128,
        maxRequirements: Int = 64
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxSchemes = maxSchemes
        self.maxRoles = maxRoles
        self.maxRequirements = maxRequirements
    }

    /// 1 MiB, depth 16, 32 schemes, 128 roles, 64 requirements.
    public static let `default` = ThemeFileLimits()
}
