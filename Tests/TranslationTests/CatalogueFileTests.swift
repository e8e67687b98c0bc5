import Foundation
@testable import Localization
import PropertyBased
import Testing

/// The check of a translation's catalogue before glibc reads it (glibc trusts a catalogue's offsets): a catalogue
/// msgfmt wrote, either way round, is sound; one cut short anywhere, or with an offset or length changed to reach
/// past its end, is not; no bytes trap it.
@Suite struct CatalogueFileTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/catalogue")

    static func seed(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: seeds.appendingPathComponent(name)))
    }

    @Test func msgfmtsCataloguesAreSound() throws {
        #expect(CatalogueFile.isSound(try Self.seed("little.mo")))
        #expect(CatalogueFile.isSound(try Self.seed("big.mo")))
    }

    @Test func aCatalogueCutShortAnywhereIsNot() throws {
        let whole = try Self.seed("little.mo")
        for length in 0..<whole.count {
            #expect(!CatalogueFile.isSound(Array(whole.prefix(length))), "cut to \(length) bytes")
        }
    }

    /// Each string's length and offset, in both tables, pushed past the end of the file.
    @Test func aStringReachingPastTheEndIsNot() throws {
        let whole = try Self.seed("little.mo")
        func word(_ offset: Int) -> Int { Int(whole[offset]) | Int(whole[offset + 1]) << 8 | Int(whole[offset + 2]) << 16 }
        let count = word(8)
        for table in [word(12), word(16)] {
            for field in 0..<(2 * count) {
                var bytes = whole
                bytes[table + 4 * field + 2] = 0x7F
                #expect(!CatalogueFile.isSound(bytes), "field \(field) of the table at \(table)")
            }
        }
        var badHash = whole
        badHash[word(24)] = 0xFF
        #expect(!CatalogueFile.isSound(badHash))
    }

    /// Bytes changed anywhere never trap the check; changed only inside the strings' text (after the hash table,
    /// never a string's ending NUL, never to a NUL), the catalogue stays sound: only its words changed.
    @Test func anyBytesAreCheckedWithoutTrappingAndTextEditsStaySound() async throws {
        let whole = try Self.seed("little.mo")
        func word(_ offset: Int) -> Int { Int(whole[offset]) | Int(whole[offset + 1]) << 8 | Int(whole[offset + 2]) << 16 }
        let textStart = word(24) + 4 * word(20)
        let edits = Gen.int(in: 0...(whole.count - 1)).array(of: 1...6)
        await propertyCheck(count: 2000, input: edits, Gen.int(in: 1...255)) { positions, value in
            var bytes = whole
            for position in positions { bytes[position] = UInt8(value) }
            let sound = CatalogueFile.isSound(bytes)
            if positions.allSatisfy({ $0 >= textStart && whole[$0] != 0 }) {
                #expect(sound, "changed \(positions) to \(value)")
            }
        }
        // And the edits reach the text often enough for that to be tried: the text is most of the file.
        #expect(whole.count - textStart > whole.count / 2)
    }

    @Test func theFoldersOfALocaleAreGlibcs() {
        let names = CatalogueFile.folderNames(for: "fr_FR.UTF-8@euro")
        for name in ["fr_FR.UTF-8@euro", "fr_FR.utf8@euro", "fr_FR@euro", "fr_FR.UTF-8", "fr_FR.utf8", "fr_FR", "fr@euro", "fr"] {
            #expect(names.contains(name), "\(name) in \(names)")
        }
        #expect(CatalogueFile.folderNames(for: "pt_BR") == ["pt_BR", "pt"])
        #expect(CatalogueFile.candidates(domain: "d", directory: "/l", locale: "C", language: "fr").isEmpty)
        #expect(CatalogueFile.candidates(domain: "d", directory: "/l", locale: "C.UTF-8", language: "de:fr")
            == ["/l/de/LC_MESSAGES/d.mo", "/l/fr/LC_MESSAGES/d.mo"])
        #expect(CatalogueFile.candidates(domain: "d", directory: "/l", locale: "it_IT.UTF-8", language: "")
            .contains("/l/it/LC_MESSAGES/d.mo"))
    }
}
