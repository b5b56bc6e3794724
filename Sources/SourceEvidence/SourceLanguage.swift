// The languages the source scan reads, and which files are theirs.
/// The language of a source file, which decides how comments and literals are skipped.
public enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    case swift
    /// Objective-C and Objective-C++ (`.m`, `.mm`, `.h`).
    case objectiveC
    case c
    case cpp

    /// The language of a file from its name's extension, nil for other files.
    public init?(path: String) {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        switch path[path.index(after: dot)...] {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        case "c": self = .c
        case "cc", "cpp", "cxx", "hpp", "hh", "hxx": self = .cpp
        default: return nil
        }
    }

    /// The extensions of the files scanned.
    public static let pathExtensions = ["swift", "m", "mm", "h", "c", "cc", "cpp", "cxx", "hpp", "hh", "hxx"]
}
