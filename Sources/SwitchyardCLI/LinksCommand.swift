// `switchyard links ...`: the app-link checks of docs/APP-LINKS.md on files: which app an
// AASA file or an Android app's filters open a URL in, generating both from a rule document,
// and cross-checking a rule document against the AASA file a site serves.
import ArgumentParser
import Switchyard

struct Links: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Universal Links and Android App Links: evaluate, generate and cross-check.",
        discussion: """
            aasa: which apps an apple-app-site-association file opens each URL in. android: \
            whether an Android app's intent filters (and the site's assetlinks.json) open each \
            URL. generate: the AASA file and the intent filters for a rule document's https \
            routes, with what each rule opens beyond its route. check: the routes an AASA file \
            does not let through to the app, and its rules that no route handles.

            Exit status: 0 fine; 1 findings (see each subcommand); 2 usage error, or input \
            that cannot be read or loaded.
            """,
        subcommands: [LinksAASA.self, LinksAndroid.self, LinksGenerate.self, LinksCheck.self])
}

/// A links input file as text: unreadable or not UTF-8 is a failure (exit status 2).
func readLinksFile(_ path: String, limit: Int = AASA.Options().maxDocumentSize) throws(ToolFailure) -> String {
    let bytes = try readFile(path, limit: limit)
    guard let text = validUTF8String(bytes) else {
        throw ToolFailure(message: "\(path): cannot read: the file is not valid UTF-8")
    }
    return text
}

/// Runs a library reader on a file's text; its error names the file (exit status 2).
func loadLinksFile<T>(_ path: String, _ read: (String) throws(SwitchyardError) -> T) throws(ToolFailure) -> T {
    let text = try readLinksFile(path)
    do {
        return try read(text)
    } catch {
        throw ToolFailure(message: "\(path): error: \(error.message)")
    }
}

/// The findings of a links file: text lines and JSON.
func linkFindingsText(_ file: String, _ findings: [LinkFinding], _ console: Console) -> String {
    findings.map { f in
        let sev = f.severity == .error ? console.styled("error", .red) : console.styled("warning", .yellow)
        return console.styled(file, .bold) + ": \(sev): \(f.message)\(nl)    " + console.styled("at \(f.path)", .dim) + "\(nl)"
    }.joined()
}

func linkFindingsJSON(_ findings: [LinkFinding]) -> JSONValue {
    .array(findings.map { f in
        .object([("severity", .string(f.severity.rawValue)), ("path", .string(f.path)), ("message", .string(f.message))])
    })
}

/// URLs from the command line, else from standard input (one per line; blank lines and
/// lines starting with # skipped).
func urlList(_ urls: [String], _ console: Console) -> [String] {
    urls.isEmpty
        ? console.readLines().map { $0.trimmingCharacters }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        : urls
}

func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
