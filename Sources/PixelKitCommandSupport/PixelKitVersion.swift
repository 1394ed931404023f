/// The version `pixelkit --version` and `pixelkit-fetch --version` print: the one place it is written. Bump it with each release
/// (semantic versioning; `-dev` between releases).
package enum PixelKitVersion {
    package static let current = "0.2.0-dev"
}
