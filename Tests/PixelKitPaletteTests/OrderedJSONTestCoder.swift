import Foundation

/// Encodes a value with Foundation's coder and decodes it back.
enum OrderedJSONTestCoder {
    static func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }
}
