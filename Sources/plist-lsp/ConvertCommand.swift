// `plist-lsp convert`: rewrite property lists as XML, binary (bplist00) or JSON, with plutil's
// format names: in place (each file atomically, all or nothing), to another file, or to stdout.
import ArgumentParser
import PlistFormats
import PlistSupport

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert property lists between XML, binary and JSON.",
        discussion: """
            Reads XML (UTF-8 or UTF-16), binary (bplist00) and JSON property lists, whichever a \
            file is, and writes it in the format --to names, as plutil -convert does: xml1 as plutil \
            writes XML (UIDs as <dict><key>CF$UID</key><integer>N</integer></dict>, dictionary \
            entries in their order), binary1 as Core Foundation writes bplist00, json compact. \
            Values are kept exactly; an XML comment or #if line is not a value and is not kept (a \
            preprocessed plist is refused).

            Each file is rewritten in place atomically, unless -o names another file (one input) \
            or - for standard output. FILE - reads standard input. A file that cannot be converted \
            is left untouched and the reason printed: JSON has no date, data or UID, XML no null \
            or set, and the key path of the first such value is named. A binary plist whose shared \
            objects expand past 256 MB of XML, or that holds a date that is no date, is refused. \
            See docs/features.md#binary-and-json-property-lists.

            Exit status: 0 converted, 2 a file could not be read, converted or written (or usage error).
            """)

    @Option(help: ArgumentHelp("The format to write: xml1, binary1 or json.", valueName: "format"))
    var to: String

    @Option(
        name: .customShort("o"), help: ArgumentHelp("Write to this file instead (one input), or - for standard output.", valueName: "path"))
    var output: String?

    @Argument(help: "Files to convert (- for standard input).")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file") }
        if PropertyListFormat(rawValue: to) == nil { throw ValidationError("--to takes xml1, binary1 or json, not '\(to)'") }
        if output != nil && files.count > 1 { throw ValidationError("-o takes one input file") }
        if files.filter({ $0 == "-" }).count > 0 && output == nil { throw ValidationError("standard input (-) needs -o") }
    }

    func run() throws {
        let format = PropertyListFormat(rawValue: to)!
        var failed = false
        for file in files {
            let shown = file == "-" ? "(standard input)" : TerminalText.escaped(file)
            var input: [UInt8]
            var snapshot: FileSnapshot?
            do {
                if file == "-" {
                    input = try readStandardInput()
                } else {
                    let s = try AtomicFile.read(file)
                    // Rewritten in place, the file's bytes are kept to check it did not change
                    // meanwhile; written elsewhere, they are freed once read.
                    if output == nil { snapshot = s }
                    input = s.bytes
                }
            } catch {
                writeToStandardError("plist-lsp: \(shown): \(error)\n")
                failed = true
                continue
            }
            let converted: [UInt8]
            do {
                // A signed configuration profile: the plist it signs (docs/profiles.md), never in place.
                if SignedProfile.isSignedProfile(input) {
                    guard output != nil else {
                        writeToStandardError(
                            "plist-lsp: \(shown): not converted: a signed configuration profile; converting it in place would remove its signature (use -o FILE or -o -)\n"
                        )
                        failed = true
                        continue
                    }
                    input = try SignedProfile.content(of: input)
                }
                let from = PropertyListFormat.detect(input)
                converted = try format.converting(&input, from: from)
            } catch {
                writeToStandardError("plist-lsp: \(shown): not converted: \(TerminalText.escaped("\(error)"))\n")
                failed = true
                continue
            }
            do {
                switch output {
                case "-":
                    try converted.withUnsafeBytes { try writeAll(1, $0) }
                case let path?:
                    do {
                        try AtomicFile.create(converted, at: path)
                    } catch {
                        // The output is what could not be written: named, not the input.
                        writeToStandardError("plist-lsp: \(TerminalText.escaped(path)): not written (\(shown) converted): \(error)\n")
                        failed = true
                    }
                case nil:
                    if let snapshot, converted != snapshot.bytes { try AtomicFile.write(converted, over: snapshot, purpose: "converted") }
                }
            } catch {
                writeToStandardError("plist-lsp: \(shown): not converted: \(error)\n")
                failed = true
            }
        }
        if failed { throw ExitCode(2) }
    }

    private func readStandardInput() throws -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.WriteError(description: "cannot read standard input: \(errnoDescription(errno))")
            }
            if n == 0 { return out }
            out += buffer[..<n]
            if out.count > AtomicFile.maximumSize {
                throw AtomicFile.WriteError(description: "standard input is larger than \(AtomicFile.maximumSize >> 20) MB")
            }
        }
    }
}

extension AtomicFile {
    /// Writes `bytes` to `path`: over the file there (as `write(_:over:)` does, symbolic links
    /// followed, owner and mode kept), or as a new file (mode 0666 less the umask) renamed into
    /// place once it is complete.
    /// Errors describe the output file (`path`): a FIFO, a folder, a device there is refused
    /// without being opened.
    static func create(_ bytes: [UInt8], at path: String) throws {
        var info = stat()
        if stat(path, &info) == 0, let kind = fileKindIfNotRegular(mode: info.st_mode) {
            throw WriteError(description: "not a regular file (\(kind)); nothing written there")
        }
        if fileKindOnDisk(path) != .missing {
            let existing = try read(path)
            if existing.bytes != bytes { try write(bytes, over: existing, purpose: "converted") }
            return
        }
        let directory = PathName.directory(of: path)
        var template = Array(((directory.isEmpty ? "." : directory) + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        let fd = SignalCleanup.creatingTemporaryFile(&template)
        guard fd >= 0 else { throw WriteError(description: "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { SignalCleanup.removingTemporaryFile(temporary) } }
        let mask = umask(0)
        umask(mask)
        do {
            try bytes.withUnsafeBytes { try writeAll(fd, $0) }
        } catch let error as SystemCallError {
            close(fd)
            throw WriteError(description: "cannot write: \(errnoDescription(error.code))")
        }
        guard fchmod(fd, 0o666 & ~mask) == 0, fsync(fd) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw WriteError(description: "cannot flush the file: \(message)")
        }
        close(fd)
        // link(2) fails if a file appeared there meanwhile: never replace what another program made.
        guard link(temporary, path) == 0 else {
            throw WriteError(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        renamed = true
        SignalCleanup.removingTemporaryFile(temporary)
    }
}
