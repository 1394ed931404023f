import Foundation

/// An SVG bar chart of the headline ratios — how many times faster PixelKit's main method is than
/// the seed approach, and its time over the C floor's — on a logarithmic axis, one row per input.
enum HeadlinePlot {
    static func svg(_ headlines: [Headline], title: String) -> String {
        let rowHeight = 22.0, labelWidth = 300.0, plotWidth = 420.0, top = 56.0
        let height = top + Double(max(1, headlines.count)) * rowHeight + 40
        // Ratios from 1/4 to 64 on a log₂ axis; 1 (as fast) is the reference line.
        let low = 0.25, high = 64.0
        func x(_ ratio: Double) -> Double {
            let clamped = min(max(ratio, low), high)
            return labelWidth + (log2(clamped) - log2(low)) / (log2(high) - log2(low)) * plotWidth
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(labelWidth + plotWidth + 60))" height="\(Int(height))" \
            font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="10" y="20" font-size="14" font-weight="bold">\(escape(title))</text>
            <text x="10" y="38" fill="#555">blue: × faster than the seed approach; orange: × the C floor's time (lower is better; 1 = as fast)</text>

            """
        for tick in [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64] {
            svg += "<line x1=\"\(x(tick))\" y1=\"\(top - 6)\" x2=\"\(x(tick))\" y2=\"\(height - 30)\" stroke=\"\(tick == 1 ? "#000" : "#ddd")\"/>\n"
            svg += "<text x=\"\(x(tick))\" y=\"\(height - 14)\" text-anchor=\"middle\" fill=\"#555\">\(HumanUnits.significant(tick))×</text>\n"
        }
        for (index, headline) in headlines.enumerated() {
            let y = top + Double(index) * rowHeight
            svg += "<text x=\"10\" y=\"\(y + 14)\">\(escape(headline.job + " · " + headline.input))</text>\n"
            if let speedup = headline.speedupOverSeed {
                svg += bar(from: x(1), to: x(speedup), y: y + 2, height: 8, color: "#2f6fdf", label: HumanUnits.significant(speedup) + "×")
            }
            if let floor = headline.ratioToFloor {
                svg += bar(from: x(1), to: x(floor), y: y + 11, height: 8, color: "#e8872a", label: HumanUnits.significant(floor) + "×")
            }
        }
        return svg + "</svg>\n"
    }

    private static func bar(from start: Double, to end: Double, y: Double, height: Double, color: String, label: String) -> String {
        let left = min(start, end), width = max(1, abs(end - start))
        return "<rect x=\"\(left)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(color)\"><title>\(label)</title></rect>\n"
            + "<text x=\"\(max(start, end) + 4)\" y=\"\(y + height)\" font-size=\"10\" fill=\"#333\">\(label)</text>\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
