import Foundation

/// Process start-up (issue 20): `pixelkit average` of a 17×17 JPEG, the whole process from spawn
/// to exit, against a C program over TurboJPEG doing the same, an empty Swift program, and
/// `pixelkit`'s command shape in swift-argument-parser doing nothing else. On a tiny input the time
/// is the program's start-up: the dynamic loader, the Swift runtime, the libraries' initialisers
/// and argument parsing.
enum StartUpBenchmark: ProcessJob {
    static let name = "startup"
    /// Whole processes take a few milliseconds, so each round runs each many times.
    static let runsPerRound = 25

    static let methods: [BenchMethod] = [
        BenchMethod(name: "c-program", summary: "C over TurboJPEG (startup-floor-c): read, decode, print the mean — what the command does, nothing else", role: .cFloor),
        BenchMethod(name: "empty-swift", summary: "a Swift program that prints one line (startup-floor-swift): the Swift runtime's own start-up"),
        BenchMethod(
            name: "argument-parser",
            summary: "pixelkit's commands in swift-argument-parser (startup-floor-argument-parser): parses `average FILE`, prints one line, reads nothing"),
        BenchMethod(name: "pixelkit", summary: "the release `pixelkit average FILE`, as scripts run it"),
    ]

    static func inputs(from catalog: InputCatalog, quick: Bool) -> [BenchInput] {
        let path = InputCatalog.samplesFolder.appendingPathComponent("jpeg/reftest/jpg-size-17x17.jpg").path
        return [BenchInput(label: "17×17 JPEG (reftest)", path: path, kind: .embedded)]
    }

    /// The repository's release `pixelkit`, which Scripts/bench builds beside this executable (both in the
    /// root's `.build/release`), or this benchmark's floor programs.
    static func program(for method: String) throws -> String {
        switch method {
        case "pixelkit":
            let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("pixelkit").path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw WholeProcess.Failure(description: "\(path) is missing: build it with `swift build -c release --product pixelkit` in the repository (Scripts/bench does)")
            }
            return path
        case "c-program", "empty-swift", "argument-parser":
            let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            let name = switch method {
            case "c-program": "startup-floor-c"
            case "empty-swift": "startup-floor-swift"
            default: "startup-floor-argument-parser"
            }
            let path = folder.appendingPathComponent(name).path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw WholeProcess.Failure(description: "\(path) is missing: run Scripts/bench, which builds them")
            }
            return path
        default:
            throw BenchError.unknownMethod(job: name, method: method)
        }
    }

    static func prepare(method: String, input: String) throws -> () throws -> String {
        let program = try program(for: method)
        let arguments = switch method {
        case "pixelkit", "argument-parser": ["average", input]
        case "c-program": [input]
        default: [String]()
        }
        // What it printed, once, outside the timing: the table shows that both compute the mean.
        let line = try WholeProcess.firstLine(of: program, arguments)
        let result = line.range(of: #""rgba":\[[^\]]*\]"#, options: .regularExpression).map { String(line[$0]) } ?? line
        return {
            try WholeProcess.run(program, arguments)
            return result
        }
    }

    static func goals(for input: BenchInput, figures: [String: MethodFigures]) -> [GoalCheck] {
        guard let pixelkit = figures["pixelkit"], let floor = figures["c-program"] else { return [] }
        // Differences taken round by round and run by run, as the ratios are.
        func extra(_ method: MethodFigures) -> TimingStats {
            TimingStats(samples: zip(method.stats.samples, floor.stats.samples).map { $0 - $1 })
        }
        let pixelkitExtra = extra(pixelkit)
        // What argument parsing alone costs above the C program: the part of the goal no PixelKit change can reach.
        let parsing = figures["argument-parser"].map { String(format: "; swift-argument-parser alone +%.2f ms", extra($0).median / 1e6) } ?? ""
        return [GoalCheck(
            text: "`pixelkit average` of a tiny JPEG ≤ 3 ms above the C program's whole-process time", met: pixelkitExtra.median <= 3e6,
            measured: String(format: "+%.2f ms (%.2f against %.2f ms; per-run differences %.2f…%.2f ms%@)",
                             pixelkitExtra.median / 1e6, pixelkit.stats.median / 1e6, floor.stats.median / 1e6,
                             pixelkitExtra.minimum / 1e6, pixelkitExtra.maximum / 1e6, parsing))]
    }
}
