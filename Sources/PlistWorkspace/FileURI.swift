// `file://` URIs ↔ paths, for documents the client names and source files the server reports.
import PlistAnalysis
import PlistSupport

/// Converts between `file://` URIs and file paths.
public enum FileURI {
    /// The path of a `file:` URI (`file:///a/b`, `file://localhost/a/b`), percent-decoded; nil
    /// for other schemes.
    public static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        return String(rest).removingPercentEncodingForFileName()
    }

    /// The `file://` URI of an absolute path.
    public static func uri(for path: String) -> String {
        "file://" + PathName.percentEncoded(path)
    }
}
