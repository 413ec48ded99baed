/// Where a rule document's error is in its text (docs/ERRORS.md "Places in a document"). The
/// reader names a value by its JSON path; only when an error is reported is the text parsed
/// again and the path followed to the value, so a load that succeeds pays nothing for it.
/// Both readers (the own one and jansson's values) give the same path, hence the same place.

extension SwitchyardError {
    /// The error with `place` set from the document's text, when it names a JSON path and has
    /// no place yet: the value the path names (an unknown field's key; in the keyed shape, a
    /// pattern's key), its opening quote for a string, or, for an error with a `position`
    /// inside a pattern or redirect, that byte of the string (escapes before it counted as
    /// the bytes they stand for). A path that goes past what the text holds (a missing
    /// member) is placed at the deepest value that exists.
    package func placed(inDocument bytes: UnsafeRawBufferPointer) -> SwitchyardError {
        guard place == nil, let path = documentPath else { return self }
        let text = bytes.assumingMemoryBound(to: UInt8.self)
        let tape: JSONTape
        do throws(SwitchyardError) {
            tape = try JSONTape(parsing: text)
        } catch {
            return self
        }
        let offset = tape.offset(of: path, byteInString: position)
        var out = self
        out.place = Place(ofByte: offset, in: bytes)
        return out
    }
}

extension JSONTape {
    /// The byte where the value `path` names starts (see `SwitchyardError.placed`).
    func offset(of path: JSONPath, byteInString: Int?) -> Int {
        var value = 0
        var key: Int?
        walk: for step in path.steps {
            let node = nodes[value]
            var k = value + 1
            let end = Int(node.after)
            switch (step, node.kind) {
            case (.key(let name), .object):
                while k < end {
                    if string(nodes[k]) == name { key = k; value = k + 1; continue walk }
                    k = Int(nodes[k + 1].after)
                }
                break walk
            case (.index(let i), .array):
                var n = 0
                while k < end {
                    if n == i { key = nil; value = k; continue walk }
                    k = Int(nodes[k].after)
                    n += 1
                }
                break walk
            default:
                break walk
            }
        }
        let target = path.namesKey ? (key ?? value) : value
        let node = nodes[target]
        guard node.kind == .string else { return Int(node.start) }
        if let byte = byteInString, let at = rawOffset(inString: node, decodedByte: byte) { return at }
        return Int(node.start) - 1  // the opening quote
    }

    /// The text's byte that holds byte `decodedByte` of a string's value, or nil past its end.
    private func rawOffset(inString n: JSONNode, decodedByte: Int) -> Int? {
        guard decodedByte >= 0 else { return nil }
        var i = Int(n.start), k = 0
        let end = Int(n.end)
        while i < end {
            if k >= decodedByte { return i }
            var raw = 1, decoded = 1
            if text[i] == 0x5C, i + 1 < end {
                raw = 2
                if text[i + 1] == 0x75, i + 5 < end {  // \uXXXX (a high surrogate with its low one)
                    let v = hexScalar(i + 2)
                    if v >= 0xD800, v < 0xDC00 { raw = 12; decoded = 4 }
                    else { raw = 6; decoded = v < 0x80 ? 1 : v < 0x800 ? 2 : 3 }
                }
            }
            i += raw
            k += decoded
        }
        return k >= decodedByte ? end : nil
    }

    private func hexScalar(_ at: Int) -> UInt32 {
        var v: UInt32 = 0
        for j in at..<(at + 4) { v = v << 4 | UInt32(hexValue(text[j]) ?? 0) }
        return v
    }
}

extension SwitchyardError.Place {
    /// The place of byte `offset` of a document's text, counted as a rule error's place is
    /// (the C entry point sy_text_place).
    /// A byte inside a multi-byte character is in that character's column.
    package init(ofByte offset: Int, in text: UnsafeRawBufferPointer) {
        let bytes = text.assumingMemoryBound(to: UInt8.self)
        let (line, characters) = linePlace(bytes, at: offset)
        let inside = offset >= 0 && offset < bytes.count && bytes[offset] & 0xC0 == 0x80
        self.init(line: line, column: inside ? max(characters, 1) : characters + 1, offset: offset)
    }
}

/// The line (from 1) of byte `offset` of `text`, and the number of characters before it on
/// that line (UTF-8 continuation bytes do not count; a CR does): jansson's way of counting.
func linePlace(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> (line: Int, characters: Int) {
    let at = min(max(offset, 0), text.count)
    var line = 1, characters = 0
    for b in UnsafeBufferPointer(rebasing: text[..<at]) {
        if b == 0x0A { line += 1; characters = 0 } else if b & 0xC0 != 0x80 { characters += 1 }
    }
    return (line, characters)
}
