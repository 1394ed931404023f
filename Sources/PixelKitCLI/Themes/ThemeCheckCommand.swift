import PixelKitCommandSupport
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
            try StandardStreams.printLine(PairLine(
                scheme: check.scheme, appearance: check.appearance.variantName,
                foreground: check.requirement.foreground.rawValue, background: check.requirement.background.rawValue,
                ratio: check.ratio, minimum: check.requirement.minimum, pass: check.passes))
        }
        try StandardStreams.printLine(SummaryLine(file: file, pairs: checks.count, failed: failed))
        if failed > 0 {
            StandardStreams.printError("pixelkit: \(EchoedText.cut(file)): \(failed) of \(checks.count) contrast pairs fail")
            throw ExitCode(1)
        }
    }

    /// `{"scheme","appearance","foreground","background","ratio","minimum","pass"}`; `"ratio"` is `null`
    /// when a role is missing.
    private struct PairLine: Encodable {
        let scheme: String
        let appearance: String
        let foreground: String
        let background: String
        let ratio: Double?
        let minimum: Double
        let pass: Bool

        private enum CodingKeys: String, CodingKey {
            case scheme, appearance, foreground, background, ratio, minimum, pass
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scheme, forKey: .scheme)
            try container.encode(appearance, forKey: .appearance)
            try container.encode(foreground, forKey: .foreground)
            try container.encode(background, forKey: .background)
            try container.encode(ratio, forKey: .ratio)
            try container.encode(minimum, forKey: .minimum)
            try container.encode(pass, forKey: .pass)
        }
    }

    /// The last line: `{"file","pairs","failed"}`.
    private struct SummaryLine: Encodable {
        let file: String
        let pairs: Int
        let failed: Int
    }
}
