import PixelKitPlatform

/// One output line about an input: its name first (`"file"`, or `"url"` for `fetch`), then
/// `result`'s own fields in their order, in the same JSON object.
struct FileLine<Result: Encodable>: Encodable {
    let nameKey: String
    let name: String
    let result: Result

    init(file: String, _ result: Result) {
        self.nameKey = "file"
        self.name = file
        self.result = result
    }

    init(url: String, _ result: Result) {
        self.nameKey = "url"
        self.name = url
        self.result = result
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        try container.encode(name, forKey: DynamicCodingKey(nameKey))
        try result.encode(to: encoder)
    }
}

extension FileLine: Sendable where Result: Sendable {}

/// The `"error"` field of a failed input's line: `FileLine(file:, FailureField(message))`.
struct FailureField: Encodable, Sendable {
    let error: String

    init(_ message: String) { error = message }
}

/// An object whose keys are only known at run time (`theme resolve`'s roles), in the given order.
struct OrderedFields<Value: Encodable>: Encodable {
    let fields: [(key: String, value: Value)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        for field in fields { try container.encode(field.value, forKey: DynamicCodingKey(field.key)) }
    }
}
