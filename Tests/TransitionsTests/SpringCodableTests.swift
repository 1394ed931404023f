import Foundation
import Testing
import Transitions

/// Springs encode with `JSONEncoder` under the field names of `pixelkit spring`.
@Suite struct SpringCodableTests {
    @Test func springsRoundTripWithTheCommandLinesFields() throws {
        let springs = [
            try DampedSpring(mass: 1, stiffness: 170, damping: 26),
            try DampedSpring(dampingRatio: 0.7, response: 0.35),
            try DampedSpring(duration: 0.5, bounce: 0.3, mass: 2.5),
        ]
        for spring in springs {
            let data = try JSONEncoder().encode(spring)
            #expect(try JSONDecoder().decode(DampedSpring.self, from: data) == spring)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(Set(object.keys) == ["mass", "stiffness", "damping", "dampingRatio", "response", "duration", "bounce"])
        }
        let invalid = #"{"mass":1,"stiffness":-5,"damping":1}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DampedSpring.self, from: Data(invalid.utf8)) }
    }
}
