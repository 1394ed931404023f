#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKit
import PixelKitPlatform

/// A set of named schemes sharing contrast requirements: the content of one theme file.
///
/// Load untrusted files with ``init(jsonBytes:limits:)``, ``init(jsonData:limits:)`` or
/// ``init(contentsOfFile:limits:)``: they bound size and nesting, reject duplicate keys and report the
/// JSON path of the first problem. The `Codable` conformance accepts the same format through any
/// decoder (e.g. `JSONDecoder`), but cannot see duplicate keys and reports paths inside a
/// `DecodingError`; encoding writes every variant explicitly, so derived colors survive a round trip
/// (use ``jsonBytes()`` to also keep scheme and role order).
public struct ThemeCatalog: Sendable, Hashable {
    /// The schemes, in file order.
    public let themes: [Theme]
    /// Contrast pairs every scheme must satisfy in every appearance.
    public let contrastRequirements: [ContrastRequirement]
    /// App-specific roles the file declared (beyond ``ThemeRole/builtIn``).
    public let customRoles: [ThemeRole]

    /// Creates a catalog in code. Scheme names should be unique; ``theme(named:)`` returns the first match.
    public init(themes: [Theme], contrastRequirements: [ContrastRequirement] = [], customRoles: [ThemeRole] = []) {
        self.themes = themes
        self.contrastRequirements = contrastRequirements
        self.customRoles = customRoles
    }

    /// Loads a theme file from its bytes (UTF-8 JSON). This is the fuzzing entry point: any input either
    /// loads or throws; it never traps, and work is bounded by `limits`.
    /// - Throws: ``ThemeFileError`` naming the JSON path and the problem.
    public init(jsonBytes: [UInt8], limits: ThemeFileLimits = .default) throws(ThemeFileError) {
        guard jsonBytes.count <= limits.maxBytes else {
            throw ThemeFileError(path: "", problem: .fileTooLarge(byteCount: jsonBytes.count, limit: limits.maxBytes))
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(jsonBytes, maxDepth: limits.maxDepth)
        } catch {
            // A repeated key directly under "schemes" is a duplicate scheme.
            if case .duplicateKey(let key) = error.problem, error.path == "schemes.\(key)" {
                throw ThemeFileError(path: error.path, problem: .duplicateScheme(key))
            }
            throw error
        }
        self = try ThemeFileDecoder(limits: limits).decode(root)
    }

    /// Loads a theme file from `Data`; see ``init(jsonBytes:limits:)``.
    public init(jsonData: Data, limits: ThemeFileLimits = .default) throws(ThemeFileError) {
        guard jsonData.count <= limits.maxBytes else {
            throw ThemeFileError(path: "", problem: .fileTooLarge(byteCount: jsonData.count, limit: limits.maxBytes))
        }
        try self.init(jsonBytes: [UInt8](jsonData), limits: limits)
    }

    /// Loads a theme file from disk, reading at most `limits.maxBytes + 1` bytes.
    public init(contentsOfFile path: String, limits: ThemeFileLimits = .default) throws(ThemeFileError) {
        try self.init(jsonBytes: BoundedFileReader.read(path: path, limit: limits.maxBytes), limits: limits)
    }

    /// The first scheme called `name`, or nil.
    public func theme(named name: String) -> Theme? { themes.first { $0.name == name } }

    /// Every requirement for every scheme in every appearance (scheme-major, then ``Appearance/all``
    /// order, then requirement order).
    public func contrastChecks() -> [ContrastCheck] {
        var checks: [ContrastCheck] = []
        for theme in themes {
            for appearance in Appearance.all {
                let resolved = theme.resolved(for: appearance)
                for requirement in contrastRequirements {
                    var ratio: Double?
                    if let foreground = resolved[requirement.foreground], let background = resolved[requirement.background] {
                        ratio = WCAGContrast.ratio(foreground, background)
                    }
                    checks.append(ContrastCheck(scheme: theme.name, appearance: appearance, requirement: requirement, ratio: ratio))
                }
            }
        }
        return checks
    }
}

extension ThemeCatalog: Codable {
    /// Decodes the theme-file format from any decoder; problems become `DecodingError.dataCorrupted`
    /// whose underlying error is the ``ThemeFileError``.
    public init(from decoder: any Decoder) throws {
        let root = try JSONNode(from: decoder)
        do {
            self = try ThemeFileDecoder(limits: .default).decode(root)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes in the theme-file format with all four variants of every role written out.
    /// (Most encoders, `JSONEncoder` included, do not keep key order; ``jsonBytes()`` does.)
    public func encode(to encoder: any Encoder) throws {
        try jsonNode.encode(to: encoder)
    }

    /// The catalog as an indented theme file, schemes and roles in order, every variant written out
    /// (`#RRGGBB`, or `#RRGGBBAA` when translucent): loading it gives back an equal catalog.
    /// - Throws: `EncodingError.invalidValue` when a contrast minimum is not a finite number (JSON
    ///   has no NaN or infinity, and a file that could not be loaded again is never written).
    public func jsonBytes() throws(EncodingError) -> [UInt8] {
        do {
            return Array((try OrderedJSONEncoder.encode(jsonNode, indentation: 2) + "\n").utf8)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw .invalidValue(self, EncodingError.Context(codingPath: [], debugDescription: String(describing: error)))
        }
    }

    var jsonNode: JSONNode {
        func hex(_ color: RGBAColor) -> JSONNode { .string(color.alpha.rounded() < 255 ? color.hexWithAlpha : color.hex) }
        let schemes = themes.map { theme in
            JSONNode.Member(key: theme.name, value: .object([JSONNode.Member(key: "roles", value: .object(theme.roles.compactMap { role in
                guard let color = theme[role] else { return nil }
                return JSONNode.Member(key: role.rawValue, value: .object(Appearance.all.map {
                    JSONNode.Member(key: $0.variantName, value: hex(color.resolved(for: $0)))
                }))
            }))]))
        }
        let requirements = contrastRequirements.map {
            JSONNode.object([
                .init(key: "foreground", value: .string($0.foreground.rawValue)),
                .init(key: "background", value: .string($0.background.rawValue)),
                .init(key: "minimum", value: .number($0.minimum)),
            ])
        }
        return .object([
            .init(key: "formatVersion", value: .number(1)),
            .init(key: "customRoles", value: .array(customRoles.map { .string($0.rawValue) })),
            .init(key: "contrast", value: .array(requirements)),
            .init(key: "schemes", value: .object(schemes)),
        ])
    }
}
