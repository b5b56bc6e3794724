// Timing: warm-ups, then N timed runs summarised as median and p90.
import PlistSupport

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
/// For sections that time one operation on its own (e.g. loading the key database).
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

/// Like `measure`, for two operations timed alternately (A, B, A, B, …), so that a change in
/// machine load during the run affects both equally and their ratio stays meaningful.
func measureAlternately(warmups: Int, iterations: Int, _ a: () -> Int, _ b: () -> Int) -> (Sample, Sample) {
    for _ in 0..<warmups {
        benchSink &+= a()
        benchSink &+= b()
    }
    let clock = ContinuousClock()
    var secondsA: [Double] = [], secondsB: [Double] = []
    secondsA.reserveCapacity(iterations)
    secondsB.reserveCapacity(iterations)
    for _ in 0..<iterations {
        var result = 0
        // Each side pays for the frees it left to the allocator (`consolidateFreedBlocks`), not
        // the other side's next allocation.
        secondsA.append(
            clock.measure {
                result = a(); consolidateFreedBlocks()
            }.seconds)
        benchSink &+= result
        secondsB.append(
            clock.measure {
                result = b(); consolidateFreedBlocks()
            }.seconds)
        benchSink &+= result
    }
    return (Sample(seconds: secondsA), Sample(seconds: secondsB))
}
