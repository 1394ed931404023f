/// Which end of the item list holds an item that truncation never drops (e.g. a search symbol).
///
/// The pinned item keeps its own line; the remaining items are truncated as usual between their own first
/// and last items, so both the search symbol and "A" stay visible (as the system index does).
public enum SideIndexPin: Sendable, Hashable {
    /// The first item is pinned.
    case first
    /// The last item is pinned.
    case last
}
