// The shipped binary must not load full Foundation: libFoundation.so brings
// FoundationInternationalization and ICU (~30 MB), which cost start-up time and memory (issue #4).
// Our modules import FoundationEssentials only; this catches a stray `import Foundation` (or a
// SwiftPM resource bundle, whose generated accessor imports it). On Linux the binary is one static
// executable (Package.swift, docs/contributing/performance.md): then it must carry none of full Foundation.
import Foundation
import PlistTestSupport
import Testing

@Suite struct BinaryLinkageTests {
    /// `ldd`, where the system has one (Linux).
    static let ldd = ["/usr/bin/ldd", "/bin/ldd"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: ldd != nil, "ldd is not available (not Linux): the linkage check needs it"))
    func linksFoundationEssentialsOnly() async throws { try await onOwnThread { try Self.linksFoundationEssentialsOnlyBody() } }

    static func linksFoundationEssentialsOnlyBody() throws {
        let binary = Binary.url.path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "plist-lsp is not built at \(binary)")
        let ldd = try Binary.run(executable: URL(fileURLWithPath: try #require(Self.ldd)), [binary])
        let listing = ldd.stdout
        // A static executable (Package.swift links one on Linux) has no libraries to list.
        let isStatic = (ldd.stdout + ldd.stderr).contains("not a dynamic executable")
        try #require(ldd.status == 0 || isStatic, "ldd \(binary) failed")
        // Lines look like "\tlibFoundationEssentials.so => /path/libFoundationEssentials.so (0x…)".
        let libraries = listing.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        for forbidden in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!libraries.contains { $0.hasPrefix(forbidden) }, "plist-lsp links \(forbidden):\n\(listing)")
        }
        if libraries.contains(where: { $0.hasPrefix("libswiftCore.so") }) { return }
        // Linked in: the symbols name the modules they come from ("$s10Foundation…" is the
        // mangling of module Foundation; full Foundation's code pulls FoundationInternationalization).
        let contents = try Data(contentsOf: Binary.url)
        #expect(
            contents.range(of: Data("$s20FoundationEssentials".utf8)) != nil,
            "plist-lsp neither links libswiftCore.so nor carries FoundationEssentials; unexpected ldd output:\n\(listing)")
        for forbidden in ["$s10Foundation", "FoundationInternationalization"] {
            #expect(contents.range(of: Data(forbidden.utf8)) == nil, "plist-lsp carries \(forbidden) (full Foundation)")
        }
    }
}
