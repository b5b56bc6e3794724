// The shipped binary must not load full Foundation: libFoundation.so brings
// FoundationInternationalization and ICU (~30 MB), which cost start-up time and memory (issue #4).
// Our modules import FoundationEssentials only; this catches a stray `import Foundation` (or a
// SwiftPM resource bundle, whose generated accessor imports it).
import Foundation
import Testing

@Suite struct BinaryLinkageTests {
    /// `ldd`, where the system has one (Linux).
    static let ldd = ["/usr/bin/ldd", "/bin/ldd"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: ldd != nil, "ldd is not available (not Linux): the linkage check needs it"))
    func linksFoundationEssentialsOnly() throws {
        let binary = Binary.url.path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "plist-lsp is not built at \(binary)")
        let ldd = try Binary.run(executable: URL(fileURLWithPath: try #require(Self.ldd)), [binary])
        let listing = ldd.stdout
        try #require(ldd.status == 0, "ldd \(binary) failed")
        // Lines look like "\tlibFoundationEssentials.so => /path/libFoundationEssentials.so (0x…)".
        let libraries = listing.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        #expect(libraries.contains { $0.hasPrefix("libswiftCore.so") }, "unexpected ldd output:\n\(listing)")
        for forbidden in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!libraries.contains { $0.hasPrefix(forbidden) }, "plist-lsp links \(forbidden):\n\(listing)")
        }
    }
}
