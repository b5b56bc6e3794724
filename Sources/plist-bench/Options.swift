// Command-line options of plist-bench (kept dependency-free; the CLI proper uses ArgumentParser).

struct BenchOptions {
    var dataDirectory: String?
    var quick = false
    var only: String?

    static func parse<S: Sequence>(_ arguments: S) -> BenchOptions where S.Element == String {
        var options = BenchOptions()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--quick": options.quick = true
            case "--data": options.dataDirectory = iterator.next()
            case "--only": options.only = iterator.next()
            case "-h", "--help":
                print("usage: plist-bench [--data DIR] [--quick] [--only \(allSections.map(\.id).joined(separator: "|"))]")
                exitProcess(0)
            default:
                printError("plist-bench: unknown argument \(argument)")
                exitProcess(64)
            }
        }
        return options
    }
}
