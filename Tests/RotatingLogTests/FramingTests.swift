import Foundation
import Testing
@testable import RotatingLog

struct FramingTests {
    @Test func lineBreaksInsideARecordAreEscaped() {
        var bytes = Array("one\ntwo\n".utf8)
        let truncatedFrom = RecordFraming.frame(&bytes, maxBytes: 100)
        #expect(bytes == Array("one\\ntwo\\n\n".utf8))
        #expect(truncatedFrom == nil)
    }

    @Test(arguments: [512, 513, 600, 1000])
    func oversizedRecordsAreCutToTheLimitWithAMarker(limit: Int) throws {
        // Multi-byte characters everywhere, so a cut could land inside one.
        let text = String(repeating: "ab€😀", count: 400)
        var bytes = Array(text.utf8)
        let truncatedFrom = RecordFraming.frame(&bytes, maxBytes: limit)
        let framed = (bytes: bytes, truncatedFrom: truncatedFrom)
        #expect(framed.bytes.count <= limit)
        #expect(framed.bytes.last == UInt8(ascii: "\n"))
        #expect(framed.bytes.dropLast().contains(UInt8(ascii: "\n")) == false)
        #expect(framed.truncatedFrom == text.utf8.count)
        let line = try #require(String(validating: framed.bytes.dropLast(), as: UTF8.self))
        let marker = try #require(line.range(of: " [truncated ", options: .backwards))
        let kept = line[..<marker.lowerBound]
        #expect(text.hasPrefix(kept))
        #expect(line[marker.upperBound...] == "\(text.utf8.count - kept.utf8.count) bytes]")
    }

    @Test func recordLimitFollowsThePolicy() throws {
        #expect(LogPolicy.trim(maxBytes: 4096).maxRecordBytes == 2048)
        #expect(LogPolicy.rotate(maxBytes: 4096, maxFiles: 2).maxRecordBytes == 4096)
        #expect(LogPolicy.default == .trim(maxBytes: 2_097_152))
        #expect(throws: LogFileError.capacityTooSmall(requested: 100, minimum: 1024)) {
            try LogFile(path: "/tmp/x.log", policy: .trim(maxBytes: 100))
        }
        #expect(throws: LogFileError.invalidFileCount(0)) {
            try LogFile(path: "/tmp/x.log", policy: .rotate(maxBytes: 4096, maxFiles: 0))
        }
        #expect(throws: LogFileError.file(FileError(path: "", operation: .create, problem: .notAFileName))) { try LogFile(path: "") }
    }
}
