/// Literal segments and name lists shared among the routes compiled in one batch. Routes
/// repeat the same words (`/api/...`, `/users/...`) and parameter names, and each repeat held
/// as an array of its own costs a heap block for as long as its route lives. Keyed with
/// `Hasher` (seeded per process), so patterns cannot be chosen to make its lookups collide.
final class LiteralPool {
    private struct Bytes: Hashable {
        let bytes: [UInt8]
        static func == (a: Bytes, b: Bytes) -> Bool { a.bytes == b.bytes }
        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
    private var literals: Set<Bytes> = []
    private var nameLists: Set<[String]> = []

    /// `bytes`, or an equal array given before.
    func shared(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.isEmpty { return bytes }
        return literals.insert(Bytes(bytes: bytes)).memberAfterInsert.bytes
    }

    /// `names`, or an equal list given before.
    func shared(_ names: [String]) -> [String] {
        if names.isEmpty { return names }
        return nameLists.insert(names).memberAfterInsert
    }
}
