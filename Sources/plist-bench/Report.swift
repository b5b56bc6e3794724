// Output helpers: aligned Markdown tables (they paste into the README) and number formats.
import Foundation

/// A table printed as aligned Markdown.
struct Table {
    let header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }

    mutating func add(_ row: String...) { rows.append(row) }

    func print() {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
        }
        Swift.print(line(header))
        Swift.print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in rows { Swift.print(line(row)) }
    }
}

/// "0.123 ms", "12.3 ms", "1.23 s".
func formatTime(_ seconds: Double) -> String {
    if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.2f s", seconds)
}

/// Throughput in MB/s (10^6 bytes per second).
func formatThroughput(bytes: Int, seconds: Double) -> String {
    String(format: "%.0f", Double(bytes) / seconds / 1e6)
}

func formatRatio(_ ratio: Double) -> String { String(format: "%.2f×", ratio) }

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

func exitProcess(_ status: Int32) -> Never { exit(status) }
