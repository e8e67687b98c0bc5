import Testing
import SeatInput

@Suite struct KeyChordTests {
    @Test func parsesModifiersAndKeysym() {
        let chord = KeyChord(parsing: "ctrl+shift+z")
        #expect(chord == KeyChord("z", modifiers: [.ctrl, .shift]))
        #expect(chord?.description == "ctrl+shift+z")
    }

    @Test func upperCaseLettersAreTheSameKey() {
        #expect(KeyChord(parsing: "ctrl+Z") == KeyChord("z", modifiers: .ctrl))
        #expect(KeyChord(parsing: "Escape")?.keysym == "Escape")
    }

    @Test func rejectsUnknownModifiersAndEmptyNames() {
        #expect(KeyChord(parsing: "hyper+a") == nil)
        #expect(KeyChord(parsing: "ctrl+") == nil)
        #expect(KeyChord(parsing: "") == nil)
    }
}
