import Foundation

/// Collects every figure, prints the tables and goals, and writes the JSON.
struct BenchReport {
    let machine: String
    let quick: Bool
    private var rows: [[String: Any]] = []
    private var goalRows: [[String: Any]] = []
    private var microRows: [[String: Any]] = []
    private var missedGoals: [String] = []

    init(machine: String, quick: Bool) {
        self.machine = machine
        self.quick = quick
    }

    mutating func add(job: String, input: BenchInput, methods: [BenchMethod], figures: [String: MethodFigures], goals: [GoalCheck]) {
        let seed = methods.first { $0.role == .seedBaseline }.flatMap { figures[$0.name] }
        let floor = methods.first { $0.role == .cFloor }.flatMap { figures[$0.name] }
        print("\(job) — \(input.label)  (\(input.path))")
        print(pad("method", 30) + lpad("median ms", 11) + lpad("min", 9) + lpad("max", 9) + lpad("cpu ms", 9) + lpad("peak MB", 9)
              + lpad("×seed", 8) + lpad("×floor", 8) + lpad("floor spread", 14) + "  result")
        for method in methods {
            guard let figure = figures[method.name] else { continue }
            let ratioSeed = seed.map { figure.ratio(to: $0) }
            let ratioFloor = floor.map { figure.ratio(to: $0) }
            print(pad(method.name, 30) + lpad(f(figure.stats.median / 1e6, 2), 11) + lpad(f(figure.stats.minimum / 1e6, 2), 9)
                  + lpad(f(figure.stats.maximum / 1e6, 2), 9) + lpad(figure.stats.cpuMedian.isFinite ? f(figure.stats.cpuMedian / 1e6, 2) : "-", 9)
                  + lpad(f(Double(figure.peakAboveIdle) / 1e6, 1), 9)
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
            print("  goal \(goal.met ? "MET   " : "MISSED"): \(goal.text) — measured \(goal.measured)")
            goalRows.append(["job": job, "input": input.label, "goal": goal.text, "met": goal.met, "measured": goal.measured])
            if !goal.met { missedGoals.append("\(input.label): \(goal.text) (measured \(goal.measured))") }
        }
        print("")
    }

    mutating func add(micro results: [MicroResult]) {
        guard let job = results.first?.job else { return }
        print("\(job) — in-process")
        for result in results {
            var line = pad(result.name, 44) + lpad(f(result.stats.median, 1), 12) + " " + result.unit
            if let goal = result.goal {
                line += "   goal \(goal): " + ((result.goalMet ?? false) ? "MET" : "MISSED")
                if result.goalMet == false { missedGoals.append("\(job): \(result.name) \(goal) (measured \(f(result.stats.median, 1)) \(result.unit))") }
            }
            print(line)
            for note in result.notes { print("    \(note)") }
            var row: [String: Any] = ["job": job, "name": result.name, "median": result.stats.median,
                                      "min": result.stats.minimum, "max": result.stats.maximum, "unit": result.unit, "notes": result.notes]
            if let goal = result.goal { row["goal"] = goal; row["met"] = result.goalMet ?? false }
            microRows.append(row)
        }
        print("")
    }

    func printSummary() {
        if missedGoals.isEmpty {
            print("All goals met on this machine.")
        } else {
            print("Goals missed on this machine (\(missedGoals.count)):")
            for goal in missedGoals { print("  - \(goal)") }
        }
    }

    func writeJSON(to path: String) throws {
        let document: [String: Any] = ["machine": machine, "quick": quick, "rows": rows, "goals": goalRows, "micro": microRows]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
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
