/// A strict RFC 8259 parser for untrusted theme files: bounded nesting, duplicate keys rejected,
/// invalid UTF-8 rejected, every failure a ``ThemeFileError`` with the path and byte offset.
/// Recursion depth is bounded by `maxDepth`, so hostile input cannot exhaust the stack.
struct JSONParser {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private var offset = 0
    private var depth = 0
    private var path = JSONPath.root

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses exactly one JSON value surrounded by optional white space.
    static func parse(_ bytes: [UInt8], maxDepth: Int) throws(ThemeFileError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.malformed("unexpected data after the top-level value") }
        return value
    }

    private func malformed(_ reason: String) -> ThemeFileError {
        ThemeFileError(path: path.description, problem: .malformedJSON(offset: offset, reason: reason))
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ThemeFileError) {
        guard current == byte else { throw malformed("expected \(what)") }
        offset += 1
    }

    private mutating func parseValue() throws(ThemeFileError) -> JSONNode {
        guard let byte = current else { throw malformed("unexpected end of data") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw malformed("unexpected character")
        }
    }

    private mutating func enterContainer() throws(ThemeFileError) {
        depth += 1
        guard depth <= maxDepth else {
            throw ThemeFileError(path: path.description, problem: .nestingTooDeep(limit: maxDepth))
        }
        offset += 1
        skipWhitespace()
    }

    private mutating func parseObject() throws(ThemeFileError) -> JSONNode {
        try enterContainer()
        var members: [JSONNode.Member] = []
        var seen: Set<String> = []
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw malformed("expected a string key") }
            let key = try parseString()
            guard seen.insert(key).inserted else {
                throw ThemeFileError(path: path.appending(key).description, problem: .duplicateKey(key))
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "\":\" after a key")
            skipWhitespace()
            path.push(.key(key))
            let value = try parseValue()
            path.pop()
            members.append(JSONNode.Member(key: key, value: value))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
                skipWhitespace()
                continue
            }
            try expect(UInt8(ascii: "}"), "\",\" or \"}\"")
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(ThemeFileError) -> JSONNode {
        try enterContainer()
        var elements: [JSONNode] = []
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            path.push(.index(elements.count))
            let value = try parseValue()
            path.pop()
            elements.append(value)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
                skipWhitespace()
                continue
            }
            try expect(UInt8(ascii: "]"), "\",\" or \"]\"")
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func parseLiteral(_ word: String) throws(ThemeFileError) {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw malformed("invalid literal")
        }
        offset += expected.count
    }

    private mutating func parseNumber() throws(ThemeFileError) -> Double {
        let start = offset
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
        } else if isDigit(current) {
            while isDigit(current) { offset += 1 }
        } else {
            throw malformed("invalid number")
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(current) else { throw malformed("invalid number: digits expected after \".\"") }
            while isDigit(current) { offset += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard isDigit(current) else { throw malformed("invalid number: digits expected in the exponent") }
            while isDigit(current) { offset += 1 }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw malformed("number out of range")
        }
        return value
    }

    private mutating func parseString() throws(ThemeFileError) -> String {
        offset += 1  // opening quote
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else { throw malformed("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: buffer, as: UTF8.self) else { throw malformed("invalid UTF-8 in string") }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw malformed("control character in string")
            default:
                buffer.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(ThemeFileError) {
        guard let byte = current else { throw malformed("unterminated escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = try parseHexQuad()
            if (0xD800...0xDBFF).contains(scalarValue) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw malformed("unpaired surrogate in \\u escape")
                }
                offset += 2
                let low = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw malformed("unpaired surrogate in \\u escape") }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw malformed("unpaired surrogate in \\u escape") }
            buffer.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw malformed("invalid escape")
        }
    }

    private mutating func parseHexQuad() throws(ThemeFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, byte < 0x80, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw malformed("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
