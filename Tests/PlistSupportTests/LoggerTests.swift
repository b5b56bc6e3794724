import PlistSupport
import PlistTestSupport
import Testing

@Suite struct LoggerTests {
    @Test func levelsAndSinks() throws {
        let lines = Locked<[String]>([])
        let logger = Logger(
            label: "lsp", minimumLevel: .info,
            sinks: [
                ClosureLogSink { level, label, message in
                    lines.withLock { $0.append("\(level) \(label) \(message)") }
                }
            ])
        logger.debug("hidden")
        logger.info("shown")
        logger.error("bad")
        #expect(lines.withLock { $0 } == ["info lsp shown", "error lsp bad"])
        #expect(Logger.Level(name: "WARN") == .warning)
    }

    @Test func standardErrorSinkWritesLines() throws {
        let output = try makePipe()
        let sink = StandardErrorLogSink(fileDescriptor: output.write)
        Logger(label: "t", sinks: [sink]).warning("careful")
        closeDescriptor(output.write)
        #expect(String(decoding: readToEnd(output.read), as: UTF8.self) == "[warning] t: careful\n")
    }
}
