import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TestDirectory {
    let path: String

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        path = NSTemporaryDirectory() + "RotatingLogTests-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func bytes(_ name: String) -> [UInt8] {
        (FileManager.default.contents(atPath: file(name))).map { [UInt8]($0) } ?? []
    }

    func size(_ name: String) -> Int { bytes(name).count }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }
}
