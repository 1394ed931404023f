import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import Themes

/// `pixelkit contrast FG BG`: `{"wcag": ratio, "apca": Lc, "aa": bool, "aaa": bool}`.
/// `aa`/`aaa` are the WCAG 2.x thresholds for normal text (4.5 and 7); `apca` is the APCA-W3 0.1.9
/// lightness contrast of FG as text on BG (a WCAG 3 draft measure; see `APCAContrast`).
struct ContrastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contrast",
        abstract: "WCAG 2.x contrast ratio and APCA Lc of a text color on a background color.",
        discussion: """
            Prints {"wcag": ratio, "apca": Lc, "aa": bool, "aaa": bool}; aa and aaa are the normal-text \
            thresholds 4.5 and 7. Colors are hex: 007aff, #007AFF, #RGB or #RRGGBBAA (a translucent \
            foreground is composited over the background).
            """
    )

    @Argument(help: "The foreground (text) color, hex.")
    var foreground: String

    @Argument(help: "The background color, hex.")
    var background: String

    func run() throws {
        let text: RGBAColor
        let surface: RGBAColor
        do {
            text = try RGBAColor(hex: foreground)
            surface = try RGBAColor(hex: background)
        } catch {
            StandardStreams.printError("pixelkit: \(error)")
            throw ExitCode(1)
        }
        let ratio = WCAGContrast.ratio(text, surface)
        try StandardStreams.printLine(ContrastLine(
            wcag: ratio, apca: APCAContrast.lightnessContrast(text: text, background: surface),
            aa: WCAGRequirement.aaNormalText.isMet(by: ratio), aaa: WCAGRequirement.aaaNormalText.isMet(by: ratio)))
    }

    /// `{"wcag","apca","aa","aaa"}`.
    private struct ContrastLine: Encodable {
        let wcag: Double
        let apca: Double
        let aa: Bool
        let aaa: Bool
    }
}
