import PixelKitPlatform

/// One output line about an input: its name first (`"file"`, or `"url"` for `fetch`), then
/// `result`'s own fields in their order, in the same JSON object.
package struct FileLine<Result: Encodable>: Encodable {
    let nameKey: String
    let name: String
    let result: Result

    package init(file: String, _ result: Result) {
        self.nameKey = "file"
        self.name = file
        self.result = result
    }

    package init(url: String, _ result: Result) {
        self.nameKey = "url"
        self.name = url
        self.result = result
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        try container.encode(name, forKey: DynamicCodingKey(nameKey))
        try result.encode(to: encoder)
    }
}

extension FileLine: Sendable where Result: Sendable {}

/// The `"error"` field of a failed input's line: `FileLine(file:, FailureField(message))`.
package struct FailureField: Encodable, Sendable {
    package let error: String

    package init(_ message: String) { error = message }
}

/// An object whose keys are only known at run time (`theme resolve`'s roles), in the given order.
package struct OrderedFields<Value: Encodable>: Encodable {
    package let fields: [(key: String, value: Value)]

    package init(fields: [(key: String, value: Value)]) { self.fields = fields }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        for field in fields { try container.encode(field.value, forKey: DynamicCodingKey(field.key)) }
    }
}
