// TableMemory (Table/TableMemory.swift): regions around the huge-page size are mapped where
// they are large enough, hold every byte asked for, and keep what is written in them.
import Testing
@testable import Switchyard

@Suite("Table memory")
struct TableMemoryTests {
    static let huge = TableMemory.hugePageSize

    @Test("every byte of a region is writable and keeps its value, around the huge-page size",
          arguments: [1, 4095, 4096, 4097, huge - 1, huge, huge + 1, huge + 4096, 2 * huge + 12345, 5 * huge + 3])
    func everyByteHolds(byteCount: Int) {
        let memory = TableMemory(byteCount: byteCount)
        defer { memory.free() }
        #expect(UInt(bitPattern: memory.base) % 64 == 0, "a region starts on a cache line")
        #if os(Linux)
        #expect(memory.isMapped == (byteCount >= TableMemory.hugePageMinimum))
        if memory.isMapped {
            #expect(UInt(bitPattern: memory.base) % UInt(Self.huge) == 0, "a mapped region starts on a huge page")
        }
        #endif
        let bytes = memory.base.bindMemory(to: UInt8.self, capacity: byteCount)
        // Every 4 KiB page and the last byte: a mapping one page short would fault here.
        var at = 0
        while at < byteCount {
            bytes[at] = UInt8(truncatingIfNeeded: at / 4096 &+ 1)
            at += 4096
        }
        bytes[byteCount - 1] = 0xA5
        at = 0
        var same = true
        while at < byteCount - 1 {
            same = same && bytes[at] == UInt8(truncatingIfNeeded: at / 4096 &+ 1)
            at += 4096
        }
        #expect(same && bytes[byteCount - 1] == 0xA5)
    }

    @Test("huge pages can be declined, and a small region is never mapped")
    func choices() {
        let declined = TableMemory(byteCount: 3 * Self.huge, hugePages: false)
        #expect(!declined.isMapped)
        declined.free()
        let small = TableMemory(byteCount: Self.huge / 2, hugePages: true)
        #expect(!small.isMapped, "under one huge page there is nothing to advise: ordinary memory")
        small.free()
    }

    @Test("from `mapFrom` bytes a region is mapped on ordinary pages, and holds every byte",
          arguments: [4095, 4096, 65_536, 65_537, 3 * huge])
    func mappedOnOrdinaryPages(byteCount: Int) {
        let memory = TableMemory(byteCount: byteCount, hugePages: false, mapFrom: 65_536)
        defer { memory.free() }
        #if os(Linux)
        #expect(memory.isMapped == (byteCount >= 65_536))
        #endif
        #expect(UInt(bitPattern: memory.base) % 64 == 0, "a region starts on a cache line")
        let bytes = memory.base.bindMemory(to: UInt8.self, capacity: byteCount)
        for at in stride(from: 0, to: byteCount, by: 4096) { bytes[at] = 0x5A }
        bytes[byteCount - 1] = 0xA5
        #expect(stride(from: 0, to: byteCount - 1, by: 4096).allSatisfy { bytes[$0] == 0x5A } && bytes[byteCount - 1] == 0xA5)
    }
}
