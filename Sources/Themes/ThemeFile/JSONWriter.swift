/// Serializes a `JSONNode` keeping object members in order (Foundation's `JSONEncoder` does not),
/// so a catalog written by ``ThemeCatalog/jsonBytes()`` reloads with the same scheme and role order.
enum JSONWriter {
    static func bytes(_ node: JSONNode) -> [UInt8] {
        var out = ""
        write(node, indent: 0, to: &out)
        out += "\n"
        return Array(out.utf8)
    }

    private static func write(_ node: JSONNode, indent: Int, to out: inout String) {
        let padding = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch node {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            out += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .string(let value): writeString(value, to: &out)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += padding
                write(element, indent: indent + 1, to: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += padding
                writeString(member.key, to: &out)
                out += ": "
                write(member.value, indent: indent + 1, to: &out)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += closing + "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
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
        out += "\""
    }
}
