import PixelKit

/// Turns a parsed theme file into a validated ``ThemeCatalog``, naming the JSON path of the first problem.
struct ThemeFileDecoder {
    let limits: ThemeFileLimits

    static let topLevelKeys = ["formatVersion", "customRoles", "contrast", "schemes"]
    static let schemeKeys = ["roles"]
    static let requirementKeys = ["foreground", "background", "minimum"]
    static let variantNames = Appearance.all.map(\.variantName)
    static let ratioRange: ClosedRange<Double> = 1...21
    static let maxNameLength = 64

    func decode(_ root: JSONNode) throws(ThemeFileError) -> ThemeCatalog {
        let top = try members(of: root, at: .root)
        try checkKeys(top, allowed: Self.topLevelKeys, at: .root)
        if let version = value(top, "formatVersion") {
            let versionPath = JSONPath.root.appending("formatVersion")
            let number = try number(version, at: versionPath)
            guard number == 1 else { throw error(versionPath, .numberOutOfRange(number, allowed: 1...1)) }
        }
        let customRoles = try decodeCustomRoles(value(top, "customRoles"))
        let knownRoles = Set(ThemeRole.builtIn + customRoles)
        let requirements = try decodeRequirements(value(top, "contrast"), knownRoles: knownRoles)
        let schemesPath = JSONPath.root.appending("schemes")
        guard let schemesNode = value(top, "schemes") else { throw error(schemesPath, .missingKey("schemes")) }
        let schemes = try members(of: schemesNode, at: schemesPath)
        guard !schemes.isEmpty else { throw error(schemesPath, .noSchemes) }
        guard schemes.count <= limits.maxSchemes else {
            throw error(schemesPath, .tooManyEntries(count: schemes.count, limit: limits.maxSchemes))
        }
        var surfaces: Set<ThemeRole> = [.background]
        for requirement in requirements { surfaces.insert(requirement.background) }
        var themes: [Theme] = []
        for scheme in schemes {
            themes.append(try decodeScheme(
                scheme, at: schemesPath.appending(scheme.key), knownRoles: knownRoles, surfaces: surfaces,
                requirements: requirements))
        }
        return ThemeCatalog(themes: themes, contrastRequirements: requirements, customRoles: customRoles)
    }

    private func decodeCustomRoles(_ node: JSONNode?) throws(ThemeFileError) -> [ThemeRole] {
        guard let node else { return [] }
        let path = JSONPath.root.appending("customRoles")
        let elements = try array(node, at: path)
        guard elements.count <= limits.maxRoles else {
            throw error(path, .tooManyEntries(count: elements.count, limit: limits.maxRoles))
        }
        var roles: [ThemeRole] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            let role = ThemeRole(rawValue: try name(element, at: elementPath))
            guard !roles.contains(role) else { throw error(elementPath, .duplicateKey(role.rawValue)) }
            roles.append(role)
        }
        return roles
    }

    private func decodeRequirements(
        _ node: JSONNode?, knownRoles: Set<ThemeRole>
    ) throws(ThemeFileError) -> [ContrastRequirement] {
        guard let node else { return [] }
        let path = JSONPath.root.appending("contrast")
        let elements = try array(node, at: path)
        guard elements.count <= limits.maxRequirements else {
            throw error(path, .tooManyEntries(count: elements.count, limit: limits.maxRequirements))
        }
        var requirements: [ContrastRequirement] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            let fields = try members(of: element, at: elementPath)
            try checkKeys(fields, allowed: Self.requirementKeys, at: elementPath)
            func role(_ key: String) throws(ThemeFileError) -> ThemeRole {
                let rolePath = elementPath.appending(key)
                guard let node = value(fields, key) else { throw error(rolePath, .missingKey(key)) }
                let role = ThemeRole(rawValue: try string(node, at: rolePath))
                guard knownRoles.contains(role) else { throw error(rolePath, .unknownRole(role.rawValue)) }
                return role
            }
            let foreground = try role("foreground")
            let background = try role("background")
            let minimumPath = elementPath.appending("minimum")
            guard let minimumNode = value(fields, "minimum") else { throw error(minimumPath, .missingKey("minimum")) }
            let minimum = try number(minimumNode, at: minimumPath)
            guard Self.ratioRange.contains(minimum) else {
                throw error(minimumPath, .numberOutOfRange(minimum, allowed: Self.ratioRange))
            }
            requirements.append(ContrastRequirement(foreground: foreground, background: background, minimum: minimum))
        }
        return requirements
    }

    private func decodeScheme(
        _ scheme: JSONNode.Member, at path: JSONPath, knownRoles: Set<ThemeRole>, surfaces: Set<ThemeRole>,
        requirements: [ContrastRequirement]
    ) throws(ThemeFileError) -> Theme {
        guard (1...Self.maxNameLength).contains(scheme.key.count) else { throw error(path, .invalidName(scheme.key)) }
        let fields = try members(of: scheme.value, at: path)
        try checkKeys(fields, allowed: Self.schemeKeys, at: path)
        let rolesPath = path.appending("roles")
        guard let rolesNode = value(fields, "roles") else { throw error(rolesPath, .missingKey("roles")) }
        let entries = try members(of: rolesNode, at: rolesPath)
        guard entries.count <= limits.maxRoles else {
            throw error(rolesPath, .tooManyEntries(count: entries.count, limit: limits.maxRoles))
        }
        var declared: [VariantDerivation.DeclaredRole] = []
        for entry in entries {
            let rolePath = rolesPath.appending(entry.key)
            let role = ThemeRole(rawValue: entry.key)
            guard knownRoles.contains(role) else { throw error(rolePath, .unknownRole(entry.key)) }
            declared.append(try decodeRole(role, entry.value, at: rolePath))
        }
        for role in declared where surfaces.contains(role.role) && role.variants[.dark] == nil {
            throw error(
                rolesPath.appending(role.role.rawValue).appending("dark"),
                .missingVariant("dark", reason: "\"\(role.role)\" is a background, and backgrounds are never derived"))
        }
        let definedRoles = Set(declared.map(\.role))
        if !definedRoles.contains(.background) {
            throw error(
                rolesPath.appending("background"),
                .missingRole("background", reason: "every scheme needs one (missing variants are derived against it)"))
        }
        for (index, requirement) in requirements.enumerated() {
            for role in [requirement.foreground, requirement.background] where !definedRoles.contains(role) {
                throw error(rolesPath.appending(role.rawValue), .missingRole(role.rawValue, reason: "referenced by contrast[\(index)]"))
            }
        }
        let colors = VariantDerivation.complete(declared, surfaces: surfaces, requirements: requirements)
        return Theme(name: scheme.key, colors: colors)
    }

    private func decodeRole(
        _ role: ThemeRole, _ node: JSONNode, at path: JSONPath
    ) throws(ThemeFileError) -> VariantDerivation.DeclaredRole {
        if case .string = node {
            return VariantDerivation.DeclaredRole(role: role, light: try color(node, at: path), variants: [:])
        }
        let fields = try members(of: node, at: path)
        try checkKeys(fields, allowed: Self.variantNames, at: path)
        var variants: [Appearance: RGBAColor] = [:]
        for field in fields {
            guard let appearance = Appearance(variantName: field.key) else { continue }
            variants[appearance] = try color(field.value, at: path.appending(field.key))
        }
        guard let light = variants.removeValue(forKey: .light) else {
            throw error(path.appending("light"), .missingVariant("light", reason: "every role needs its light color"))
        }
        return VariantDerivation.DeclaredRole(role: role, light: light, variants: variants)
    }

    // MARK: - Typed access

    private func error(_ path: JSONPath, _ problem: ThemeFileError.Problem) -> ThemeFileError {
        ThemeFileError(path: path.description, problem: problem)
    }

    private func value(_ members: [JSONNode.Member], _ key: String) -> JSONNode? {
        members.first { $0.key == key }?.value
    }

    private func checkKeys(_ members: [JSONNode.Member], allowed: [String], at path: JSONPath) throws(ThemeFileError) {
        for member in members where !allowed.contains(member.key) {
            throw error(path.appending(member.key), .unknownKey(member.key, expected: allowed))
        }
    }

    private func members(of node: JSONNode, at path: JSONPath) throws(ThemeFileError) -> [JSONNode.Member] {
        guard case .object(let members) = node else { throw error(path, .wrongType(expected: "object", found: node.typeName)) }
        return members
    }

    private func array(_ node: JSONNode, at path: JSONPath) throws(ThemeFileError) -> [JSONNode] {
        guard case .array(let elements) = node else { throw error(path, .wrongType(expected: "array", found: node.typeName)) }
        return elements
    }

    private func string(_ node: JSONNode, at path: JSONPath) throws(ThemeFileError) -> String {
        guard case .string(let text) = node else { throw error(path, .wrongType(expected: "string", found: node.typeName)) }
        return text
    }

    private func number(_ node: JSONNode, at path: JSONPath) throws(ThemeFileError) -> Double {
        guard case .number(let value) = node else { throw error(path, .wrongType(expected: "number", found: node.typeName)) }
        return value
    }

    private func name(_ node: JSONNode, at path: JSONPath) throws(ThemeFileError) -> String {
        let text = try string(node, at: path)
        guard (1...Self.maxNameLength).contains(text.count) else { throw error(path, .invalidName(text)) }
        return text
    }

    private func color(_ node: JSONNode, at path: JSONPath) throws(ThemeFileError) -> RGBAColor {
        let text = try string(node, at: path)
        do {
            return try RGBAColor(hex: text)
        } catch {
            throw self.error(path, .invalidHex(error))
        }
    }
}
