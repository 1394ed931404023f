import Foundation
import Testing

/// The "Adding a codec" article shows the toy codec these tests register: the article's code block
/// is the test file, to the letter (Scripts/check-doc-snippets type-checks the block on its own).
@Suite("The Adding a codec article")
struct AddingACodecArticleTests {
    @Test func itsCodecIsTheTestedToyCodec() throws {
        let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: repository.appending(path: "Sources/PixelKit/PixelKit.docc/AddingACodec.md"), encoding: .utf8)
        let codec = try String(contentsOf: repository.appending(path: "Tests/PixelKitTests/Core/ToyPNMCodec.swift"), encoding: .utf8)
        #expect(codec.contains("func open(_ source: ImageSource, options: DecodeOptions)"))
        #expect(article.contains("```swift\n" + codec + "```\n"))
    }
}
