/// Parses HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, and the
/// obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Seconds since 1970, or nil when `text` is not an HTTP date.
    static func parse(_ text: String) -> Double? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map { $0.lowercased() }
        var day: Int?, month: Int?, year: Int?, time: [Int]?
        for field in fields {
            if field.count == 3, let index = months.firstIndex(of: field) {
                month = index + 1
            } else if field.contains(":") {
                let parts = field.split(separator: ":").compactMap { Int($0) }
                guard parts.count == 3 else { return nil }
                time = parts
            } else if let number = Int(field) {
                if day == nil && field.count <= 2 {
                    day = number
                } else {
                    year = field.count == 2 ? (number < 70 ? 2000 + number : 1900 + number) : number
                }
            }
        }
        guard let day, let month, let year, let time, (1...31).contains(day), (0...23).contains(time[0]),
              (0...59).contains(time[1]), (0...60).contains(time[2]) else { return nil }
        return Double(daysFromCivil(year: year, month: month, day: day)) * 86_400 + Double(time[0] * 3600 + time[1] * 60 + time[2])
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
