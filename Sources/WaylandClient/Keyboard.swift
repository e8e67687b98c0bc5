// wl_keyboard: the keymap through xkbcommon, modifiers, key chords on press, and client-side key repeat.
import CWaylandClient
import CWaylandProtocols
import CXKBCommon
import Glibc
import Localization
import SeatStream

/// Owns one `wl_keyboard`, its xkb keymap and state, and the key-repeat timer.
///
/// Each key press becomes `.key(KeyChord(keysymName, modifiers))` for the focused window; Ctrl, Alt, Shift and
/// Super pressed and released become `.keyState(KeyChord("ctrl"), isPressed:)`, so that a key held over the wheel
/// (Ctrl+wheel) is known. A held key repeats after the compositor's delay at its rate (`repeat_info`); the repeat stops
/// when the key is released or the window loses focus.
final class Keyboard {
    private let pointer: OpaquePointer
    private let seat: OpaquePointer
    private unowned let display: Display
    private let listener: UnsafeMutablePointer<wl_keyboard_listener>
    private let version: UInt32
    private let context: OpaquePointer?
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private weak var focus: ToplevelWindow?
    /// Repeats per second and the delay before the first, in milliseconds (`repeat_info`); rate 0: no repeat.
    private var repeatRate: Int32 = 25
    private var repeatDelay: Int32 = 600
    private var repeatTimer: EventTimer?
    private var repeatingKey: UInt32?
    /// The modifier keys held now, by evdev code, with their trace names.
    private var heldModifiers: [UInt32: String] = [:]

    init(display: Display, seat: OpaquePointer, version: UInt32) {
        self.display = display
        self.version = version
        self.seat = seat
        pointer = wl_seat_get_keyboard(seat)!
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in Keyboard.from(data).loadKeymap(format: format, fd: fd, size: size) },
            enter: { data, _, _, surface, _ in Keyboard.from(data).enter(surface: surface) },
            leave: { data, _, _, _ in Keyboard.from(data).leave() },
            key: { data, _, serial, time, key, state in
                let keyboard = Keyboard.from(data)
                let isPressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
                if isPressed { keyboard.display.noteInput(seat: keyboard.seat, serial: serial) }
                keyboard.key(key, isPressed: isPressed, time: time)
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                let keyboard = Keyboard.from(data)
                if let state = keyboard.state {
                    xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
                }
            },
            repeat_info: { data, _, rate, delay in
                let keyboard = Keyboard.from(data)
                keyboard.repeatRate = rate
                keyboard.repeatDelay = delay
            }
        ))
        wl_keyboard_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
        do {
            repeatTimer = try EventTimer(display: display) { [unowned self] in self.repeatFired() }
        } catch {
            // Translators: %s is why (an error's description).
            display.log(localized("no key repeat: %s", error))
        }
    }

    deinit {
        repeatTimer = nil
        if version >= WL_KEYBOARD_RELEASE_SINCE_VERSION {
            wl_keyboard_release(pointer)
        } else {
            wl_keyboard_destroy(pointer)
        }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        if let context { xkb_context_unref(context) }
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Keyboard {
        Unmanaged<Keyboard>.fromOpaque(data!).takeUnretainedValue()
    }

    private func loadKeymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let context else {
            // Translators: %d is the keymap format's number, which the program does not know.
            display.log(localized("ignoring a keymap in format %d", format))
            return
        }
        // MAP_PRIVATE: since wl_seat 7 the compositor may hand every client the same file.
        guard let memory = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), memory != MAP_FAILED else {
            // Translators: %s is the system's reason.
            display.log(localized("cannot map the keymap: %s", String(cString: strerror(errno))))
            return
        }
        defer { munmap(memory, Int(size)) }
        guard let newKeymap = xkb_keymap_new_from_buffer(
            context, memory.assumingMemoryBound(to: CChar.self), strnlen(memory.assumingMemoryBound(to: CChar.self), Int(size)),
            XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS
        ), let newState = xkb_state_new(newKeymap) else {
            display.log(localized("cannot compile the compositor's keymap"))
            return
        }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = newKeymap
        state = newState
    }

    private func enter(surface: OpaquePointer?) {
        focus = display.window(for: surface)
    }

    private func leave() {
        // The window will not see these keys' releases: release them now.
        for name in Set(heldModifiers.values) {
            focus?.deliver(SeatEvent(time: MonotonicClock.timestamp, .keyState(KeyChord(name), isPressed: false)))
        }
        heldModifiers = [:]
        focus = nil
        stopRepeat()
    }

    private func key(_ key: UInt32, isPressed: Bool, time: UInt32) {
        if let name = modifierName(for: key) {
            let wasHeld = Set(heldModifiers.values).contains(name)
            if isPressed { heldModifiers[key] = name } else { heldModifiers[key] = nil }
            let isHeld = Set(heldModifiers.values).contains(name)
            if wasHeld != isHeld {
                focus?.deliver(SeatEvent(time: .milliseconds(Double(time)), .keyState(KeyChord(name), isPressed: isHeld)))
            }
            return
        }
        guard isPressed else {
            if key == repeatingKey { stopRepeat() }
            return
        }
        guard let chord = chord(for: key) else { return }
        focus?.deliver(SeatEvent(time: .milliseconds(Double(time)), .key(chord)))
        if let keymap, repeatRate > 0, xkb_keymap_key_repeats(keymap, key + 8) != 0 {
            repeatingKey = key
            repeatTimer?.schedule(
                after: .milliseconds(Int(repeatDelay)), repeating: .microseconds(1_000_000 / Int(repeatRate))
            )
        }
    }

    private func repeatFired() {
        guard let key = repeatingKey, let chord = chord(for: key) else { return stopRepeat() }
        focus?.deliver(SeatEvent(time: MonotonicClock.timestamp, .key(chord)))
    }

    private func stopRepeat() {
        repeatingKey = nil
        repeatTimer?.cancel()
    }

    /// The keysym's name and the modifiers in effect; `nil` for modifier keys and keys without a keysym.
    private func chord(for key: UInt32) -> KeyChord? {
        guard let state else { return nil }
        // XKB keycodes are evdev codes + 8.
        let sym = xkb_state_key_get_one_sym(state, key + 8)
        guard sym != UInt32(XKB_KEY_NoSymbol), !Self.isModifier(sym) else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(sym, &buffer, buffer.count) > 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var modifiers: KeyModifiers = []
        for (xkbName, modifier) in [
            (XKB_MOD_NAME_CTRL, KeyModifiers.ctrl), (XKB_MOD_NAME_ALT, .alt),
            (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_LOGO, .super),
        ] where xkb_state_mod_name_is_active(state, xkbName, XKB_STATE_MODS_EFFECTIVE) > 0 {
            modifiers.insert(modifier)
        }
        return KeyChord(name, modifiers: modifiers)
    }

    /// The trace name of the modifier a key is (`"ctrl"`, `"alt"`, `"shift"`, `"super"`), `nil` for other keys.
    private func modifierName(for key: UInt32) -> String? {
        guard let state else { return nil }
        switch xkb_state_key_get_one_sym(state, key + 8) {
        case 0xFFE1, 0xFFE2: return "shift"
        case 0xFFE3, 0xFFE4: return "ctrl"
        case 0xFFE7, 0xFFE8, 0xFFE9, 0xFFEA: return "alt"
        case 0xFFEB, 0xFFEC: return "super"
        default: return nil
        }
    }

    /// Shift, Control, Alt, Super and the ISO level shifts: held for other keys, not keys of their own.
    private static func isModifier(_ sym: xkb_keysym_t) -> Bool {
        (0xFFE1...0xFFEE).contains(sym) || (0xFE01...0xFE13).contains(sym)
    }
}
