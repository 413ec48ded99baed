/// Which ASCII bytes a pattern holds, found in one pass. The compiler's scans for rarer
/// bytes (control characters, '(' of a group, '\\', the '?' of a query contract) are run
/// only when the pattern has such a byte: most patterns have none, and each scan read the
/// whole text again.
struct PatternByteSet {
    /// Bit b of `low` is byte b (0 to 63), bit b of `high` byte 64 + b (64 to 127).
    private var low: UInt64 = 0, high: UInt64 = 0
    /// Whether a byte of 0x80 or more occurs.
    private(set) var hasNonASCII = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // One bit per byte value in four words, each byte setting its bit in the word its top
        // two bits name: a few instructions a byte, where a loop the compiler vectorises
        // (the two halves kept in registers) emulates its variable shifts at several times that.
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            let w = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt64.self)
            for b in bytes { w[Int(b &>> 6)] |= 1 &<< UInt64(b & 63) }
        }
        low = words.0
        high = words.1
        hasNonASCII = words.2 | words.3 != 0
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { PatternByteSet($0) }
    }

    /// Whether the ASCII byte `b` occurs (false for bytes of 0x80 or more).
    func contains(_ b: UInt8) -> Bool {
        if b < 64 { return low & (1 &<< UInt64(b)) != 0 }
        if b < 128 { return high & (1 &<< UInt64(b &- 64)) != 0 }
        return false
    }

    /// Whether a control character (below 0x20, or DEL) occurs.
    var hasControl: Bool { low & 0xFFFF_FFFF != 0 || contains(0x7F) }

    /// Whether `groupPieces` can find anything but one run: a group's '(' or ')', a '?' or
    /// '#' it refuses, or a '<' whose text it skips.
    var mayHoldGroups: Bool {
        contains(0x28) || contains(0x29) || contains(0x3F) || contains(0x23) || contains(0x3C)
    }
}
