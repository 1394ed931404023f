import ArgumentParser
import PixelKitCommandSupport
import PixelKitPlatform

/// `pixelkit fetch`: parsed here, so that help and usage errors come from `pixelkit`, then run by the
/// `pixelkit-fetch` executable beside this one, in this process's place. The networking stack it
/// needs (Foundation, FoundationNetworking, libcurl) would otherwise load with every command.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fetch", abstract: FetchOptions.abstract, discussion: FetchOptions.discussion)

    /// The executable that does the work, looked for in this executable's folder.
    static let executableName = "pixelkit-fetch"

    @OptionGroup var options: FetchOptions

    func run() throws {
        // Everything after the subcommand's name, exactly as given (a URL may look like anything).
        let arguments = CommandLine.arguments
        let start = arguments.dropFirst().firstIndex(of: "fetch").map { $0 + 1 } ?? arguments.endIndex
        let failure = SiblingExecutable(named: Self.executableName).replaceProcess(arguments: Array(arguments[start...]))
        StandardStreams.printError(
            "pixelkit: fetch needs the \(Self.executableName) executable next to pixelkit: \(failure). "
                + "`swift build` builds both; or build it alone with `swift build --product \(Self.executableName)`.")
        throw ExitCode(1)
    }
}
