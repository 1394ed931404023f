import Foundation
import Hummingbird

/// A failed request: its HTTP status and a message for the client, sent as `{"error": message}`.
public struct ServiceError: HTTPResponseError, Sendable, CustomStringConvertible {
    /// The response status.
    public var status: HTTPResponse.Status
    /// What went wrong, for the client.
    public var message: String
    /// Extra response headers (`Retry-After`, `Connection: close`).
    public var headers: HTTPFields

    /// An error answered with `status` and `message`.
    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// The message, as logged.
    public var description: String { "\(status.code) \(message)" }

    /// The JSON error response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let body = try JSONEncoder().encode(["error": message])
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension ServiceError {
    /// The upload is larger than the limit. The connection is closed rather than the rest of the body drained.
    static func payloadTooLarge(limit: Int) -> ServiceError {
        ServiceError(.contentTooLarge, "the upload is larger than \(limit) bytes", headers: [.connection: "close"])
    }

    /// The upload did not arrive in time (a slow or stalled client).
    static func uploadTimedOut(after seconds: Double) -> ServiceError {
        ServiceError(.requestTimeout, "the upload did not complete within \(seconds) s", headers: [.connection: "close"])
    }

    /// Every decode slot is busy and the wait queue is full.
    static func busy(retryAfterSeconds: Int) -> ServiceError {
        ServiceError(.serviceUnavailable, "too many images are being decoded; retry later",
                     headers: [.retryAfter: String(retryAfterSeconds)])
    }

    /// The storage failed: 507 when it is full (the client may retry once space is freed), 503
    /// otherwise (read-only, an I/O error: this replica cannot store now, another may), never 500.
    /// The message names the call and the condition, never the server's path.
    static func storage(_ error: StorageError) -> ServiceError {
        if error.isOutOfSpace {
            return ServiceError(.init(code: 507, reasonPhrase: "Insufficient Storage"), "the storage is full: \(error.failure)")
        }
        let condition = error.code == EROFS ? "the storage is read-only" : "the storage failed"
        return ServiceError(.serviceUnavailable, "\(condition): \(error.failure)", headers: [.retryAfter: "60"])
    }

    /// The client went away before its answer was ready (nginx's 499); nobody reads it.
    static let clientGone = ServiceError(.init(code: 499, reasonPhrase: "Client Closed Request"), "the client went away")

    /// The request's framing is broken (a chunk size that is not hexadecimal, an unknown
    /// transfer coding): the client's error, after which the connection cannot be trusted.
    static func malformedRequest(_ detail: String) -> ServiceError {
        ServiceError(.badRequest, "malformed HTTP request: \(detail)", headers: [.connection: "close"])
    }

    /// A route that exists, asked with a method it does not answer.
    static func methodNotAllowed(allowed: [HTTPRequest.Method]) -> ServiceError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return ServiceError(.methodNotAllowed, "this resource answers \(list) only", headers: [.allow: list])
    }

    /// No image has this id.
    static func notFound(_ id: ImageID) -> ServiceError {
        ServiceError(.notFound, "no image with id \(id)")
    }

    /// The text in the path is not an image id.
    static let malformedID = ServiceError(.badRequest, "an image id is 64 lowercase hexadecimal characters (a SHA-256)")
}
