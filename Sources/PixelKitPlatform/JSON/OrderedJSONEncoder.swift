/// The package's one JSON writer: encodes any `Encodable` value as JSON whose object keys stay in
/// the order they were encoded — compact and on one line (the command line's JSON lines, in the
/// order its contract documents), or indented (theme files, which reload with their order).
///
/// Foundation's `JSONEncoder` does not keep key order, so it cannot print the contract's lines.
/// Numbers print as they always have: integral doubles below 1e15 without a fraction (`2`), others
/// as Swift's shortest round-trip description (`0.5`, `1e+20`). Non-finite doubles are an
/// `EncodingError` (JSON has no NaN).
///
/// Encoding into the same encoder's keyed container twice (a wrapper that writes `"file"` and then
/// calls the wrapped value's `encode(to:)`) appends to the same object, in order.
package enum OrderedJSONEncoder {
    /// `value` as one line of compact JSON, or indented by `indentation` spaces per level (no trailing newline).
    /// - Throws: `EncodingError.invalidValue` for a non-finite number, or what `value` throws.
    package static func encode(_ value: some Encodable, indentation: Int? = nil) throws -> String {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        var out = ""
        root.write(to: &out, layout: indentation.map { Layout(indentation: max(0, $0)) })
        return out
    }

    /// Integral values below 1e15 without a fraction, others as Swift prints them.
    package static func format(_ value: Double, codingPath: [any CodingKey]) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// `string` in quotes, with `"`, `\`, and control characters escaped.
    package static func escaped(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// One JSON value under construction; a reference so nested containers can fill it later.
private final class Node {
    enum Kind { case unset, literal, array, object }
    var kind = Kind.unset
    var literal = ""
    var elements: [Node] = []
    var members: [(key: String, node: Node)] = []

    func setLiteral(_ text: String) {
        kind = .literal
        literal = text
    }

    /// The member for `key`, created at the end if new (a repeated key replaces the value in place).
    func member(_ key: String) -> Node {
        if kind != .object { kind = .object; members = [] }
        if let existing = members.first(where: { $0.key == key }) {
            existing.node.kind = .unset
            return existing.node
        }
        let node = Node()
        members.append((key, node))
        return node
    }

    func appendElement() -> Node {
        if kind != .array { kind = .array; elements = [] }
        let node = Node()
        elements.append(node)
        return node
    }

    /// Writes the value compactly (`layout` nil) or indented, `level` levels deep.
    func write(to out: inout String, layout: Layout?, level: Int = 0) {
        let separator = layout == nil ? "," : ",\n"
        let open = layout == nil ? "" : "\n"
        let inner = layout.map { String(repeating: " ", count: $0.indentation * (level + 1)) } ?? ""
        let outer = layout.map { String(repeating: " ", count: $0.indentation * level) } ?? ""
        switch kind {
        case .unset: out += "{}"
        case .literal: out += literal
        case .array:
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[" + open
            for (index, element) in elements.enumerated() {
                if index > 0 { out += separator }
                out += inner
                element.write(to: &out, layout: layout, level: level + 1)
            }
            out += open + outer + "]"
        case .object:
            guard !members.isEmpty else { out += "{}"; return }
            out += "{" + open
            for (index, member) in members.enumerated() {
                if index > 0 { out += separator }
                out += inner + OrderedJSONEncoder.escaped(member.key) + (layout == nil ? ":" : ": ")
                member.node.write(to: &out, layout: layout, level: level + 1)
            }
            out += open + outer + "}"
        }
    }
}

/// How indented output is laid out.
private struct Layout {
    var indentation: Int
}

/// The text of a scalar, or nil for a value that encodes itself through containers.
private func literal(of value: some Encodable, codingPath: [any CodingKey]) throws -> String? {
    switch value {
    case let value as String: return OrderedJSONEncoder.escaped(value)
    case let value as Bool: return value ? "true" : "false"
    case let value as Double: return try OrderedJSONEncoder.format(value, codingPath: codingPath)
    case let value as Float: return try OrderedJSONEncoder.format(Double(value), codingPath: codingPath)
    case let value as any BinaryInteger: return String(value)
    default: return nil
    }
}

private func encodeValue(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
    if let text = try literal(of: value, codingPath: codingPath) {
        node.setLiteral(text)
    } else {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.kind != .object { node.kind = .object; node.members = [] }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.kind != .array { node.kind = .array; node.elements = [] }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

/// A key for `super` encoders and for objects whose keys are only known at run time.
package struct DynamicCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ string: String) { stringValue = string }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func put(_ text: String, _ key: Key) { node.member(key.stringValue).setLiteral(text) }
    private func number(_ value: Double, _ key: Key) throws -> String {
        try OrderedJSONEncoder.format(value, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { put("null", key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(value ? "true" : "false", key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(OrderedJSONEncoder.escaped(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try number(value, key), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try number(Double(value), key), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(String(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(String(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath + [DynamicCodingKey("super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.elements.count }

    private func put(_ text: String) { node.appendElement().setLiteral(text) }
    private var elementPath: [any CodingKey] { codingPath + [DynamicCodingKey("\(count)")] }

    mutating func encodeNil() throws { put("null") }
    mutating func encode(_ value: Bool) throws { put(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { put(OrderedJSONEncoder.escaped(value)) }
    mutating func encode(_ value: Double) throws { put(try OrderedJSONEncoder.format(value, codingPath: elementPath)) }
    mutating func encode(_ value: Float) throws { put(try OrderedJSONEncoder.format(Double(value), codingPath: elementPath)) }
    mutating func encode(_ value: Int) throws { put(String(value)) }
    mutating func encode(_ value: Int8) throws { put(String(value)) }
    mutating func encode(_ value: Int16) throws { put(String(value)) }
    mutating func encode(_ value: Int32) throws { put(String(value)) }
    mutating func encode(_ value: Int64) throws { put(String(value)) }
    mutating func encode(_ value: UInt) throws { put(String(value)) }
    mutating func encode(_ value: UInt8) throws { put(String(value)) }
    mutating func encode(_ value: UInt16) throws { put(String(value)) }
    mutating func encode(_ value: UInt32) throws { put(String(value)) }
    mutating func encode(_ value: UInt64) throws { put(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = elementPath
        try encodeValue(value, into: node.appendElement(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = elementPath
        return NodeEncoder(node: node.appendElement(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = elementPath
        return NodeEncoder(node: node.appendElement(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = elementPath
        return NodeEncoder(node: node.appendElement(), codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.setLiteral("null") }
    mutating func encode(_ value: Bool) throws { node.setLiteral(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { node.setLiteral(OrderedJSONEncoder.escaped(value)) }
    mutating func encode(_ value: Double) throws { node.setLiteral(try OrderedJSONEncoder.format(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { node.setLiteral(try OrderedJSONEncoder.format(Double(value), codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: Int8) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: Int16) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: Int32) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: Int64) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: UInt) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.setLiteral(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.setLiteral(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: node, codingPath: codingPath)
    }
}

/// Encodes `value`'s fields without those named in `omitted`: the command line's line for a library
/// type that writes more than the command printed before (the contract: extend, don't reshape).
///
/// An omission list rather than a list of kept keys, so a field the library adds later appears in the
/// line instead of silently missing. Only ``OrderedJSONEncoder`` omits; any other encoder writes every field.
package struct OmittingFields<Value: Encodable>: Encodable {
    let value: Value
    let omitted: Set<String>

    package init(_ value: Value, omitting omitted: Set<String>) {
        self.value = value
        self.omitted = omitted
    }

    package func encode(to encoder: any Encoder) throws {
        guard let encoder = encoder as? NodeEncoder else { return try value.encode(to: encoder) }
        let before = encoder.node.kind == .object ? encoder.node.members.count : 0
        try value.encode(to: encoder)
        guard encoder.node.kind == .object else { return }
        let added = encoder.node.members[before...].filter { !omitted.contains($0.key) }
        encoder.node.members.replaceSubrange(before..., with: added)
    }
}
