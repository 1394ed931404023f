// Test helper for RotatingLogTests: one writer process of the multi-process tests.
//
//   RotatingLogStressWriter --file F --writer ID --count N [--policy trim|rotate]
//                           [--max-bytes B] [--max-files K]
//
// Appends records whose message is `w<ID> <sequence, 7 digits> <padding>`, where the padding is
// `sequence % 53` copies of "x", so a reader can tell a whole record from a torn or merged one.
// `--count 0` writes until killed.
import RotatingLog

import PixelKitPlatform

func fail(_ message: String) -> Never {
    var line = "RotatingLogStressWriter: \(message)\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard name.hasPrefix("--"), let value = arguments.popFirst() else { fail("bad argument \(name)") }
    options[String(name.dropFirst(2))] = value
}
guard let path = options["file"], let writer = options["writer"].flatMap({ Int($0) }),
      let count = options["count"].flatMap({ Int($0) }), count >= 0
else { fail("need --file, --writer and --count") }
let maxBytes = options["max-bytes"].flatMap { Int($0) } ?? 64 * 1024
let policy: LogPolicy = switch options["policy"] ?? "trim" {
case "rotate": .rotate(maxBytes: maxBytes, maxFiles: options["max-files"].flatMap { Int($0) } ?? 3)
default: .trim(maxBytes: maxBytes)
}

let log: LogFile
do {
    log = try LogFile(path: path, policy: policy)
} catch {
    fail("\(error)")
}
var sequence = 0
while count == 0 || sequence < count {
    let number = String(sequence)
    let padded = String(repeating: "0", count: max(0, 7 - number.count)) + number
    log.append(LogRecord(
        timestamp: log.clock.now(), label: "stress", message: "w\(writer) \(padded) " + String(repeating: "x", count: sequence % 53),
        file: #fileID, function: "main", line: #line))
    sequence += 1
}
