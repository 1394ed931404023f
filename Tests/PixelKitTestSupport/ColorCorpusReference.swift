import Foundation

/// The shared color corpus's `reference.json` (lcms2's sRGB means, the stored means and the
/// thumbnails' means), copied with its images into `Fixtures/color/`: the references of the color
/// tests in every target (library, command line, pipeline).
package enum ColorCorpusReference {
    /// One file's entry in `reference.json`.
    package struct Entry: Decodable, Sendable {
        package let file: String
        /// `tagged`, `untagged` or `srgb-tagged`.
        package let role: String
        /// The exact mean of the stored samples (CMYK by the naive inversion), RGBA.
        package let meanUntransformed: [Double]
        /// lcms2's sRGB means per rendering (`relative`, `perceptual`, `relative_bpc`).
        package let reference: [String: [Double]]
        /// The renderings a bar accepts.
        package let accept: [String]
        package let profile: Profile?

        package struct Profile: Decodable, Sendable {
            package let description: String?
        }

        enum CodingKeys: String, CodingKey {
            case file, role, reference, accept, profile
            case meanUntransformed = "mean_untransformed"
        }

        package var isControl: Bool { role != "tagged" }
        package var acceptedMeans: [[Double]] { accept.compactMap { reference[$0] } }
    }

    private struct Document: Decodable {
        let files: [Entry]
    }

    package static let entries: [Entry] = {
        // The fixture ships with the tests: failing to read it is a broken test target.
        let data = Data(try! Fixtures.bytes("color/reference.json"))
        return try! JSONDecoder().decode(Document.self, from: data).files
    }()

    package static func entry(_ file: String) -> Entry { entries.first { $0.file == file }! }

    /// reference.json's `thumbnail.mean_rgba` per file and rendering (`relative`, `untransformed`...).
    package static let thumbnailMeans: [String: [String: [Double]]] = {
        struct Thumbnails: Decodable {
            struct File: Decodable {
                struct Thumbnail: Decodable { let mean_rgba: [String: [Double]] }
                let file: String
                let thumbnail: Thumbnail
            }
            let files: [File]
        }
        let document = try! JSONDecoder().decode(Thumbnails.self, from: Data(try! Fixtures.bytes("color/reference.json")))
        return Dictionary(uniqueKeysWithValues: document.files.map { ($0.file, $0.thumbnail.mean_rgba) })
    }()

    /// The thumbnail means an entry's bar accepts (its `accept` renderings).
    package static func acceptedThumbnailMeans(_ entry: Entry) -> [[Double]] {
        entry.accept.compactMap { thumbnailMeans[entry.file]?[$0] }
    }

    /// The smallest `colorDistance` from `mean` to any of `references`.
    package static func nearestDistance(_ mean: [Double], _ references: [[Double]]) -> Double {
        references.map { colorDistance(mean, $0) }.min() ?? .infinity
    }

    /// The largest difference of the R, G, B means.
    package static func colorDistance(_ left: [Double], _ right: [Double]) -> Double {
        (0..<3).map { abs(left[$0] - right[$0]) }.max()!
    }
}

// Where Testing is not visible to a regular target (Xcode's toolchains), failures print the default
// description instead.
#if canImport(Testing)
import Testing

/// A parameterized test's case is named by its file.
extension ColorCorpusReference.Entry: CustomTestStringConvertible {
    package var testDescription: String { file }
}
#endif
