/// An opaque sRGB colour used by the plot renderer.
struct PlotColor: Sendable, Hashable {
    var red: UInt8, green: UInt8, blue: UInt8

    static let background = PlotColor(red: 255, green: 255, blue: 255)
    static let grid = PlotColor(red: 226, green: 230, blue: 236)
    static let axis = PlotColor(red: 90, green: 96, blue: 110)
    static let reference = PlotColor(red: 170, green: 176, blue: 188)
    static let curve = PlotColor(red: 20, green: 110, blue: 230)
    static let handle = PlotColor(red: 240, green: 150, blue: 40)
    static let settling = PlotColor(red: 220, green: 40, blue: 60)
}
