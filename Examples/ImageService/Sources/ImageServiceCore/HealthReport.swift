import Foundation
import Hummingbird

/// `GET /health`: 503 while the decode queue is full, so a balancer sends uploads elsewhere (this
/// replica would turn them away), 200 again once it drains; 503 too while the storage cannot take
/// uploads (read-only, full, failing: ``StorageHealth``). The body says why, with the load.
/// Serving stored images never depends on the decode slots, but a balancer's health check cannot
/// tell requests apart, and a full queue is the moment to shed new work.
struct HealthReport: Encodable {
    var status: String
    var reason: String?
    var decodesRunning: Int
    var decodesWaiting: Int

    init(gate: DecodeGate, storage: StorageHealth) {
        let (running, waiting) = gate.load
        decodesRunning = running
        decodesWaiting = waiting
        if let problem = storage.problem {
            status = "storage"
            reason = problem
        } else if running >= gate.maxRunning && waiting >= gate.maxWaiting {
            status = "busy"
            reason = "every decode slot is busy (\(running) of \(gate.maxRunning)) and the decode queue is full (\(waiting) of \(gate.maxWaiting))"
        } else {
            status = "ok"
        }
    }

    var isHealthy: Bool { reason == nil }

    func response() throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return Response(status: isHealthy ? .ok : .serviceUnavailable,
                        headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(self))))
    }
}
