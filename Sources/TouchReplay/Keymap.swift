// The keyboard's "us" keymap: the text sent as wl_keyboard.keymap, and keysym to keycode look-ups for key events.
import CShims
import CXKBCommon
import Glibc
import Localization
import SeatInput

/// An xkb keymap for the "us" layout, its text in a sealed memfd, and a modifier state for `wl_keyboard.modifiers`.
final class Keymap {
    /// A key to press: its evdev code (xkb keycode − 8), and whether shift must be held to reach the keysym.
    struct Key: Equatable {
        var evdevCode: UInt32
        var needsShift: Bool
    }

    /// The modifier masks `wl_keyboard.modifiers` carries.
    struct ModifierMasks: Equatable {
        var depressed: UInt32
        var latched: UInt32
        var locked: UInt32
        var group: UInt32
    }

    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// A read-only memfd holding the keymap text and its terminating NUL.
    let fileDescriptor: Int32
    /// The keymap text's size including the NUL.
    let size: UInt32

    init() throws(ReplayError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw ReplayError(description: localized("cannot create an xkb context"))
        }
        var rules = xkb_rule_names(rules: nil, model: nil, layout: nil, variant: nil, options: nil)
        let made = "us".withCString { layout in
            rules.layout = layout
            return xkb_keymap_new_from_names(context, &rules, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let keymap = made, let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            // Translators: "us" is the keyboard layout's name; xkb-data a package's.
            throw ReplayError(description: localized("cannot compile the xkb keymap for the \"us\" layout (is xkb-data installed?)"))
        }
        self.context = context
        self.keymap = keymap
        self.state = state

        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw ReplayError(description: localized("cannot write the xkb keymap as text"))
        }
        defer { free(text) }
        let length = strlen(text) + 1
        let fd = CShims_memfd_create("touch-replay-keymap", CShims_MFD_CLOEXEC | CShims_MFD_ALLOW_SEALING)
        guard fd >= 0, ftruncate(fd, off_t(length)) == 0, write(fd, text, length) == length,
              fcntl(fd, CShims_F_ADD_SEALS, CShims_F_SEAL_SHRINK | CShims_F_SEAL_GROW | CShims_F_SEAL_WRITE | CShims_F_SEAL_SEAL) == 0
        else {
            if fd >= 0 { close(fd) }
            throw ReplayError(description: localized("cannot put the keymap in a memfd"))
        }
        fileDescriptor = fd
        size = UInt32(length)
    }

    deinit {
        close(fileDescriptor)
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The key that types a keysym name (`"z"`, `"Escape"`, `"plus"`) on the first layout, or `nil` when the "us"
    /// layout has no such key at its first two levels.
    func key(forKeysymNamed name: String) -> Key? {
        var keysym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if keysym == 0 { keysym = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE) }
        guard keysym != 0 else { return nil }

        final class Search {
            let keysym: xkb_keysym_t
            var found: (keycode: xkb_keycode_t, level: xkb_level_index_t)?
            init(keysym: xkb_keysym_t) { self.keysym = keysym }
        }
        let search = Search(keysym: keysym)
        xkb_keymap_key_for_each(keymap, { keymap, keycode, data in
            let search = Unmanaged<Search>.fromOpaque(data!).takeUnretainedValue()
            let levels = min(xkb_keymap_num_levels_for_key(keymap, keycode, 0), 2)
            for level in 0..<levels {
                var symbols: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &symbols)
                guard count > 0, let symbols else { continue }
                let matches = UnsafeBufferPointer(start: symbols, count: Int(count)).contains(search.keysym)
                // Prefer the lowest level, then the lowest keycode (the main block before the keypad).
                if matches, search.found.map({ level < $0.level }) ?? true {
                    search.found = (keycode, level)
                }
            }
        }, Unmanaged.passUnretained(search).toOpaque())
        guard let found = search.found, found.keycode >= 8 else { return nil }
        return Key(evdevCode: found.keycode - 8, needsShift: found.level == 1)
    }

    /// The key for a modifier: the left Control, Alt, Shift or Super key.
    func key(for modifier: KeyModifiers) -> Key? {
        switch modifier {
        case .ctrl: key(forKeysymNamed: "Control_L")
        case .alt: key(forKeysymNamed: "Alt_L")
        case .shift: key(forKeysymNamed: "Shift_L")
        case .super: key(forKeysymNamed: "Super_L")
        default: nil
        }
    }

    /// Updates the modifier state for a key going down or up, and returns the masks after it.
    func update(evdevCode: UInt32, isPressed: Bool) -> ModifierMasks {
        _ = xkb_state_update_key(state, evdevCode + 8, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return ModifierMasks(
            depressed: xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
            latched: xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
            locked: xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
            group: xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE)
        )
    }
}
