import ArgumentParser
import PixelKit

/// `--color-space`, shared by the commands that compute colors from pixels (average, palette,
/// thumbnail, blurhash encode, theme from-image): the space the decoded pixels are converted to.
struct ColorSpaceOption: ParsableArguments {
    /// The flag's values.
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case srgb
        case displayP3 = "display-p3"
        case stored
    }

    @Option(name: .customLong("color-space"),
            help: "Convert the pixels to srgb (default), display-p3, or keep the stored numbers (stored: no color management; a thumbnail then embeds the source's RGB profile).")
    var choice: Choice = .srgb

    /// The ``DecodeOptions/outputColorSpace`` chosen.
    var output: OutputColorSpace? {
        switch choice {
        case .srgb: .sRGB
        case .displayP3: .displayP3
        case .stored: nil
        }
    }
}
