// App links: evaluating one URL against a 128 KiB apple-app-site-association file, compiled
// once (docs/APP-LINKS.md). The file has the shapes real ones have: sections by first path
// segment with exclusions and query items, case-insensitive and decoded rules, substitution
// variables, and a few rules without a literal first segment, which every URL reads.
import Switchyard

enum LinksSuite {
    /// About 128 KiB of components for two apps, and how many components it has.
    static func document() -> (String, Int) {
        var comps: [String] = []
        var size = 0
        var i = 0
        while size < 126 * 1024 {
            defer { size += (comps.last?.utf8.count ?? 0) + 2 }
            switch i % 8 {
            case 0: comps.append("{\"/\": \"/shop\(i)/private/*\", \"exclude\": true, \"comment\": \"no private pages of shop \(i)\"}")
            case 1: comps.append("{\"/\": \"/shop\(i - 1)/*\", \"?\": {\"ref\": \"?*\"}, \"comment\": \"campaign links of shop \(i - 1)\"}")
            case 2: comps.append("{\"/\": \"/Help\(i)/*\", \"caseSensitive\": false}")
            case 3: comps.append("{\"/\": \"/caf\u{E9}\(i)/*\", \"percentEncoded\": false}")
            case 4: comps.append("{\"/\": \"/$(lang)_$(region)/menu\(i)/*\"}")
            case 5: comps.append("{\"/\": \"/item\(i)/$(digit)$(digit)*\", \"#\": \"*\"}")
            case 6: comps.append("{\"/\": \"/article\(i)\", \"?\": \"id=????\"}")
            default: comps.append("{\"/\": \"/news\(i)/*/comments\"}")
            }
            i += 1
        }
        let general = "{\"#\": \"no_app\", \"exclude\": true}, {\"/\": \"*.pdf\", \"exclude\": true}"
        let text = """
            {"applinks": {"substitutionVariables": {"food": ["pizza", "sushi"]},
             "details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.lite"],
                          "components": [\(general),
            \(comps.joined(separator: ",\n"))]}]}}
            """
        return (text, comps.count + 2)
    }

    /// URLs that hit rules early, late and in the middle, misses and exclusions.
    static func urls(ruleCount: Int) -> [String] {
        var out: [String] = []
        for k in stride(from: 1, to: ruleCount, by: max(1, ruleCount / 25)) {
            let shop = k - (k % 8)
            out.append("https://www.example.com/shop\(shop)/items/42?ref=mail")
            out.append("https://www.example.com/shop\(shop)/private/orders")
            out.append("https://www.example.com/item\(shop + 5)/73x#reviews")
            out.append("https://www.example.com/en_GB/menu\(shop + 4)/today")
        }
        out += ["https://www.example.com/nothing/here", "https://www.example.com/docs/a.pdf",
                "https://www.example.com/", "https://www.example.com/HELP10/faq"]
        return out
    }

    static func run(budgetNs: UInt64, log: (String) -> Void) -> [ResultRow] {
        let (doc, ruleCount) = document()
        var compileNs: [Double] = []
        var compiled: AASA?
        for _ in 0..<7 {
            let t0 = nowNs()
            compiled = try? AASA(json: doc)
            compileNs.append(Double(nowNs() - t0))
        }
        guard let aasa = compiled else {
            log("links: the AASA document did not compile")
            return []
        }
        let list = urls(ruleCount: ruleCount)
        var mismatches = 0
        for url in list where (try? aasa.evaluate(host: "www.example.com", url: url)) == nil {
            mismatches += 1
        }
        let stats = measure(lookups: list.count, budgetNs: budgetNs) {
            var decided = 0
            for url in list { decided &+= (try? aasa.decisions(host: "www.example.com", url: url).count) ?? 0 }
            return decided
        }
        compileNs.sort()
        let size = doc.utf8.count
        return [
            ResultRow(suite: "links-aasa-128k", router: "switchyard", stats: stats, routes: size, requests: list.count,
                      mismatches: mismatches,
                      note: "AASA.decisions(host:url:) on a compiled \(size)-byte file; routes is the file's size in bytes"),
            ResultRow(suite: "links-aasa-128k-compile", router: "switchyard",
                      stats: Stats(medianNs: compileNs[compileNs.count / 2], p99Ns: compileNs[compileNs.count - 1],
                                   samples: compileNs.count, allocsPerLookup: .nan),
                      routes: size, requests: 1, mismatches: 0,
                      note: "AASA(json:) of the same file: ns_per_lookup is one whole compile (median of 7)"),
        ]
    }
}
