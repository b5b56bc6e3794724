// The C library, re-exported: a file that needs `read(2)`, `stat` or `errno` imports PlistSupport
// and nothing else, instead of repeating the platform's `#if canImport(Glibc)` preamble.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
