import Testing
@testable import PixelKit
@testable import PixelKitCLI
import PixelKitCommandSupport

/// The thumbnail progress bar: only on a terminal, and erased before any output line.
struct ProgressBarTests {
    final class Capture {
        var text = ""
    }

    @Test func drawsNothingWhenStandardErrorIsNotATerminal() {
        let capture = Capture()
        let bar = ProgressBar(isTerminal: false, write: { capture.text += $0 })
        bar.show(ThumbnailProgress(completed: 1, failed: 0, total: 2))
        bar.clear()
        #expect(capture.text.isEmpty)
    }

    @Test func clearsItsLineBeforeAnOutputLineAndOnlyWhenDrawn() {
        let capture = Capture()
        let bar = ProgressBar(isTerminal: true, write: { capture.text += $0 })
        bar.clear()
        #expect(capture.text.isEmpty)
        bar.show(ThumbnailProgress(completed: 1, failed: 1, total: 2))
        #expect(capture.text.hasSuffix("] 1/2 (1 failed)"))
        #expect(capture.text.contains("[" + String(repeating: "#", count: 15) + String(repeating: "-", count: 15) + "]"))
        capture.text = ""
        bar.clear()
        #expect(capture.text == "\r\u{1B}[2K")
        bar.clear()
        #expect(capture.text == "\r\u{1B}[2K")
    }

    @Test func reporterErasesTheBarBeforeEachLine() throws {
        let capture = Capture()
        let bar = ProgressBar(isTerminal: true, write: { capture.text += $0 })
        bar.show(ThumbnailProgress(completed: 0, failed: 0, total: 1))
        let reporter = PerFileReporter(progressBar: bar)
        try reporter.print(FileLine(file: "a", FailureField("x")))
        #expect(capture.text.hasSuffix("\r\u{1B}[2K"))
    }
}
