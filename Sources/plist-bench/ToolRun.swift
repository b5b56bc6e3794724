// Running another program from a benchmark (a reference tool, or the plist-lsp binary as a whole
// process): to its end, output discarded, with what it cost.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a program: its exit status (as `wait4` reports it), wall time and the child's peak
/// resident memory in KiB (0 when unknown).
struct ToolRun {
    let status: Int32
    let seconds: Double
    let peakKiB: Int

    /// Runs `path` with `arguments` to its end, standard output and error discarded; nil when it
    /// cannot be started.
    static func run(_ path: String, _ arguments: [String]) -> ToolRun? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        do { try process.run() } catch { return nil }
        var status: Int32 = 0
        var usage = rusage()
        if wait4(process.processIdentifier, &status, 0, &usage) < 0 {
            // Foundation's Process reaped the child first (a race): the time and the exit code
            // stand (as `wait4` would have encoded a normal exit), the peak is unknown (0).
            process.waitUntilExit()
            return ToolRun(status: process.terminationStatus << 8, seconds: (clock.now - start).seconds, peakKiB: 0)
        }
        return ToolRun(status: status, seconds: (clock.now - start).seconds, peakKiB: Int(usage.ru_maxrss))
    }
}
