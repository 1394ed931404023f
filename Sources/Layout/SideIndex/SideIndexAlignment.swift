/// Where the index's lines sit when they are shorter than the available height.
public enum SideIndexAlignment: Sendable, Hashable {
    /// Centred vertically (the system index and the seed's selector do this).
    case center
    /// Starting at the top edge.
    case top
}
