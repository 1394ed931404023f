import Foundation

/// Runs the built `pixelkit` executable, as scripts do, and parses its JSON lines.
struct PixelKitProcess {
    struct Output {
        var status: Int32
        var lines: [[String: Any]]
        var standardError: String
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ relative: String) -> String {
        repository.appendingPathComponent("Tests/PixelKitTests/Fixtures").appendingPathComponent(relative).path
    }

    /// The executable sits next to the test bundle in the build folder.
    static var executable: URL {
        let bundle = Bundle.main.bundleURL
        for folder in [bundle.deletingLastPathComponent(), bundle, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("pixelkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("pixelkit")
    }

    static func run(_ arguments: [String], input: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line -> [String: Any] in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? ["unparsed": String(line)]
        }
        return Output(status: process.terminationStatus, lines: lines, standardError: String(decoding: errorData, as: UTF8.self))
    }
}
