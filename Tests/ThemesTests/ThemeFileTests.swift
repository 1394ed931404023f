import Foundation
import PixelKit
import Testing
@testable import Themes

/// A valid file; the malformed cases below each change one thing in it.
let sampleThemeJSON = """
    {
      "formatVersion": 1,
      "customRoles": ["unreadBadge"],
      "contrast": [
        { "foreground": "label", "background": "background", "minimum": 4.5 },
        { "foreground": "link", "background": "background", "minimum": 4.5 }
      ],
      "schemes": {
        "default": {
          "roles": {
            "background": { "light": "#FFFFFF", "dark": "#000000" },
            "label": { "light": "#000000", "dark": "#FFFFFF" },
            "tint": { "light": "#007AFF", "dark": "#4BA1FF" },
            "link": { "light": "#0066CC" },
            "unreadBadge": "#FF3B30"
          }
        },
        "mint": {
          "roles": {
            "background": { "light": "#F4FFF9", "dark": "#0B1F15" },
            "label": { "light": "#0B1F15", "dark": "#F4FFF9", "darkHighContrast": "#FFFFFF" },
            "tint": { "light": "#26C472", "dark": "#84FFBF" },
            "link": { "light": "#17804A" },
            "unreadBadge": { "light": "#E0245E", "dark": "#FF6B94" }
          }
        }
      }
    }
    """

func load(_ json: String, limits: ThemeFileLimits = .default) throws(ThemeFileError) -> ThemeCatalog {
    try ThemeCatalog(jsonBytes: Array(json.utf8), limits: limits)
}

/// The error `json` fails with, or nil if it loads.
func loadError(_ json: String, limits: ThemeFileLimits = .default) -> ThemeFileError? {
    do {
        _ = try load(json, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// `sampleThemeJSON` with one substring replaced (which must occur exactly once).
func sample(replacing target: String, with replacement: String) -> String {
    precondition(sampleThemeJSON.components(separatedBy: target).count == 2, "ambiguous edit \(target)")
    return sampleThemeJSON.replacingOccurrences(of: target, with: replacement)
}

@Suite struct ThemeFileTests {
    @Test func sampleLoadsWithSchemesRolesAndRequirementsInFileOrder() throws {
        let catalog = try load(sampleThemeJSON)
        #expect(catalog.themes.map(\.name) == ["default", "mint"])
        #expect(catalog.customRoles == ["unreadBadge"])
        #expect(catalog.contrastRequirements == [
            ContrastRequirement(foreground: .label, background: .background, minimum: 4.5),
            ContrastRequirement(foreground: .link, background: .background, minimum: 4.5),
        ])
        let mint = try #require(catalog.theme(named: "mint"))
        #expect(mint.roles == [.background, .label, .tint, .link, "unreadBadge"])
        #expect(mint[.tint]?.resolved(for: .dark) == RGBAColor(red: 0x84, green: 0xFF, blue: 0xBF))
        #expect(mint[.label]?.resolved(for: .darkHighContrast) == RGBAColor(red: 255, green: 255, blue: 255))
        // Backgrounds are never derived: high contrast falls back to the normal variant.
        #expect(mint[.background]?.resolved(for: .darkHighContrast) == RGBAColor(red: 0x0B, green: 0x1F, blue: 0x15))
    }

    @Test func derivedVariantsMeetTheirTargets() throws {
        let catalog = try load(sampleThemeJSON)
        for check in catalog.contrastChecks() {
            #expect(check.passes, "\(check)")
        }
        let theme = try #require(catalog.theme(named: "default"))
        let link = try #require(theme[.link])
        let lightRatio = WCAGContrast.ratio(link.light, RGBAColor(red: 255, green: 255, blue: 255))
        // dark keeps at least the light variant's contrast, against the dark background
        #expect(WCAGContrast.ratio(link.dark, RGBAColor(red: 0, green: 0, blue: 0)) >= lightRatio)
        #expect(abs(link.dark.oklch.hue - link.light.oklch.hue) < 3)
        // high contrast reaches 7/4.5 of that (capped at 21)
        #expect(WCAGContrast.ratio(link.lightHighContrast, RGBAColor(red: 255, green: 255, blue: 255)) >= lightRatio * 7 / 4.5)
        #expect(WCAGContrast.ratio(link.darkHighContrast, RGBAColor(red: 0, green: 0, blue: 0)) >= lightRatio * 7 / 4.5)
    }

    @Test func checksCoverEverySchemeAppearanceAndPair() throws {
        let catalog = try load(sampleThemeJSON)
        let checks = catalog.contrastChecks()
        #expect(checks.count == 2 * 4 * 2)
        #expect(checks.first?.appearance == .light)
        let failing = try load(sample(replacing: "\"link\": { \"light\": \"#17804A\" }", with: "\"link\": { \"light\": \"#17804A\", \"dark\": \"#0B1F15\" }"))
        let failures = failing.contrastChecks().filter { !$0.passes }
        #expect(failures.map(\.scheme) == ["mint"])
        #expect(failures.map(\.appearance) == [.dark])
        #expect(failures.first?.ratio == 1)
    }

    @Test func badHexNamesItsPath() {
        let error = loadError(sample(replacing: "\"#84FFBF\"", with: "\"#84FFBG\""))
        #expect(error?.path == "schemes.mint.roles.tint.dark")
        #expect(error?.problem == .invalidHex(.invalidCharacter(text: "#84FFBG", character: "G", position: 6)))
        #expect(error?.description.hasPrefix("schemes.mint.roles.tint.dark: ") == true)
        let short = loadError(sample(replacing: "\"unreadBadge\": \"#FF3B30\"", with: "\"unreadBadge\": \"#FF3B3\""))
        #expect(short?.path == "schemes.default.roles.unreadBadge")
        #expect(short?.problem == .invalidHex(.invalidLength(text: "#FF3B3", digitCount: 5)))
    }

    @Test func unknownRoleInASchemeOrARequirement() {
        let inScheme = loadError(sample(replacing: "\"tint\": { \"light\": \"#26C472\"", with: "\"accent\": { \"light\": \"#26C472\""))
        #expect(inScheme?.path == "schemes.mint.roles.accent")
        #expect(inScheme?.problem == .unknownRole("accent"))
        let inRequirement = loadError(sample(
            replacing: "{ \"foreground\": \"link\", \"background\": \"background\"",
            with: "{ \"foreground\": \"link\", \"background\": \"canvas\""))
        #expect(inRequirement?.path == "contrast[1].background")
        #expect(inRequirement?.problem == .unknownRole("canvas"))
        let undeclared = loadError(sample(replacing: "\"customRoles\": [\"unreadBadge\"],", with: ""))
        #expect(undeclared?.path == "schemes.default.roles.unreadBadge")
        #expect(undeclared?.problem == .unknownRole("unreadBadge"))
    }

    @Test func missingRequiredVariants() {
        let noLight = loadError(sample(replacing: "\"tint\": { \"light\": \"#26C472\", ", with: "\"tint\": { "))
        #expect(noLight?.path == "schemes.mint.roles.tint.light")
        if case .missingVariant("light", _) = noLight?.problem {} else { Issue.record("\(String(describing: noLight))") }
        let backgroundWithoutDark = loadError(sample(
            replacing: "\"background\": { \"light\": \"#F4FFF9\", \"dark\": \"#0B1F15\" }",
            with: "\"background\": { \"light\": \"#F4FFF9\" }"))
        #expect(backgroundWithoutDark?.path == "schemes.mint.roles.background.dark")
        if case .missingVariant("dark", _) = backgroundWithoutDark?.problem {} else {
            Issue.record("\(String(describing: backgroundWithoutDark))")
        }
    }

    @Test func missingRoles() {
        let noBackground = loadError(sample(
            replacing: "\"background\": { \"light\": \"#F4FFF9\", \"dark\": \"#0B1F15\" },", with: ""))
        #expect(noBackground?.path == "schemes.mint.roles.background")
        let noLink = loadError(sample(replacing: "\"link\": { \"light\": \"#17804A\" },", with: ""))
        #expect(noLink?.path == "schemes.mint.roles.link")
        #expect(noLink?.problem == .missingRole("link", reason: "referenced by contrast[1]"))
    }

    @Test func duplicateSchemeAndDuplicateKeys() {
        let duplicateScheme = loadError(sample(replacing: "\"mint\": {", with: "\"default\": {"))
        #expect(duplicateScheme?.path == "schemes.default")
        #expect(duplicateScheme?.problem == .duplicateScheme("default"))
        let duplicateVariant = loadError(sample(
            replacing: "\"tint\": { \"light\": \"#26C472\", \"dark\": \"#84FFBF\" }",
            with: "\"tint\": { \"light\": \"#26C472\", \"light\": \"#84FFBF\" }"))
        #expect(duplicateVariant?.path == "schemes.mint.roles.tint.light")
        #expect(duplicateVariant?.problem == .duplicateKey("light"))
        // Keys equal after unescaping are duplicates too.
        let escaped = loadError(sample(replacing: "\"mint\": {", with: "\"defa\\u0075lt\": {"))
        #expect(escaped?.problem == .duplicateScheme("default"))
    }

    @Test func structuralProblems() {
        let typo = loadError(sample(replacing: "\"dark\": \"#84FFBF\"", with: "\"drak\": \"#84FFBF\""))
        #expect(typo?.path == "schemes.mint.roles.tint.drak")
        if case .unknownKey("drak", _) = typo?.problem {} else { Issue.record("\(String(describing: typo))") }
        let wrongType = loadError(sample(replacing: "\"minimum\": 4.5 },\n", with: "\"minimum\": \"4.5\" },\n"))
        #expect(wrongType?.path == "contrast[0].minimum")
        #expect(wrongType?.problem == .wrongType(expected: "number", found: "string"))
        let outOfRange = loadError(sample(replacing: "\"minimum\": 4.5 },\n", with: "\"minimum\": 22 },\n"))
        #expect(outOfRange?.problem == .numberOutOfRange(22, allowed: 1...21))
        #expect(loadError("{\"schemes\": {}}")?.problem == .noSchemes)
        #expect(loadError("{}") == ThemeFileError(path: "schemes", problem: .missingKey("schemes")))
        #expect(loadError("[]")?.problem == .wrongType(expected: "object", found: "array"))
        #expect(loadError(sample(replacing: "\"formatVersion\": 1", with: "\"formatVersion\": 2"))?.path == "formatVersion")
    }

    @Test func malformedJSONReportsOffsetAndPath() {
        let text = sample(replacing: "\"#0066CC\" }", with: "\"#0066CC\" ]")
        let error = loadError(text)
        #expect(error?.path == "schemes.default.roles.link")
        if case .malformedJSON(let offset, _) = error?.problem {
            #expect(offset > 0 && offset < text.utf8.count)
        } else {
            Issue.record("\(String(describing: error))")
        }
        for bad in ["", "{", "{\"a\":}", "{\"a\":1,}", "[1 2]", "\"\\x\"", "{\"a\":01}", "{\"a\":1e999}", "tru", "{} x",
                    "\"\u{1}\"", "\"\\ud800\""] {
            guard case .malformedJSON = loadError(bad)?.problem else {
                Issue.record("accepted or misreported: \(bad.debugDescription) → \(String(describing: loadError(bad)))")
                continue
            }
        }
        let invalidUTF8: [UInt8] = Array("{\"schemes\":\"".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(throws: ThemeFileError.self) { try ThemeCatalog(jsonBytes: invalidUTF8) }
    }

    @Test func limitsBoundSizeNestingAndCounts() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(loadError(deep)?.problem == .nestingTooDeep(limit: 16))
        let big = loadError(sampleThemeJSON, limits: ThemeFileLimits(maxBytes: 100))
        #expect(big?.problem == .fileTooLarge(byteCount: sampleThemeJSON.utf8.count, limit: 100))
        #expect(loadError(sampleThemeJSON, limits: ThemeFileLimits(maxSchemes: 1))?.problem == .tooManyEntries(count: 2, limit: 1))
        #expect(loadError(sampleThemeJSON, limits: ThemeFileLimits(maxRoles: 4))?.path == "schemes.default.roles")
        #expect(loadError(sampleThemeJSON, limits: ThemeFileLimits(maxRequirements: 1))?.path == "contrast")
    }

    @Test func fileEntryPointBoundsTheRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ThemesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("theme.json").path
        try Data(sampleThemeJSON.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ThemeCatalog(contentsOfFile: path) == load(sampleThemeJSON))
        #expect(throws: ThemeFileError(path: "", problem: .fileTooLarge(byteCount: 51, limit: 50))) {
            try ThemeCatalog(contentsOfFile: path, limits: ThemeFileLimits(maxBytes: 50))
        }
        #expect(try ThemeCatalog(jsonData: Data(sampleThemeJSON.utf8)) == load(sampleThemeJSON))
        #expect {
            try ThemeCatalog(contentsOfFile: directory.appendingPathComponent("absent.json").path)
        } throws: { error in
            guard let error = error as? ThemeFileError, case .file(let file) = error.problem else { return false }
            return error.path.isEmpty && file.errno == ENOENT && error.description == "cannot read: No such file or directory (errno 2)"
        }
    }

    /// `theme check` on a directory printed raw `NSCocoaErrorDomain` text, and on a FIFO it hung.
    @Test func nonRegularFilesAreRefusedWithATypedProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ThemesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("theme.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: ThemeFileError(path: "", problem: .file(FileError(path: directory.path, operation: .open, problem: .notARegularFile(.directory))))) {
            try ThemeCatalog(contentsOfFile: directory.path)
        }
        #expect(throws: ThemeFileError(path: "", problem: .file(FileError(path: fifo, operation: .open, problem: .notARegularFile(.fifo))))) {
            try ThemeCatalog(contentsOfFile: fifo)
        }
        #expect(ThemeFileError(path: "", problem: .file(FileError(path: "d", operation: .open, problem: .notARegularFile(.directory)))).description == "is a directory, not a regular file")
    }

    @Test func writtenFilesAreIndentedTwoSpacesWithKeysInOrder() throws {
        let catalog = ThemeCatalog(themes: [], contrastRequirements: [
            ContrastRequirement(foreground: .label, background: .background, minimum: 4.5),
        ])
        let text = String(decoding: try catalog.jsonBytes(), as: UTF8.self)
        #expect(text == """
        {
          "formatVersion": 1,
          "customRoles": [],
          "contrast": [
            {
              "foreground": "label",
              "background": "background",
              "minimum": 4.5
            }
          ],
          "schemes": {}
        }

        """)
    }

    @Test func aContrastMinimumJSONCannotHoldIsAnErrorNotAnUnloadableFile() throws {
        let catalog = ThemeCatalog(themes: [], contrastRequirements: [
            ContrastRequirement(foreground: .label, background: .background, minimum: .nan),
        ])
        #expect(throws: EncodingError.self) { try catalog.jsonBytes() }
    }

    @Test func codableRoundTripThroughFoundation() throws {
        let catalog = try load(sampleThemeJSON)
        // Order-preserving writer: an exact round trip, derived variants included.
        #expect(try ThemeCatalog(jsonBytes: catalog.jsonBytes()) == catalog)
        // JSONEncoder/JSONDecoder do not keep key order: compare scheme by scheme, role by role.
        let encoded = try JSONEncoder().encode(catalog)
        for decoded in [try JSONDecoder().decode(ThemeCatalog.self, from: encoded), try ThemeCatalog(jsonData: encoded)] {
            #expect(decoded.contrastRequirements == catalog.contrastRequirements)
            #expect(Set(decoded.themes.map(\.name)) == Set(catalog.themes.map(\.name)))
            for theme in catalog.themes {
                let other = try #require(decoded.theme(named: theme.name))
                #expect(Set(other.roles) == Set(theme.roles))
                for role in theme.roles { #expect(other[role] == theme[role], "\(theme.name).\(role)") }
            }
        }
        // Semantic errors surface through Codable as dataCorrupted wrapping the ThemeFileError.
        let bad = Data(sample(replacing: "\"#84FFBF\"", with: "\"nope\"").utf8)
        #expect {
            try JSONDecoder().decode(ThemeCatalog.self, from: bad)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                  let underlying = context.underlyingError as? ThemeFileError else { return false }
            return underlying.path == "schemes.mint.roles.tint.dark"
        }
    }

    @Test func mutatedInputNeverTraps() {
        // A cheap in-process fuzz pass: random byte edits of a valid file either load or throw.
        var random = SplitMix64(state: 7)
        let original = Array(sampleThemeJSON.utf8)
        let alphabet = Array("{}[]\",:#0aF\\u .-e".utf8) + [0x00, 0xFF, 0xC3]
        var loaded = 0
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
                }
            }
            if (try? ThemeCatalog(jsonBytes: bytes)) != nil { loaded += 1 }
        }
        #expect(loaded < 1500)
    }
}
