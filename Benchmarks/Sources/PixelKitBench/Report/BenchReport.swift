import Foundation

/// One input's headline: PixelKit's main method of a job against the approach it replaces (the
/// seed) and against the C floor, with the fastest method of all.
struct Headline: Sendable {
    var job: String
    var input: String
    var method: String
    /// The method's median time, in nanoseconds.
    var median: Double
    /// The seed's time over the method's (round by round, median): how many times faster.
    var speedupOverSeed: Double?
    /// The method's time over the C floor's (round by round, median): 1.2 = 20 % above the floor.
    var ratioToFloor: Double?
    var fastest: String
}

/// Collects every figure as the jobs finish; prints, at the end, a first screen a newcomer reads
/// (what was compared, on what, who won by how much, whether the missed goals matter) and then the
/// full report (every method, every input, every goal); writes the JSON and an SVG plot beside it.
struct BenchReport {
    let machine: String
    let quick: Bool
    let rounds: Int
    /// The 1-minute load average before the run: other work on the machine competes for its cores.
    let loadAtStart: Double?
    private var rows: [[String: Any]] = []
    private var goalRows: [[String: Any]] = []
    private var microRows: [[String: Any]] = []
    private var details: [String] = []
    private var headlines: [Headline] = []
    private var goals: [(where: String, check: GoalCheck)] = []
    /// What each job's seed and C floor are, in the job's own words.
    private var terms: [String] = []

    init(machine: String, quick: Bool, rounds: Int) {
        self.machine = machine
        self.quick = quick
        self.rounds = rounds
        loadAtStart = Self.loadAverage()
    }

    /// Adds one job's figures on one input; returns the line of progress to show at once.
    mutating func add(job: String, input: BenchInput, methods: [BenchMethod], figures: [String: MethodFigures], goals: [GoalCheck]) -> String {
        let seedMethod = methods.first { $0.role == .seedBaseline }
        let floorMethod = methods.first { $0.role == .cFloor }
        let seed = seedMethod.flatMap { figures[$0.name] }
        let floor = floorMethod.flatMap { figures[$0.name] }
        for (role, method) in [("seed", seedMethod), ("C floor", floorMethod)] {
            if let method, !terms.contains(where: { $0.hasPrefix("\(job) \(role):") }) { terms.append("\(job) \(role): \(method.summary)") }
        }
        details.append("\(job) — \(input.label)  (\(input.path))")
        details.append(pad("method", 30) + lpad("median", 10) + lpad("min", 10) + lpad("max", 10) + lpad("cpu", 10) + lpad("peak", 10)
                       + lpad("×seed", 8) + lpad("×floor", 8) + lpad("floor spread", 14) + "  result")
        for method in methods {
            guard let figure = figures[method.name] else {
                details.append(pad(method.name, 30) + "  (not run: see the progress above)")
                continue
            }
            let ratioSeed = seed.map { figure.ratio(to: $0) }
            let ratioFloor = floor.map { figure.ratio(to: $0) }
            details.append(pad(method.name, 30) + lpad(HumanUnits.duration(nanoseconds: figure.stats.median), 10)
                           + lpad(HumanUnits.duration(nanoseconds: figure.stats.minimum), 10) + lpad(HumanUnits.duration(nanoseconds: figure.stats.maximum), 10)
                           + lpad(HumanUnits.duration(nanoseconds: figure.stats.cpuMedian), 10) + lpad(HumanUnits.bytes(figure.peakAboveIdle), 10)
                           + lpad(ratioSeed.map { f($0.median, 3) } ?? "-", 8) + lpad(ratioFloor.map { f($0.median, 2) } ?? "-", 8)
                           + lpad(ratioFloor.map { f($0.minimum, 2) + "–" + f($0.maximum, 2) } ?? "-", 14) + "  " + figure.result)
            var row: [String: Any] = [
                "job": job, "input": input.label, "input_path": input.path, "method": method.name,
                "median_ms": figure.stats.median / 1e6, "min_ms": figure.stats.minimum / 1e6, "max_ms": figure.stats.maximum / 1e6,
                "peak_rss_bytes": figure.peakRSS, "peak_above_idle_bytes": figure.peakAboveIdle, "result": figure.result,
            ]
            if figure.stats.cpuMedian.isFinite { row["cpu_median_ms"] = figure.stats.cpuMedian / 1e6 }
            if let rgba = parseNumbers(figure.result) { row["rgba"] = rgba }
            if let ratioSeed {
                row["ratio_vs_seed"] = ratioSeed.median
                row["ratio_vs_seed_min"] = ratioSeed.minimum
                row["ratio_vs_seed_max"] = ratioSeed.maximum
            }
            if let ratioFloor {
                row["ratio_vs_floor"] = ratioFloor.median
                row["ratio_vs_floor_min"] = ratioFloor.minimum
                row["ratio_vs_floor_max"] = ratioFloor.maximum
            }
            rows.append(row)
        }
        for goal in goals {
            details.append("  goal \(goal.met ? "met   " : "MISSED"): \(goal.text) — measured \(goal.measured)")
            goalRows.append(["job": job, "input": input.label, "goal": goal.text, "met": goal.met, "measured": goal.measured])
            self.goals.append(("\(job), \(input.label)", goal))
        }
        details.append("")

        let fastest = figures.values.min { $0.stats.median < $1.stats.median }?.method ?? "-"
        // The job's main PixelKit method: the first one listed under PixelKit's name.
        guard let main = methods.first(where: { $0.role == .candidate && $0.name.hasPrefix("pixelkit") }).flatMap({ figures[$0.name] }),
              seed != nil || floor != nil else {
            return "\(job) on \(input.label): fastest \(fastest)"
        }
        let headline = Headline(
            job: job, input: input.label, method: main.method, median: main.stats.median,
            speedupOverSeed: seed.map { 1 / main.ratio(to: $0).median }, ratioToFloor: floor.map { main.ratio(to: $0).median },
            fastest: fastest)
        headlines.append(headline)
        return "\(job) on \(input.label): \(main.method) \(HumanUnits.duration(nanoseconds: main.stats.median))"
            + (headline.speedupOverSeed.map { ", " + HumanUnits.significant($0) + "× faster than the seed" } ?? "")
            + (headline.ratioToFloor.map { ", " + HumanUnits.significant($0) + "× the C floor's time" } ?? "")
    }

    /// Adds one in-process job's figures; returns the line of progress to show at once.
    mutating func add(micro results: [MicroResult]) -> String {
        guard let job = results.first?.job else { return "" }
        details.append("\(job) — in-process")
        for result in results {
            var line = pad(result.name, 52) + lpad(HumanUnits.perOperation(result.stats.median, unit: result.unit), 24)
            if let goal = result.goal {
                let met = result.goalMet ?? false
                line += "   goal \(goal): " + (met ? "met" : "MISSED")
                goals.append((job, GoalCheck(text: "\(result.name) \(goal)", met: met, measured: HumanUnits.perOperation(result.stats.median, unit: result.unit))))
            }
            details.append(line)
            for note in result.notes { details.append("    \(note)") }
            var row: [String: Any] = ["job": job, "name": result.name, "median": result.stats.median,
                                      "min": result.stats.minimum, "max": result.stats.maximum, "unit": result.unit, "notes": result.notes]
            if let goal = result.goal { row["goal"] = goal; row["met"] = result.goalMet ?? false }
            microRows.append(row)
        }
        details.append("")
        return "\(job): \(results.count) figure(s)"
    }

    /// The first screen (at most 40 lines), then the full report.
    func printReport(elapsedSeconds: Double, plotPath: String?) {
        for line in firstScreen(elapsedSeconds: elapsedSeconds, plotPath: plotPath) { print(line) }
        print("")
        print("==== Full report: every method on every input (median, min, max over rounds; cpu = CPU time; peak = memory above the idle process) ====")
        print("")
        for line in details { print(line) }
    }

    /// What a newcomer reads first: what was compared, on what, who won by how much, whether the
    /// missed goals matter, how long the run took.
    func firstScreen(elapsedSeconds: Double, plotPath: String?) -> [String] {
        var lines = [
            "PixelKit benchmark — \(quick ? "quick run" : "full run"), \(rounds) rounds, took \(HumanUnits.span(seconds: elapsedSeconds))",
            "Machine: \(machine); load average \(loadAtStart.map { f($0, 2) } ?? "?") before the run, \(Self.loadAverage().map { f($0, 2) } ?? "?") after.",
            "Compared: each PixelKit method against the approach it replaces (the \"seed\": how the project first did it)",
            "and against the C floor (the same C libraries driven directly from C: the least the work can cost).",
        ]
        lines += terms.prefix(4).map { "  " + String($0.prefix(118)) }
        let shown = headlines.prefix(14)
        if !shown.isEmpty {
            lines.append("")
            lines.append("Who won (median over rounds; each ratio is taken within a round, so machine drift cancels;")
            lines.append("\"C floor ×\" is the method's time over the C floor's: 1.10 = 10 % slower than C, 0.50 = twice as fast):")
            lines.append("  " + pad("job / input", 44) + pad("PixelKit method", 20) + lpad("time", 9) + lpad("vs seed", 15) + lpad("C floor ×", 11) + "  fastest of all")
            for headline in shown {
                lines.append("  " + pad(String((headline.job + " / " + headline.input).prefix(43)), 44) + pad(String(headline.method.prefix(19)), 20)
                             + lpad(HumanUnits.duration(nanoseconds: headline.median), 9)
                             + lpad(headline.speedupOverSeed.map { HumanUnits.significant($0) + "× faster" } ?? "-", 15)
                             + lpad(headline.ratioToFloor.map { HumanUnits.significant($0) } ?? "-", 11)
                             + "  " + (headline.fastest == headline.method ? "this one" : headline.fastest))
            }
            if headlines.count > shown.count { lines.append("  (\(headlines.count - shown.count) more inputs in the full report)") }
        }
        let missed = goals.filter { !$0.check.met }
        let memoryMissed = missed.filter { Self.isMemoryGoal($0.check.text) }
        lines.append("")
        lines.append("Goals: \(goals.count - missed.count) met, \(missed.count) missed (\(memoryMissed.count) of them on memory). The exit status does not depend on them.")
        if !missed.isEmpty {
            let busy = (loadAtStart ?? 0) >= 0.5
            lines.append(busy
                ? "  Time goals were set for an idle machine; this one was busy before the run started (load \(loadAtStart.map { f($0, 2) } ?? "?")), so time misses are expected and say little."
                : "  The machine was idle before the run: a time miss here is worth a look (run again to rule out noise).")
            lines.append(memoryMissed.isEmpty
                ? "  No memory goal was missed (memory does not depend on load)."
                : "  Memory does not depend on load: each memory miss is a real regression.")
            for goal in missed.prefix(6) { lines.append("  missed: " + String("\(goal.where): \(goal.check.text) (measured \(goal.check.measured))".prefix(110))) }
            if missed.count > 6 { lines.append("  (\(missed.count - 6) more in the full report, marked MISSED)") }
        }
        lines.append("")
        lines.append(plotPath.map { "Plot of the headline ratios: \($0). The full report follows." } ?? "The full report follows (--json FILE also writes every figure, and an SVG plot beside it).")
        return Array(lines.prefix(40))
    }

    /// Writes every figure as JSON to `path`, and the headline plot beside it (`plotPath(forJSON:)`).
    func writeJSON(to path: String) throws {
        let document: [String: Any] = ["machine": machine, "quick": quick, "rows": rows, "goals": goalRows, "micro": microRows]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
        let plot = HeadlinePlot.svg(headlines, title: "PixelKit benchmark — \(machine)")
        try Data(plot.utf8).write(to: URL(fileURLWithPath: Self.plotPath(forJSON: path)))
    }

    /// The SVG plot's path beside the JSON: `out.json` → `out.svg`.
    static func plotPath(forJSON path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".svg"
    }

    private static func isMemoryGoal(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.contains("memory") || lowered.contains("peak") || lowered.contains(" mb")
    }

    /// The 1-minute load average (`/proc/loadavg`), where the system has one.
    private static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    private func parseNumbers(_ text: String) -> [Double]? {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        let values = text.dropFirst().dropLast().split(separator: ",").compactMap { Double($0) }
        return values.isEmpty ? nil : values
    }

    private func f(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
    private func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count) }
    private func lpad(_ text: String, _ width: Int) -> String { text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text }
}
