/// Validation helpers shared by the throwing initialisers.
enum Validate {
    static func finite(_ value: Double, _ parameter: String) throws(TransitionsError) -> Double {
        guard value.isFinite else { throw .nonFinite(parameter: parameter, value: value) }
        return value
    }

    static func positive(_ value: Double, _ parameter: String) throws(TransitionsError) -> Double {
        _ = try finite(value, parameter)
        guard value > 0 else { throw .outOfRange(parameter: parameter, value: value, allowed: "greater than 0") }
        return value
    }

    static func nonNegative(_ value: Double, _ parameter: String) throws(TransitionsError) -> Double {
        _ = try finite(value, parameter)
        guard value >= 0 else { throw .outOfRange(parameter: parameter, value: value, allowed: "0 or greater") }
        return value
    }
}
