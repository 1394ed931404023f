import PixelKit
import Testing

/// The one helper that cuts user text echoed in error messages.
struct EchoedTextTests {
    @Test func shortTextIsKeptAndLongTextIsCutAtTwoHundredCharacters() {
        let exact = String(repeating: "é", count: EchoedText.maximumCharacters)
        #expect(EchoedText.cut(exact) == exact)
        let long = String(repeating: "😀", count: 900_000)
        let cut = EchoedText.cut(long)
        #expect(cut == String(repeating: "😀", count: 200) + "…(899800 more characters)")
    }
}
