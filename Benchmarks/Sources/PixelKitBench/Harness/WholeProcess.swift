import Foundation

/// Runs a whole program and waits for it (`posix_spawnp`, `waitpid`): methods that time a process
/// from its start to its exit (`vipsthumbnail`, the command line's start-up).
enum WholeProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `program` (a path, or a name looked up in `PATH`) with `arguments`, its standard output
    /// written to the file at `standardOutput`, standard error discarded. Throws unless it exits with 0.
    static func run(_ program: String, _ arguments: [String], standardOutput: String = "/dev/null") throws {
        let (status, _) = try runMeasured(program, arguments, standardOutput: standardOutput)
        guard status == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) failed (exit status \(status))")
        }
    }

    /// Runs `program` like ``run(_:_:standardOutput:)`` and returns its exit status (whatever it is)
    /// and its own peak resident set (`wait4`'s `ru_maxrss`: that process alone, not this one).
    /// Throws when it cannot be started or ends by a signal.
    static func runMeasured(_ program: String, _ arguments: [String], standardOutput: String = "/dev/null") throws -> (status: Int32, peakResidentBytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard started == 0 else {
            throw Failure(description: "\(program) could not be started: \(String(cString: strerror(started)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7f == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) ended by signal \(status & 0x7f)")
        }
        // Linux reports ru_maxrss in kilobytes, Darwin in bytes.
        #if os(Linux)
        let unit = 1024
        #else
        let unit = 1
        #endif
        return ((status >> 8) & 0xff, Int(usage.ru_maxrss) * unit)
    }

    /// Runs `program` once and returns the first line it printed.
    static func firstLine(of program: String, _ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-bench-\(UUID()).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        try run(program, arguments, standardOutput: output)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first.map(String.init) ?? ""
    }
}
