import ArgumentParser
import PixelKit
import Themes

/// `pixelkit theme check FILE`: one line per declared contrast pair × scheme × appearance, then a summary;
/// exit 1 if any pair fails or the file is invalid.
struct ThemeCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a theme file and print every declared contrast pair with its WCAG ratio.",
        discussion: """
            Each pair: {"scheme","appearance","foreground","background","ratio","minimum","pass"}, for every \
            scheme in the four appearances light, dark, lightHighContrast, darkHighContrast; then \
            {"file","pairs","failed"}. An invalid file prints {"file","path","error"}. Exit 1 on any failure.
            """
    )

    @Argument(help: "The theme file (JSON).")
    var file: String

    func run() throws {
        let catalog = try ThemeCommand.loadCatalog(file)
        let checks = catalog.contrastChecks()
        var failed = 0
        for check in checks {
            if !check.passes { failed += 1 }
            StandardStreams.printLine(.object([
                ("scheme", .string(check.scheme)),
                ("appearance", .string(check.appearance.variantName)),
                ("foreground", .string(check.requirement.foreground.rawValue)),
                ("background", .string(check.requirement.background.rawValue)),
                ("ratio", check.ratio.map { .double($0) } ?? .null),
                ("minimum", .double(check.requirement.minimum)),
                ("pass", .bool(check.passes)),
            ]))
        }
        StandardStreams.printLine(.object([("file", .string(file)), ("pairs", .int(checks.count)), ("failed", .int(failed))]))
        if failed > 0 {
            StandardStreams.printError("pixelkit: \(EchoedText.cut(file)): \(failed) of \(checks.count) contrast pairs fail")
            throw ExitCode(1)
        }
    }
}
