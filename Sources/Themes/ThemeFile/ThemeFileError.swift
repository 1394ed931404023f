import PixelKit

/// Why a theme file could not be loaded: the JSON path of the offending value
/// (e.g. `schemes.mint.roles.tint.dark`, `contrast[1].foreground`; empty for the whole file)
/// and the problem found there.
public struct ThemeFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The file is larger than the configured limit (both in bytes).
        case fileTooLarge(byteCount: Int, limit: Int)
        /// The file could not be opened or read (`FileError.Problem.system`), or the path
        /// names a directory, FIFO, socket or device, refused before reading
        /// (`FileError.Problem.notARegularFile`).
        case file(FileError)
        /// Arrays/objects nest deeper than the configured limit.
        case nestingTooDeep(limit: Int)
        /// Not valid JSON; `offset` is the zero-based byte offset where parsing stopped.
        case malformedJSON(offset: Int, reason: String)
        /// The same key appears twice in one object.
        case duplicateKey(String)
        /// Two schemes have the same name.
        case duplicateScheme(String)
        /// A value of the wrong JSON type (`expected` and `found` are JSON type names).
        case wrongType(expected: String, found: String)
        /// A required key is absent (the path names where it should be).
        case missingKey(String)
        /// A key this format does not define (typos such as `drak` are reported, not ignored).
        case unknownKey(String, expected: [String])
        /// A color that is not valid hexadecimal.
        case invalidHex(HexColorError)
        /// A role that is neither built in nor declared under `customRoles`.
        case unknownRole(String)
        /// A color variant that must be given is absent.
        case missingVariant(String, reason: String)
        /// A role that must be defined in this scheme is absent.
        case missingRole(String, reason: String)
        /// A number outside its allowed range.
        case numberOutOfRange(Double, allowed: ClosedRange<Double>)
        /// A scheme or role name that is empty or too long.
        case invalidName(String)
        /// More entries than the configured limit (schemes, roles, requirements).
        case tooManyEntries(count: Int, limit: Int)
        /// The file defines no scheme.
        case noSchemes

        /// A readable sentence naming the problem.
        public var description: String {
            switch self {
            case .fileTooLarge(let count, let limit): return "file is \(count) bytes or more; the limit is \(limit)"
            case .file(let error): return error.reason
            case .nestingTooDeep(let limit): return "nesting deeper than \(limit) levels"
            case .malformedJSON(let offset, let reason): return "malformed JSON at byte \(offset): \(reason)"
            case .duplicateKey(let key): return "duplicate key \"\(EchoedText.cut(key))\""
            case .duplicateScheme(let name): return "duplicate scheme \"\(EchoedText.cut(name))\""
            case .wrongType(let expected, let found): return "expected \(expected), found \(found)"
            case .missingKey(let key): return "missing required key \"\(EchoedText.cut(key))\""
            case .unknownKey(let key, let expected):
                return "unknown key \"\(EchoedText.cut(key))\"; expected one of \(expected.joined(separator: ", "))"
            case .invalidHex(let error): return error.description
            case .unknownRole(let role):
                return "unknown role \"\(EchoedText.cut(role))\" (declare app-specific roles under \"customRoles\")"
            case .missingVariant(let variant, let reason): return "missing required variant \"\(EchoedText.cut(variant))\": \(reason)"
            case .missingRole(let role, let reason): return "missing role \"\(EchoedText.cut(role))\": \(reason)"
            case .numberOutOfRange(let value, let allowed):
                return "\(value) is outside \(allowed.lowerBound)…\(allowed.upperBound)"
            case .invalidName(let name): return "invalid name \"\(EchoedText.cut(name))\" (1…64 characters)"
            case .tooManyEntries(let count, let limit): return "\(count) entries; the limit is \(limit)"
            case .noSchemes: return "no schemes defined"
            }
        }
    }

    /// Where: dot-separated keys with `[index]` for array elements; empty for the whole file.
    public let path: String
    /// What.
    public let problem: Problem

    /// Creates an error.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The `FileError` of ``Problem/file(_:)``, when the file could not be read at all; `nil`
    /// for a problem in its contents.
    public var fileError: FileError? {
        if case .file(let error) = problem { return error }
        return nil
    }

    /// `path: problem`, or the problem alone for the whole file (empty path); user text is cut to 200
    /// characters. A line that names the file reads `pixelkit: theme.json: schemes.mint: …`.
    public var description: String { path.isEmpty ? problem.description : "\(EchoedText.cut(path)): \(problem)" }
}
