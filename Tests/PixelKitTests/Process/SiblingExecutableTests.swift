import PixelKitPlatform
import Testing

/// `SiblingExecutable`, which `pixelkit fetch` uses to run `pixelkit-fetch` in its place: the
/// running executable is found with `readlink` and the sibling run with `execv`, both through
/// `FileSystemCalls`, so their failures can be injected.
struct SiblingExecutableTests {
    /// No executable of this name is built, so a real `execv` that escaped the injection fails
    /// instead of replacing the test process.
    static let absentName = "pixelkit-sibling-that-is-not-built"

    /// The real calls, with `execv` replaced by one that records its arguments and fails with `error`.
    static func failingExecution(_ error: SystemErrno, recordingInto executed: PThreadLocked<[(String, [String])]>) -> FileSystemCalls {
        var calls = FileSystemCalls.live
        calls.execute = { path, arguments in
            executed.withLock { $0.append((path.displayName, arguments)) }
            return error
        }
        return calls
    }

    @Test(arguments: [SystemErrno.noSuchFileOrDirectory, .permissionDenied])
    func aFailedExecCarriesTheSiblingsPathAndErrno(error: SystemErrno) throws {
        let executed = PThreadLocked<[(String, [String])]>([])
        let sibling = SiblingExecutable(named: Self.absentName, calls: Self.failingExecution(error, recordingInto: executed))
        let expectedPath = try sibling.path().get()
        #expect(expectedPath.hasSuffix("/" + Self.absentName))

        let failure = sibling.replaceProcess(arguments: ["https://example.com/a b.jpg", "--json"])
        #expect(failure.path == expectedPath)
        #expect(failure.error == error)
        #expect(failure.description == "\(expectedPath): \(error.reason) (errno \(error.code))")
        let calls = executed.withLock { $0 }
        #expect(calls.count == 1)
        #expect(calls.first?.0 == expectedPath)
        #expect(calls.first?.1 == [Self.absentName, "https://example.com/a b.jpg", "--json"])
    }

    #if os(Linux)
    @Test func aFailedReadlinkGivesNoPathAndItsErrno() {
        let executed = PThreadLocked<[(String, [String])]>([])
        var calls = Self.failingExecution(.ioError, recordingInto: executed)
        let linksRead = PThreadLocked<[String]>([])
        calls.readLink = { path, _ in
            linksRead.withLock { $0.append(path.displayName) }
            return .failure(.permissionDenied)
        }
        let failure = SiblingExecutable(named: Self.absentName, calls: calls).replaceProcess(arguments: [])
        #expect(failure.path == nil)
        #expect(failure.error == .permissionDenied)
        #expect(failure.description == "cannot locate the running executable: \(SystemErrno.permissionDenied.reason) (errno \(EACCES))")
        #expect(failure.description.contains("Permission denied"))
        #expect(linksRead.withLock { $0 } == ["/proc/self/exe"])
        #expect(executed.withLock { $0 }.isEmpty, "execv was tried without a path")
    }

    @Test func aTargetThatFillsTheBufferIsReadAgainWhole() throws {
        // Longer than PATH_MAX, so the first buffer is filled and the target cut.
        let folder = "/" + String(repeating: "a-rather-long-folder-name/", count: 200)
        let target = Array((folder + "pixelkit").utf8)
        let bufferSizes = PThreadLocked<[Int]>([])
        var calls = FileSystemCalls.live
        calls.readLink = { _, buffer in
            bufferSizes.withLock { $0.append(buffer.count) }
            let count = min(target.count, buffer.count)
            buffer.copyBytes(from: target.prefix(count))
            return .success(count)
        }
        let path = try SiblingExecutable(named: "pixelkit-fetch", calls: calls).path().get()
        #expect(path == folder + "pixelkit-fetch")
        let sizes = bufferSizes.withLock { $0 }
        #expect(sizes.count == 2)
        #expect(sizes.first.map { $0 < target.count } == true)
        #expect(sizes.last.map { $0 > target.count } == true)
    }
    #endif
}
