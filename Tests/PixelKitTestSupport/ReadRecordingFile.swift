import PixelKit
import PixelKitPlatform

/// An image file opened once whose `pread` calls are recorded (the offset each starts at), so a test
/// can tell how often a codec reads the file's start: once at the open (the sniff's leading bytes)
/// and once for its header, however many steps follow (issue 30, "parse once").
package final class ReadRecordingFile: Sendable {
    /// The opened file: pass it as `ImageSource.openFile(_:)`.
    package let file: ImageFile
    private let offsets: PThreadLocked<[Int]>

    /// Opens the file at `path` (relative to the working directory unless it starts with `/`).
    package init(path: String) throws(ImageError) {
        let offsets = PThreadLocked<[Int]>([])
        var calls = FileSystemCalls.live
        let read = calls.readAt
        calls.readAt = { descriptor, buffer, offset in
            offsets.withLock { $0.append(Int(offset)) }
            return read(descriptor, buffer, offset)
        }
        self.offsets = offsets
        file = try ImageFile(PlatformPath(path), displayPath: path, calls: calls)
    }

    /// The source that reads this file.
    package var source: ImageSource { .openFile(file) }

    /// The offset of every `pread` so far, in order.
    package var readOffsets: [Int] { offsets.withLock { $0 } }

    /// How many reads so far started at the file's first byte.
    package var readsOfTheStart: Int { readOffsets.count { $0 == 0 } }
}
