import Foundation
import PixelKitPlatform

/// A fresh directory under the temporary directory, for tests that write files; `remove()` deletes it.
package struct ScratchDirectory {
    package let path: String

    package init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        path = NSTemporaryDirectory() + "PixelKitTests-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    package func file(_ name: String) -> String { path + "/" + name }

    /// The bytes of a file, nil if it cannot be read.
    package func contents(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) } }

    /// Every name in the directory (including hidden temporary files).
    package func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    package func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: file(name))) }

    package func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A small tmpfs mounted for a test, so that a real full disk can be provoked. Needs root (as here
/// and in CI); `mount()` returns nil with the reason printed where it cannot be done.
package struct SmallTmpfs {
    package let path: String

    package static func mount(bytes: Int = 1 << 20, _ name: String = #function) -> SmallTmpfs? {
        guard getuid() == 0 else {
            print("skipped \(name): mounting a tmpfs needs root")
            return nil
        }
        let path = NSTemporaryDirectory() + "PixelKitTmpfs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkdir(path, 0o755) == 0 else {
            print("skipped \(name): cannot create \(path): \(String(cString: strerror(errno)))")
            return nil
        }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path]) else {
            print("skipped \(name): mount -t tmpfs failed")
            rmdir(path)
            return nil
        }
        return SmallTmpfs(path: path)
    }

    package func file(_ name: String) -> String { path + "/" + name }

    /// Fills the file system with a filler file until `write` reports `ENOSPC`.
    package func fill() {
        let descriptor = open(file("filler"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, 1) }) > 0 {}
    }

    package func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    package func unmount() {
        _ = Self.run("/bin/umount", [path])
        rmdir(path)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
