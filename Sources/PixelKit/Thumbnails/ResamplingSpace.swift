/// The light scale in which pixels are mixed while resizing.
public enum ResamplingSpace: String, Sendable, Hashable, CaseIterable {
    /// sRGB samples are converted to linear light (through a 256-entry table), mixed, then
    /// re-encoded (through a 16,384-entry table). Physically right: a fine black-and-white pattern
    /// reduces to the grey it looks like from afar (≈ #BCBCBC), and bright details keep their
    /// brightness. Alpha is premultiplied in linear light, so transparent pixels don't bleed color.
    case linear
    /// The stored sRGB values are mixed directly, as most tools (and libvips by default) do:
    /// slightly cheaper, and fine detail comes out darker than it should.
    case gamma
}
