import Foundation
@testable import PixelKitHEIF
import PixelKit
import PixelKitTestSupport
import Testing

/// libheif is opened on first use: what happens when it is missing, too old, or present.
@Suite struct LibheifLoadingTests {
    @Test func aMissingLibraryIsNamedInTheReason() {
        let result = Libheif.load(candidates: ["libheif-not-installed.so.1"])
        guard case .failure(let failure) = result else {
            Issue.record("a library that does not exist loaded")
            return
        }
        #expect(failure.reason.hasPrefix("libheif could not be loaded: "))
        #expect(failure.reason.contains("libheif-not-installed.so.1"))
    }

    @Test func aLibraryWithoutLibheifsFunctionsIsTooOld() {
        // zlib loads, but has none of libheif's symbols: the first one looked up is reported.
        #if os(Linux)
        let result = Libheif.load(candidates: ["libz.so.1"])
        #else
        let result = Libheif.load(candidates: ["libz.1.dylib"])
        #endif
        guard case .failure(let failure) = result else {
            Issue.record("zlib was taken for libheif")
            return
        }
        #expect(failure.reason == "libheif is too old: it has no heif_init (PixelKitHEIF needs 1.15 or later)")
    }

    @Test func laterCandidatesAreTriedAndTheFirstThatLoadsIsUsed() throws {
        let result = Libheif.load(candidates: ["libheif-not-installed.so.1"] + Libheif.libraryNames)
        let libheif = try result.get()
        let context = libheif.functions.context_alloc()
        #expect(context != nil)
        if let context { libheif.functions.context_free(context) }
    }

    @Test func noCandidateIsAFailureNotACrash() {
        guard case .failure(let failure) = Libheif.load(candidates: []) else {
            Issue.record("no candidate loaded something")
            return
        }
        #expect(failure.reason.contains("no library name"))
    }

    @Test func contextsAndImageHandlesShareTheProcesssLibheif() throws {
        let shared = try Libheif.shared.get()
        let input = try HEIFInputBytes(.file(path: Fixtures.path("heif/example.heic")), limit: .max)
        let context = try HeifContext(input: input, format: .heif, limits: DecodingLimits(), threads: 1)
        let primary = try context.primaryImage()
        let thumbnails = primary.thumbnails()
        #expect(primary.size == PixelSize(width: 1280, height: 854))
        #expect(thumbnails.map(\.size) == [PixelSize(width: 320, height: 212)])
        #expect(context.libheif === shared)
        #expect(primary.libheif === shared)
        #expect(thumbnails.allSatisfy { $0.libheif === shared })
    }
}
