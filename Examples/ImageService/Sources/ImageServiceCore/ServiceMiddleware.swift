import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1

/// Around every request: errors become `{"error": message}` JSON (Hummingbird's own 404s and
/// 400s too; for HEAD, only its headers), malformed framing
/// met while reading a body becomes 400 (the client's error: logged at debug level, not as a
/// server failure), the replica's name goes in `X-Replica`, and the request is counted by route
/// and status.
struct ServiceMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext
    let metrics: ServiceMetrics
    let replicaName: String?
    /// Told of every storage failure, so `/health` reports it.
    let storageHealth: StorageHealth

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as ServiceError {
            response = try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let message = error.body ?? error.status.reasonPhrase
            response = try ServiceError(error.status, message, headers: error.headers).response(from: request, context: context)
        } catch let error as HTTPParserError {
            context.logger.debug("malformed request", metadata: ["error": "\(error)"])
            response = try ServiceError.malformedRequest("\(error)").response(from: request, context: context)
        } catch let error as StorageError {
            context.logger.error("storage failed", metadata: ["error": "\(error)"])
            storageHealth.recordFailure(error)
            response = try ServiceError.storage(error).response(from: request, context: context)
        } catch is CancellationError {
            response = try ServiceError.clientGone.response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            response = try ServiceError(.internalServerError, "internal error").response(from: request, context: context)
        }
        // A HEAD answer (an error's too) has the GET's headers and no body.
        if request.method == .head { response = response.createHeadResponse() }
        if let replicaName { response.headers[.replica] = replicaName }
        metrics.countRequest(route: context.endpointPath ?? "unmatched", method: request.method.rawValue, status: response.status.code)
        return response
    }
}

extension HTTPField.Name {
    /// `X-Replica`: which process answered (for load-balanced deployments).
    static let replica = HTTPField.Name("X-Replica")!
}
