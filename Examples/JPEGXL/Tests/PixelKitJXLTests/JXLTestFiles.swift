import Foundation
import PixelKit

/// JPEG XL files made at test time with libjxl's own tools (`cjxl`, Debian `libjxl-tools`) from the
/// root package's fixtures, and their reference pixels from `djxl`.
enum JXLTestFiles {
    /// The root checkout (this file is Examples/JPEGXL/Tests/PixelKitJXLTests/JXLTestFiles.swift).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fixture of the root package's test support (Tests/PixelKitTestSupport/Fixtures/…,
    /// sources and licences in its SOURCES.md).
    static func fixture(_ relativePath: String) -> String {
        root.appending(path: "Tests/PixelKitTestSupport/Fixtures/\(relativePath)").path
    }

    /// A fresh folder for one test's files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "pixelkit-jxl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `fixture` encoded by `cjxl` with `arguments` (e.g. `["-d", "1"]` for lossy VarDCT,
    /// `["-d", "0"]` for lossless) into `folder`; returns the path.
    static func encode(_ fixture: String, _ arguments: [String], into folder: URL, name: String) throws -> String {
        let output = folder.appending(path: name).path
        try run("cjxl", [fixture, output] + arguments)
        return output
    }

    /// `djxl`'s decode of `path` (an 8-bit image) as RGB or RGBA bytes, with the orientation
    /// applied as djxl does: its PPM or PAM at the file's own bit depth. (djxl 0.7 here refuses
    /// `--bits_per_sample=16` for PPM and PNG: "Bit depth does not fit pixel data type".)
    static func reference(_ path: String, alpha: Bool = false) throws -> (size: PixelSize, channels: Int, samples: [UInt8]) {
        let output = path + (alpha ? ".pam" : ".ppm")
        try run("djxl", [path, output])
        return try NetPBM.read(output)
    }

    /// Runs a command-line tool found on the PATH, throwing when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ToolFailure(command: ([tool] + arguments).joined(separator: " ")) }
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var command: String
        var description: String { "failed: \(command)" }
    }
}

/// The binary PPM (`P6`) and PAM (`P7`) files djxl writes, 8 bits a sample (16-bit ones rounded).
enum NetPBM {
    static func read(_ path: String) throws -> (size: PixelSize, channels: Int, samples: [UInt8]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [String: String] = [:]
        var offset = 0
        func line() -> String {
            let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
            defer { offset = end + 1 }
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }
        let magic = line()
        if magic == "P7" {
            while true {
                let parts = line().split(separator: " ", maxSplits: 1).map(String.init)
                if parts.first == "ENDHDR" { break }
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
        } else {
            // P6 (RGB) or P5 (gray): width, height and maxval, whitespace-separated, then one whitespace byte.
            var numbers: [Int] = []
            while numbers.count < 3 { numbers += line().split(separator: " ").compactMap { Int($0) } }
            fields = ["WIDTH": "\(numbers[0])", "HEIGHT": "\(numbers[1])", "MAXVAL": "\(numbers[2])", "DEPTH": magic == "P5" ? "1" : "3"]
        }
        let width = Int(fields["WIDTH"] ?? "") ?? 0, height = Int(fields["HEIGHT"] ?? "") ?? 0
        let channels = Int(fields["DEPTH"] ?? "") ?? 0
        let maxValue = Int(fields["MAXVAL"] ?? "") ?? 0
        let count = width * height * channels
        guard maxValue == 65535 else { return (PixelSize(width: width, height: height), channels, Array(bytes[offset..<(offset + count)])) }
        let samples = (0..<count).map { index -> UInt8 in
            let value = Int(bytes[offset + index * 2]) << 8 | Int(bytes[offset + index * 2 + 1])
            return UInt8((value * 255 + 32767) / 65535)
        }
        return (PixelSize(width: width, height: height), channels, samples)
    }
}
