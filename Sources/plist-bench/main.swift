// plist-bench: prints parser (and, later, server) benchmark figures on generated plists.
// Usage: swift run -c release plist-bench [--data DIR] [--quick] [--only SECTION]
// Figures only: nothing here asserts a time.
import XMLReference

let options = BenchOptions.parse(CommandLine.arguments.dropFirst())
let data = BenchData(directory: options.dataDirectory)
do {
    try data.prepare()
} catch {
    printError("plist-bench: \(error)")
    exitProcess(2)
}

print("plist-bench — \(options.quick ? "quick" : "full") run, data in \(data.directory)")
print("libxml2 \(XMLReference.libraryVersion) (SAX2, counting callbacks only)\n")
let context = BenchContext(data: data, quick: options.quick)
for section in allSections where options.only.map({ section.id == $0 }) ?? true {
    print("## \(section.title)\n")
    section.run(context)
    print("")
}
