import Themes

/// Theme-file loading: a file that loads must write back to bytes that load to the same catalog,
/// and every failure is a `ThemeFileError` with a path.
enum ThemeFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        do throws(ThemeFileError) {
            let catalog = try ThemeCatalog(jsonBytes: bytes)
            // A catalog that loaded has finite contrast minimums, so it always writes back.
            guard let written = try? catalog.jsonBytes() else {
                FuzzCheck.require(false, "a catalog that loaded could not be written back")
                return
            }
            let again = try ThemeCatalog(jsonBytes: written)
            FuzzCheck.require(again.themes.map(\.name) == catalog.themes.map(\.name), "theme names changed on a round trip")
            _ = catalog.contrastChecks()
        } catch {
            FuzzCheck.require(!error.description.isEmpty, "theme error without a description")
        }
    }
}
