/// One entry of a side index: a short string (usually one letter) or a symbol image.
public enum SideIndexItem: Sendable, Hashable {
    /// A letter or short string ("A", "#"); UIKit suggests at most two characters.
    case letter(String)
    /// A symbol image by name: an SF Symbol, or a custom symbol from the app's assets when `isCustom` is true.
    case symbol(name: String, isCustom: Bool)

    /// The letter itself, or the symbol's name.
    public var label: String {
        switch self {
        case .letter(let text): text
        case .symbol(let name, _): name
        }
    }

    /// "A" through "Z" followed by "#", the English index `UITableView` shows.
    public static let alphanumeric: [SideIndexItem] =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { .letter(String(UnicodeScalar($0))) } + [.letter("#")]
}
