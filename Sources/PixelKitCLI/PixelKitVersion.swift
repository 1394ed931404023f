/// The version `pixelkit --version` prints: the one place it is written. Bump it with each release
/// (semantic versioning; `-dev` between releases).
enum PixelKitVersion {
    static let current = "0.2.0-dev"
}
