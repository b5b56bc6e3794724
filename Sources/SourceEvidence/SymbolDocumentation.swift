// Renders the symbol table for docs/source-evidence.md, so the page lists exactly what the scan
// looks for.

public enum SymbolDocumentation {
    /// A Markdown table: each need with the symbols that show it, written in the form they must take.
    public static func markdown(symbols: [PrivacySymbol] = PrivacySymbols.all) -> String {
        var byNeed: [PrivacyNeed: [String]] = [:]
        for symbol in symbols {
            for need in symbol.needs {
                let fallback = symbol.markers.isEmpty ? "" : " (otherwise)"
                byNeed[need, default: []].append(spelling(symbol) + fallback)
            }
            for marker in symbol.markers {
                for need in marker.needs { byNeed[need, default: []].append(spelling(symbol) + " with `\(marker.name)`") }
            }
        }
        var s = "| Needs | Count | Symbols |\n|---|---|---|\n"
        for need in byNeed.keys.sorted() {
            let list = byNeed[need]!
            s += "| `\(need.name)` (\(need.subject)) | \(list.count) | \(list.joined(separator: ", ")) |\n"
        }
        return s
    }

    /// `UserDefaults`, `FileAttributeKey.creationDate` or `.creationDate`, `stat(…)`.
    static func spelling(_ symbol: PrivacySymbol) -> String {
        switch symbol.form {
        case .name: return "`\(symbol.name)`"
        case .member(let types): return types.map { "`\($0).\(symbol.name)`" }.joined(separator: ", ") + " or `.\(symbol.name)`"
        case .qualified(let types): return types.map { "`\($0).\(symbol.name)`" }.joined(separator: ", ")
        case .call(let arguments): return "`\(symbol.name)(\(arguments ? "…" : ""))`"
        }
    }
}
