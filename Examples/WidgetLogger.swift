// WidgetLogger: the seed post "Logging information from iOS Widgets", rebuilt on PixelKit's RotatingLog.
//
// An app and its widget extension append to ONE log file in their shared App Group container;
// the file is capped at 2 MiB by dropping its older half at a line boundary; the user sends it
// from the app. Here the "widget extension" is this same program started again with an argument,
// so two real processes share the file, as on iOS.
//
// Depends on: RotatingLog (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "RotatingLog", package: "PixelKit"),
import Foundation
import RotatingLog

/// Used from the app and from the widget extension alike.
enum WidgetLogger {
    /// On iOS: `FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")`.
    static let fileURL = FileManager.default.temporaryDirectory
        .appendingPathComponent("WidgetLoggerExample", isDirectory: true)
        .appendingPathComponent("widget.log")

    /// Created once per process (the file itself, and its folder, on the first record). Trim at 2 MiB is the default.
    static let file: LogFile? = try? LogFile(path: fileURL.path)

    /// `WidgetLogger.log("Called getTimeline")` writes
    /// `Nov 22, 09:05:03.042 [WidgetLogger.swift/getTimeline()/41]: Called getTimeline`.
    static func log(_ message: String, file: String = #fileID, function: String = #function, line: UInt = #line) {
        Self.file?.log(message, file: file, function: function, line: line)
    }
}

/// What the widget extension does when iOS asks it for a timeline.
func getTimeline(widget: String) {
    for entry in 1...3 {
        WidgetLogger.log("widget \(widget): timeline entry \(entry) ready")
    }
}

if CommandLine.arguments.dropFirst().first == "--widget-extension" {
    getTimeline(widget: CommandLine.arguments.dropFirst(2).first ?? "?")
    exit(0)
}

// The app.
try? FileManager.default.removeItem(at: WidgetLogger.fileURL)
WidgetLogger.log("App launched")

// Two widget extension processes write to the same file at the same time.
let widgets: [Process] = ["small", "large"].compactMap { size in
    let process = Process()
    process.executableURL = Bundle.main.executableURL
    process.arguments = ["--widget-extension", size]
    return (try? process.run()) != nil ? process : nil
}
for widget in widgets { widget.waitUntilExit() }
WidgetLogger.log("User tapped Send Logs")

// The app's "Logs" button: the whole log as text, or a file to hand to a share sheet / mail composer.
do {
    guard let log = WidgetLogger.file else { throw CocoaError(.fileWriteUnknown) }
    print(try log.text(), terminator: "")
    let attachment = try log.snapshot(into: FileManager.default.temporaryDirectory)
    print("\(try log.lastRecords(1000).count) records from the app and \(widgets.count) widget processes; share \(attachment.path)")
} catch {
    print("Could not read the log: \(error)")
}
