/// Why libheif could not be used: not installed, too old, or failing to initialise (in libheif's
/// or the dynamic loader's words).
struct LibheifUnavailable: Error, Sendable {
    let reason: String
}
