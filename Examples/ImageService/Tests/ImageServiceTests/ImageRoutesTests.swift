import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PixelKit
import PixelKitJPEG
import PixelKitPalette
import Testing
@testable import ImageServiceCore

@Suite("Image routes")
struct ImageRoutesTests {
    @Test("an upload returns the record, keyed by the SHA-256; the same bytes again return 200 and are stored once")
    func uploadAndDeduplicate() async throws {
        let rocket = try TestSupport.fixture("rocket.jpg")
        try await TestSupport.withService { client, storage in
            let first = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0 }
            #expect(first.status == .created)
            #expect(first.headers[.contentType] == "application/json; charset=utf-8")
            #expect(first.headers[HTTPField.Name("X-Replica")!] == "test-replica")
            let record = try TestSupport.json(first.body)
            #expect(record["id"] as? String == TestSupport.sha256(rocket))
            #expect(record["format"] as? String == "jpeg")
            #expect(record["width"] as? Int == 640)
            #expect(record["height"] as? Int == 427)
            #expect(record["orientation"] as? Int == 1)
            #expect(record["bytes"] as? Int == rocket.count)
            // rocket.jpg embeds Adobe RGB (1998): its mean converted to sRGB by lcms2 (Pillow 13's ImageCms,
            // relative colorimetric) is (41.48, 58.28, 81.60); its stored numbers' (52.27, 61.29, 82.27).
            #expect(record["colorSpace"] as? String == "Adobe RGB (1998)")
            #expect(record["iccProfile"] as? Bool == true)
            let average = try #require(record["average"] as? String)
            let components = stride(from: 1, to: 7, by: 2).map { Int(average.dropFirst($0).prefix(2), radix: 16) ?? -1 }
            for (component, reference) in zip(components, [41.48, 58.28, 81.60]) { #expect(abs(Double(component) - reference) <= 1.5) }
            let blurhash = try #require(record["blurhash"] as? String)
            #expect(blurhash.count == 28) // 4×3 components
            // The palette and source are PixelKitPalette's for the same file, at most 5 swatches, from the
            // one strict decode the analysis shares with the smallest thumbnail (its size: 7/8 here).
            var codecs = CodecRegistry([JPEGCodec()])
            codecs.register(encoder: JPEGCodec())
            let (expected, _) = try await codecs.results(
                of: rocket, decoding: DecodeOptions(strictness: .strict), PaletteOptions(), ThumbnailOptions(maxPixelSize: 256))
            #expect(record["source"] as? String == expected.source.hex)
            let palette = try #require(record["palette"] as? [[String: Any]])
            #expect(palette.count == min(5, expected.swatches.count) && !palette.isEmpty)
            #expect(palette.map { $0["hex"] as? String } == expected.swatches.prefix(5).map(\.color.hex))

            let second = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0 }
            #expect(second.status == .ok)
            #expect(try TestSupport.json(second.body) as NSDictionary == record as NSDictionary)
            let id = TestSupport.sha256(rocket)
            // The smallest thumbnail, made to prove the image servable, is stored with it.
            #expect(TestSupport.files(under: storage) == [
                "objects/\(id.prefix(2))/\(id)", "objects/\(id.prefix(2))/\(id).json", "thumbnails/\(id.prefix(2))/\(id)-256.jpg",
            ])
        }
    }

    @Test("the record and the original are served, with the content type and an ETag that answers If-None-Match with 304")
    func recordAndOriginal() async throws {
        let png = try TestSupport.fixture("basn2c08.png")
        let id = TestSupport.sha256(png)
        try await TestSupport.withService { client, _ in
            let upload = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: png)) { $0 }
            #expect(upload.status == .created)
            let record = try await client.execute(uri: "/v1/images/\(id)", method: .get) { $0 }
            #expect(record.status == .ok)
            #expect(record.body == upload.body)
            let original = try await client.execute(uri: "/v1/images/\(id)/original", method: .get) { $0 }
            #expect(original.status == .ok)
            #expect(Array(original.body.readableBytesView) == png)
            #expect(original.headers[.contentType] == "image/png")
            let etag = try #require(original.headers[.eTag])
            let cached = try await client.execute(uri: "/v1/images/\(id)/original", method: .get, headers: [.ifNoneMatch: etag]) { $0 }
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)
        }
    }

    @Test("a thumbnail is an upright JPEG of the asked size, made once, then served from storage with an ETag (no cache)")
    func thumbnail() async throws {
        let photo = try TestSupport.fixture("Landscape_6.jpg") // stored 1200×1800, EXIF orientation 6: upright 1800×1200
        let id = TestSupport.sha256(photo)
        try await TestSupport.withService(thumbnailCacheBytes: 0) { client, storage in
            let upload = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: photo)) { $0 }
            #expect(try TestSupport.json(upload.body)["orientation"] as? Int == 6)
            let response = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=256", method: .get) { $0 }
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/jpeg")
            let bytes = Array(response.body.readableBytesView)
            let info = try JPEGCodec().probe(.bytes(bytes), limits: .init())
            #expect(info.size == PixelSize(width: 256, height: 171))
            let stored = storage + "/thumbnails/\(id.prefix(2))/\(id)-256.jpg"
            #expect(FileManager.default.contents(atPath: stored).map(Array.init) == bytes)

            // Served from storage: replace the stored file and the next response is that file.
            try Data("stored".utf8).write(to: URL(fileURLWithPath: stored))
            let again = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=256", method: .get) { $0 }
            #expect(String(buffer: again.body) == "stored")

            let etag = try #require(response.headers[.eTag])
            let cached = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=256", method: .get, headers: [.ifNoneMatch: etag]) { $0 }
            #expect(cached.status == .notModified)
            for query in ["size=300", "size=0", "size=abc", ""] {
                let refused = try await client.execute(uri: "/v1/images/\(id)/thumbnail?\(query)", method: .get) { $0 }
                #expect(refused.status == .badRequest, "\(query)")
            }
        }
    }

    /// Issue 42, item 4: a thumbnail's HEAD was 404 with an empty body.
    @Test("HEAD on each GET route answers the GET's status and headers (type, length, ETag, caching) without a body")
    func headAnswersWithTheGETsHeaders() async throws {
        let photo = try TestSupport.fixture("rocket.jpg")
        let id = TestSupport.sha256(photo)
        try await TestSupport.withService { client, _ in
            #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: photo)) { $0.status } == .created)
            // The thumbnail's HEAD first: asked before any GET, it renders as the GET would.
            let paths = ["/v1/images/\(id)/thumbnail?size=512", "/v1/images/\(id)/thumbnail?size=256", "/v1/images/\(id)",
                         "/v1/images/\(id)/original", "/health", "/v1/images/\(String(repeating: "ab", count: 32))/thumbnail?size=256"]
            for path in paths {
                let head = try await client.execute(uri: path, method: .head) { $0 }
                let get = try await client.execute(uri: path, method: .get) { $0 }
                #expect(head.status == get.status, "\(path)")
                #expect(head.body.readableBytes == 0, "\(path)")
                for name: HTTPField.Name in [.contentType, .eTag, .cacheControl] {
                    #expect(head.headers[name] == get.headers[name], "\(path): \(name)")
                }
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path)")
            }
            let thumbnail = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .head) { $0 }
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/jpeg")
            let etag = try #require(thumbnail.headers[.eTag])
            let revalidated = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .head, headers: [.ifNoneMatch: etag]) { $0 }
            #expect(revalidated.status == .notModified)
        }
    }

    @Test("a thumbnail once served is served from memory, and revalidated with 304, without the disk")
    func cachedThumbnail() async throws {
        let photo = try TestSupport.fixture("rocket.jpg")
        let id = TestSupport.sha256(photo)
        try await TestSupport.withService { client, storage in
            #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: photo)) { $0.status } == .created)
            let first = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=256", method: .get) { $0 }
            #expect(first.status == .ok)
            // With the storage gone, only memory can answer.
            for folder in ["objects", "thumbnails"] { try FileManager.default.removeItem(atPath: storage + "/" + folder) }
            let again = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=256", method: .get) { $0 }
            #expect(again.status == .ok)
            #expect(again.body == first.body)
            #expect(again.headers[.eTag] == first.headers[.eTag])
            #expect(again.headers[.contentLength] == String(first.body.readableBytes))
            let etag = try #require(first.headers[.eTag])
            let revalidated = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=256", method: .get, headers: [.ifNoneMatch: etag]) { $0 }
            #expect(revalidated.status == .notModified)
            let uncached = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .get) { $0 }
            #expect(uncached.status == .notFound)
        }
    }

    @Test("concurrent requests for a thumbnail not yet made share one render, and all get its bytes")
    func concurrentThumbnailRequestsShareOneRender() async throws {
        let photo = try TestSupport.fixture("Landscape_6.jpg")
        let id = TestSupport.sha256(photo)
        try await TestSupport.withService { client, storage in
            let upload = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: photo)) { $0 }
            #expect(upload.status == .created)
            let responses = try await withThrowingTaskGroup(of: (HTTPResponse.Status, [UInt8]).self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=1024", method: .get) { ($0.status, Array($0.body.readableBytesView)) }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(responses.map(\.0) == Array(repeating: .ok, count: 16))
            let stored = FileManager.default.contents(atPath: storage + "/thumbnails/\(id.prefix(2))/\(id)-1024.jpg").map(Array.init)
            #expect(Set(responses.map(\.1)) == [try #require(stored)])
            let decodes = try await TestSupport.metric(#"image_service_decode_duration_seconds_count{kind="thumbnail"}"#, from: client)
            #expect(decodes == "1")
        }
    }

    @Test("unknown ids are 404 and malformed ids (path traversal) 400, with a JSON error, before any file is touched")
    func ids() async throws {
        try await TestSupport.withService { client, _ in
            let unknown = String(repeating: "ab", count: 32)
            for path in ["/v1/images/\(unknown)", "/v1/images/\(unknown)/original", "/v1/images/\(unknown)/thumbnail?size=256"] {
                let response = try await client.execute(uri: path, method: .get) { $0 }
                #expect(response.status == .notFound, "\(path)")
                #expect(try TestSupport.json(response.body)["error"] as? String == "no image with id \(unknown)")
            }
            let malformed = ["..%2F..%2Fetc%2Fpasswd", "..", "abc", String(repeating: "AB", count: 32), String(repeating: "a", count: 65),
                             String(repeating: "a", count: 63) + "g"]
            for id in malformed {
                for suffix in ["", "/original", "/thumbnail?size=256"] {
                    let response = try await client.execute(uri: "/v1/images/\(id)\(suffix)", method: .get) { $0 }
                    #expect(response.status == .badRequest, "\(id)\(suffix)")
                    #expect(try TestSupport.json(response.body)["error"] != nil)
                }
            }
        }
    }

    @Test("corrupt, truncated and unknown inputs are refused with a typed message and nothing is stored",
          arguments: [
            ("xc9n2c08.png", 422), ("xs1n0g01.png", 415), ("xcrn0g04.png", 415), ("xd0n2c08.png", 422), ("xhdn0g08.png", 422),
            ("xcsn0g01.png", 422), ("missing-sos.jpg", 422), ("rocket-truncated.jpg", 422),
          ])
    func badInput(name: String, status: Int) async throws {
        let bytes = try TestSupport.fixture(name)
        try await TestSupport.withService { client, storage in
            let response = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(response.status.code == status)
            let message = try #require(try TestSupport.json(response.body)["error"] as? String)
            #expect(!message.isEmpty)
            if name == "rocket-truncated.jpg" { #expect(message.hasPrefix("truncated jpeg")) }
            #expect(TestSupport.files(under: storage).isEmpty)
        }
    }

    /// Issue 39, item 4: the service read only JPEG and PNG (HEIC, WebP and GIF uploads got 415).
    @Test("a HEIC, a WebP and a GIF upload are stored, with the record, the original and thumbnails served",
          arguments: [("rainbow-451x461.heic", "heif", "image/heic", 451, 461), ("lossy_alpha1.webp", "webp", "image/webp", 1000, 307),
                      ("test.colors.gif", "gif", "image/gif", 807, 606)])
    func everyFormatIsStoredAndServed(name: String, format: String, contentType: String, width: Int, height: Int) async throws {
        let bytes = try TestSupport.fixture(name)
        let id = TestSupport.sha256(bytes)
        try await TestSupport.withService(thumbnailCacheBytes: 0) { client, storage in
            let upload = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(upload.status == .created, "\(String(buffer: upload.body))")
            let record = try TestSupport.json(upload.body)
            #expect(record["format"] as? String == format)
            #expect(record["width"] as? Int == width)
            #expect(record["height"] as? Int == height)
            #expect((record["blurhash"] as? String)?.isEmpty == false)
            let original = try await client.execute(uri: "/v1/images/\(id)/original", method: .get) { $0 }
            #expect(original.status == .ok)
            #expect(original.headers[.contentType] == contentType)
            #expect(Array(original.body.readableBytesView) == bytes)
            for size in [256, 512] {
                let thumbnail = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=\(size)", method: .get) { $0 }
                #expect(thumbnail.status == .ok)
                #expect(thumbnail.headers[.contentType] == "image/jpeg")
                let info = try JPEGCodec().probe(.bytes(Array(thumbnail.body.readableBytesView)), limits: .init())
                #expect(max(info.size.width, info.size.height) == min(size, max(width, height)))
            }
            #expect(TestSupport.files(under: storage) == [
                "objects/\(id.prefix(2))/\(id)", "objects/\(id.prefix(2))/\(id).json",
                "thumbnails/\(id.prefix(2))/\(id)-256.jpg", "thumbnails/\(id.prefix(2))/\(id)-512.jpg",
            ])
        }
    }

    /// Issue 43, row 11: GIF, HEIF and WebP uploads were "unknown image format".
    @Test("with the formats restricted, an image in a format PixelKit reads but the service does not take is refused by name (415), nothing stored",
          arguments: ["gif", "webp", "heif"])
    func otherFormatsAreNamed(format: String) async throws {
        let bytes = try #require(Self.signatures[format])
        try await TestSupport.withService(formats: [.jpeg, .png]) { client, storage in
            let response = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(response.status == .unsupportedMediaType)
            #expect(try TestSupport.json(response.body)["error"] as? String
                    == "a \(format) image is not accepted here: upload an image in one of these formats: jpeg, png")
            #expect(TestSupport.files(under: storage).isEmpty)
        }
    }

    /// The opening bytes of each format, enough for its codec to recognise it.
    private static let signatures: [String: [UInt8]] = {
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        let riff: [UInt8] = Array("RIFF".utf8) + [30, 0, 0, 0]
        let webp: [UInt8] = riff + Array("WEBPVP8L".utf8) + [0, 0, 0, 0]
        let ftyp: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        let heif: [UInt8] = ftyp + Array("mif1heic".utf8) + [0, 0, 0, 8] + Array("free".utf8)
        return ["gif": gif, "webp": webp, "heif": heif]
    }()

    @Test("a decompression bomb (a header claiming 65535×65535) is refused from its header", arguments: ["bomb-65535x65535.png", "bomb-65535x65535.jpg"])
    func decompressionBomb(name: String) async throws {
        let bytes = try TestSupport.fixture(name)
        try await TestSupport.withService { client, storage in
            let response = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(response.status == .unprocessableContent)
            let message = try #require(try TestSupport.json(response.body)["error"] as? String)
            #expect(message == "limit exceeded: 65535×65535 is more than 100000000 pixels")
            #expect(TestSupport.files(under: storage).isEmpty)
        }
    }

    /// The work estimate decides before a decode slot is taken (issue 43, item 2): at a rate that
    /// could not decode Landscape_6.jpg (600×450) within the deadline, the upload is refused at once
    /// with the deadline's 422, and no decode ran.
    @Test("an upload whose estimated work cannot finish in time is refused before it takes a decode slot")
    func workThatCannotFinishIsRefusedBeforeASlot() async throws {
        let bytes = try TestSupport.fixture("Landscape_6.jpg")
        try await TestSupport.withService(decodeTimeout: .seconds(10), decodeRate: 20_000) { client, storage in
            let response = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(response.status == .unprocessableContent)
            let message = try #require(try TestSupport.json(response.body)["error"] as? String)
            #expect(message.contains("deadline"), "\(message)")
            #expect(try await TestSupport.metric("image_service_decode_duration_seconds_count", from: client) == nil)
            #expect(TestSupport.files(under: storage).isEmpty)
        }
        // At the default rate the same upload is stored, and its decode is counted.
        try await TestSupport.withService(decodeTimeout: .seconds(10)) { client, _ in
            let response = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(response.status == .created)
            #expect(try await TestSupport.metric("image_service_decode_duration_seconds_count", from: client) == "1")
        }
    }

    @Test("an empty body is 400 and a text body 415")
    func emptyAndText() async throws {
        try await TestSupport.withService { client, storage in
            let empty = try await client.execute(uri: "/v1/images", method: .post) { $0 }
            #expect(empty.status == .badRequest)
            let text = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(string: "hello, world")) { $0 }
            #expect(text.status == .unsupportedMediaType)
            #expect(TestSupport.files(under: storage).isEmpty)
        }
    }

    @Test("a body over the limit is 413, closes the connection, and stores nothing")
    func overLimit() async throws {
        let rocket = try TestSupport.fixture("rocket.jpg")
        try await TestSupport.withService(maxUploadBytes: 100_000) { client, storage in
            let response = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0 }
            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.connection] == "close")
            #expect(try TestSupport.json(response.body)["error"] as? String == "the upload is larger than 100000 bytes")
            #expect(TestSupport.files(under: storage).isEmpty)
        }
    }

    @Test("health answers, and the metrics count requests by route and status, and the bytes stored")
    func healthAndMetrics() async throws {
        let png = try TestSupport.fixture("basn2c08.png")
        try await TestSupport.withService { client, _ in
            let health = try await client.execute(uri: "/health", method: .get) { $0 }
            #expect(health.status == .ok)
            _ = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: png)) { $0 }
            _ = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: png)) { $0 }
            _ = try await client.execute(uri: "/v1/images/\(String(repeating: "0", count: 64))", method: .get) { $0 }
            func value(_ name: String) async throws -> String? { try await TestSupport.metric(name, from: client) }
            #expect(try await value(#"image_service_requests_total{route="/v1/images",method="POST",status="201"}"#) == "1")
            #expect(try await value(#"image_service_requests_total{route="/v1/images",method="POST",status="200"}"#) == "1")
            #expect(try await value(#"image_service_requests_total{route="/v1/images/{id}",method="GET",status="404"}"#) == "1")
            #expect(try await value("image_service_stored_bytes_total") == String(png.count))
            #expect(try await value(#"image_service_decode_duration_seconds_count{kind="upload"}"#) == "1")
            #expect(try await value("image_service_decode_queue_depth").flatMap(Double.init) == 0)
        }
    }
}
