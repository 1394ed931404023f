import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import Themes

/// `pixelkit theme resolve FILE --scheme S --appearance light|dark [--high-contrast]`:
/// one JSON object, role → hex, in the scheme's role order.
struct ThemeResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Print one scheme's colors for one appearance as {role: hex}.",
        discussion: "Colors are #RRGGBB, or #RRGGBBAA when translucent; derived variants are included."
    )

    enum StyleArgument: String, ExpressibleByArgument, CaseIterable {
        case light, dark
    }

    @Argument(help: "The theme file (JSON).")
    var file: String

    @Option(help: "The scheme's name.")
    var scheme: String

    @Option(help: "light or dark.")
    var appearance: StyleArgument

    @Flag(help: "Resolve the high-contrast variants.")
    var highContrast = false

    func run() throws {
        let catalog = try ThemeCommand.loadCatalog(file)
        guard let theme = catalog.theme(named: scheme) else {
            let names = catalog.themes.map(\.name).joined(separator: ", ")
            StandardStreams.printError("pixelkit: \(EchoedText.cut(file)): no scheme \"\(EchoedText.cut(scheme))\" (schemes: \(names))")
            throw ExitCode(1)
        }
        let resolved = theme.resolved(for: Appearance(
            style: appearance == .dark ? .dark : .light, contrast: highContrast ? .high : .normal))
        try StandardStreams.printLine(OrderedFields(fields: theme.roles.compactMap { role in
            resolved[role].map { (key: role.rawValue, value: ThemeCommand.hex($0)) }
        }))
    }
}
