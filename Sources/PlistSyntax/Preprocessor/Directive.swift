// A preprocessor directive line of a preprocessed Info.plist, and a problem with one.

/// The word of a directive line.
public enum DirectiveKind: String, Sendable, Hashable {
    case `if`, ifdef, ifndef, elif, `else`, endif
    /// `#include`, `#define`, `#undef`, `#pragma`…: no effect on branches.
    case other

    /// Whether the directive opens a group (`#if`, `#ifdef`, `#ifndef`).
    public var opensGroup: Bool { self == .if || self == .ifdef || self == .ifndef }
}

/// One directive line of the document.
public struct Directive: Sendable, Hashable {
    public let kind: DirectiveKind
    /// The directive word as written (`ifdef`, `include`…).
    public let word: String
    /// The text after the word (the condition of `#if`/`#elif`, the name of `#ifdef`…), trimmed.
    public let argument: String
    /// The line from `#` to its end (newline excluded).
    public let range: Range<Int>
}

/// A directive problem: an `#endif` without `#if`, an `#if` never closed, an `#elif` after `#else`.
public struct DirectiveProblem: Sendable, Hashable {
    public let message: String
    public let range: Range<Int>
}
