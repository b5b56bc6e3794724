// Timing: warm-ups, then N timed runs summarised as median and p90.

/// Timings of one measured operation, in seconds.
struct Sample {
    let seconds: [Double]

    var median: Double { percentile(50) }
    var p90: Double { percentile(90) }

    /// Nearest-rank percentile.
    func percentile(_ p: Double) -> Double {
        let sorted = seconds.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }
}

/// Keeps results alive so the optimiser cannot drop the measured work.
nonisolated(unsafe) var benchSink = 0

/// Runs `body` `warmups` times untimed, then `iterations` times timed, each run separately.
func measure(warmups: Int, iterations: Int, _ body: () -> Int) -> Sample {
    for _ in 0..<warmups { benchSink &+= body() }
    let clock = ContinuousClock()
    var seconds: [Double] = []
    seconds.reserveCapacity(iterations)
    for _ in 0..<iterations {
        var result = 0
        let elapsed = clock.measure { result = body() }
        benchSink &+= result
        seconds.append(elapsed.seconds)
    }
    return Sample(seconds: seconds)
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
