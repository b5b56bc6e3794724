// Trimming on the standard library: the plist-lsp binary links FoundationEssentials only (full
// Foundation, whose trimmingCharacters(in:) this replaces, brings ICU, ~30 MB).

extension StringProtocol {
    /// The text without leading and trailing white space: Unicode `White_Space` (spaces, tabs and
    /// line breaks), as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`.
    func trimmingWhiteSpace() -> String {
        trimming { $0.properties.isWhitespace }
    }

    /// The text without leading and trailing tabs and space separators (no line breaks), as
    /// Foundation's `trimmingCharacters(in: .whitespaces)`.
    func trimmingBlanks() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
