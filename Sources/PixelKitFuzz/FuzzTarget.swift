/// The parsers under fuzzing. Each target checks invariants, not just the absence of crashes:
/// `FuzzCheck.require` traps (a finding) when one is broken.
enum FuzzTarget: String, CaseIterable {
    case jpeg, png, heif, webp, gif, registry, hex, blurhash, theme, palette
    case colorProfile = "color-profile"

    func run(_ bytes: [UInt8]) {
        switch self {
        case .jpeg: JPEGFuzzTarget.run(bytes)
        case .png: PNGFuzzTarget.run(bytes)
        case .heif: HEIFFuzzTarget.run(bytes)
        case .webp: WebPFuzzTarget.run(bytes)
        case .gif: GIFFuzzTarget.run(bytes)
        case .registry: RegistryFuzzTarget.run(bytes)
        case .hex: HexFuzzTarget.run(bytes)
        case .blurhash: BlurHashFuzzTarget.run(bytes)
        case .theme: ThemeFuzzTarget.run(bytes)
        case .palette: PaletteFuzzTarget.run(bytes)
        case .colorProfile: ColorProfileFuzzTarget.run(bytes)
        }
    }
}
