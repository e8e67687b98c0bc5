// fake-portal: a stand-in for xdg-desktop-portal on a private test bus (docs/portal.md). Not installed. Its command
// line is FakePortalOptions below (`fake-portal --help`).
//
// Owns org.freedesktop.portal.Desktop on the bus in DBUS_SESSION_BUS_ADDRESS and exports
// /org/freedesktop/portal/desktop with org.freedesktop.portal.Settings (ReadOne — not with --old-settings —, Read,
// SettingChanged) and org.freedesktop.portal.FileChooser (SaveFile, OpenFile answered through a Request object with
// URI, or cancelled; --vanish: the portal ends with the dialog open, answering nothing). Each call is one line on stdout; "ready" once the name is owned. Lines "color-scheme N" read
// from FIFO change the scheme and emit SettingChanged. --open-uri adds org.freedesktop.portal.OpenURI (version 4) whose
// OpenDirectory prints the path of the file descriptor it was given and answers through a Request with response N
// (0, shown, unless --open-directory-response says otherwise: 2 is a portal with no file manager behind it); --file-manager also owns
// org.freedesktop.FileManager1, whose ShowItems prints its URIs.
import ArgumentParser
import CGio
import CommandLineSupport
import Foundation

/// The fake portal's state: set from the command line and the FIFO's lines.
final class FakePortalState: @unchecked Sendable {
    let lock = NSLock()
    var colorScheme: UInt32 = 0
    var hasReadOne = true
    var choice: String?
    var vanishes = false
    var hasOpenURI = false
    var openDirectoryResponse: UInt32 = 0
    var isFileManager = false
    var connection: OpaquePointer?
}

/// The command line, parsed by swift-argument-parser as every program's is.
struct FakePortalOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-portal",
        abstract: "A stand-in for xdg-desktop-portal on a private test bus: Settings, FileChooser, OpenURI, FileManager1.",
        usage: """
            fake-portal [--color-scheme N] [--old-settings] [--choose URI | --cancel | --vanish] [--changes FIFO] \
            [--open-uri [--open-directory-response N]] [--file-manager]
            """,
        discussion: """
            Owns org.freedesktop.portal.Desktop on the bus in DBUS_SESSION_BUS_ADDRESS and prints one line on \
            standard output for each call, "ready" once the name is owned (docs/portal.md). Not installed.
            """,
        version: ProgramVersion.current
    )

    @Option(help: ArgumentHelp("The color-scheme setting: 0 no preference, 1 dark, 2 light.", valueName: "N"))
    var colorScheme: UInt32 = 0

    @Flag(help: "Offer Settings without ReadOne (an older portal: Read only).")
    var oldSettings = false

    @Option(help: ArgumentHelp("Answer the file dialogs with this URI.", valueName: "URI"))
    var choose: String?

    @Flag(help: "Cancel the file dialogs (the default).")
    var cancel = false

    @Flag(help: "End with a file dialog open, answering nothing.")
    var vanish = false

    @Option(help: ArgumentHelp("Read lines \"color-scheme N\" from FIFO: each changes the scheme and emits SettingChanged.", valueName: "FIFO"))
    var changes: String?

    @Flag(name: .customLong("open-uri"), help: "Also offer org.freedesktop.portal.OpenURI (version 4): OpenDirectory prints its file's path.")
    var openURI = false

    @Option(help: ArgumentHelp("How OpenDirectory answers: 0 shown, 2 no file manager behind the portal.", valueName: "N"))
    var openDirectoryResponse: UInt32 = 0

    @Flag(help: "Also own org.freedesktop.FileManager1, whose ShowItems prints its URIs.")
    var fileManager = false
}

let options = FakePortalOptions.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
let state = FakePortalState()
state.colorScheme = options.colorScheme
state.hasReadOne = !options.oldSettings
state.choice = options.cancel ? nil : options.choose
state.vanishes = options.vanish
state.hasOpenURI = options.openURI
state.openDirectoryResponse = options.openDirectoryResponse
state.isFileManager = options.fileManager
let changesPath = options.changes

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FakePortalOptions.fail(message, status: 2)
}

let introspection = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="ReadOne">
      <arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/><arg type="s" name="key"/><arg type="v" name="value"/>
    </signal>
  </interface>
  <interface name="org.freedesktop.portal.FileChooser">
    <method name="OpenFile">
      <arg type="s" name="parent_window" direction="in"/><arg type="s" name="title" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/><arg type="o" name="handle" direction="out"/>
    </method>
    <method name="SaveFile">
      <arg type="s" name="parent_window" direction="in"/><arg type="s" name="title" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/><arg type="o" name="handle" direction="out"/>
    </method>
  </interface>
</node>
"""

let openURIIntrospection = """
<node>
  <interface name="org.freedesktop.portal.OpenURI">
    <method name="OpenDirectory">
      <arg type="s" name="parent_window" direction="in"/><arg type="h" name="fd" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/><arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

let fileManagerIntrospection = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowItems">
      <arg type="as" name="uris" direction="in"/><arg type="s" name="startup_id" direction="in"/>
    </method>
  </interface>
</node>
"""

func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
    children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
}

func string(_ variant: OpaquePointer, _ index: Int) -> String {
    let child = g_variant_get_child_value(variant, gsize(index))!
    defer { g_variant_unref(child) }
    return String(cString: g_variant_get_string(child, nil))
}

/// The printed form of option `key` in an `a{sv}`, or "-" when absent.
func option(_ options: OpaquePointer, _ key: String) -> String {
    guard let value = g_variant_lookup_value(options, key, nil) else { return "-" }
    defer { g_variant_unref(value) }
    let text = g_variant_print(value, 0)!
    defer { g_free(text) }
    return String(cString: text)
}

func handleCall(_ connection: OpaquePointer, _ sender: String, _ interface: String, _ method: String,
                _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
    switch (interface, method) {
    case ("org.freedesktop.portal.Settings", "ReadOne"), ("org.freedesktop.portal.Settings", "Read"):
        let namespace = string(parameters, 0), key = string(parameters, 1)
        say("\(method) \(namespace) \(key)")
        if method == "ReadOne", !state.hasReadOne {
            return g_dbus_method_invocation_return_dbus_error(
                invocation, "org.freedesktop.DBus.Error.UnknownMethod", "No such method ReadOne")
        }
        guard namespace == "org.freedesktop.appearance", key == "color-scheme" else {
            return g_dbus_method_invocation_return_dbus_error(
                invocation, "org.freedesktop.portal.Error.NotFound", "Requested setting not found")
        }
        var value = g_variant_new_variant(g_variant_new_uint32(state.lock.withLock { state.colorScheme }))
        if method == "Read" { value = g_variant_new_variant(value) }
        g_dbus_method_invocation_return_value(invocation, tuple([value]))
    case ("org.freedesktop.portal.FileChooser", _):
        let options = g_variant_get_child_value(parameters, 2)!
        defer { g_variant_unref(options) }
        say("\(method) parent_window=\(string(parameters, 0)) title=\(string(parameters, 1))"
            + " current_name=\(option(options, "current_name")) filters=\(option(options, "filters"))"
            + " current_filter=\(option(options, "current_filter")) modal=\(option(options, "modal"))")
        let path = requestPath(sender: sender, options: options)
        g_dbus_method_invocation_return_value(invocation, tuple([g_variant_new_object_path(path)]))
        if state.vanishes {
            say("Vanished")
            g_dbus_connection_flush_sync(connection, nil, nil)
            exit(0)
        }
        var results: [OpaquePointer?] = []
        let choice = state.lock.withLock { state.choice }
        if let choice {
            let uri = [g_variant_new_string(choice)]
            let uris = uri.withUnsafeBufferPointer { g_variant_new_array(nil, $0.baseAddress, 1) }
            results.append(g_variant_new_dict_entry(g_variant_new_string("uris"), g_variant_new_variant(uris)))
        }
        let type = g_variant_type_new("{sv}")
        let dictionary = results.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
        g_variant_type_free(type)
        // Said first: a test reads the line once the answer came.
        say("Response \(choice ?? "cancelled")")
        g_dbus_connection_emit_signal(connection, sender, path, "org.freedesktop.portal.Request", "Response",
                                      tuple([g_variant_new_uint32(choice == nil ? 1 : 0), dictionary]), nil)
    case ("org.freedesktop.portal.OpenURI", "OpenDirectory"):
        let handle = g_variant_get_child_value(parameters, 1)!
        let index = g_variant_get_handle(handle)
        g_variant_unref(handle)
        var path = "?"
        if let list = g_dbus_message_get_unix_fd_list(g_dbus_method_invocation_get_message(invocation)) {
            let descriptor = g_unix_fd_list_get(list, index, nil)
            if descriptor >= 0 {
                var buffer = [CChar](repeating: 0, count: 4096)
                let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
                if count > 0 { path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
                close(descriptor)
            }
        }
        say("OpenDirectory parent_window=\(string(parameters, 0)) path=\(path)")
        let options = g_variant_get_child_value(parameters, 2)!
        defer { g_variant_unref(options) }
        let request = requestPath(sender: sender, options: options)
        g_dbus_method_invocation_return_value(invocation, tuple([g_variant_new_object_path(request)]))
        let type = g_variant_type_new("{sv}")
        let results = g_variant_new_array(type, nil, 0)
        g_variant_type_free(type)
        g_dbus_connection_emit_signal(connection, sender, request, "org.freedesktop.portal.Request", "Response",
                                      tuple([g_variant_new_uint32(state.openDirectoryResponse), results]), nil)
    case ("org.freedesktop.FileManager1", "ShowItems"):
        let uris = g_variant_get_child_value(parameters, 0)!
        defer { g_variant_unref(uris) }
        let text = g_variant_print(uris, 0)!
        defer { g_free(text) }
        say("ShowItems uris=\(String(cString: text)) startup_id=\(string(parameters, 1))")
        g_dbus_method_invocation_return_value(invocation, nil)
    default:
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", method)
    }
}

/// The Request object's path for a call from `sender` with `options` (its `handle_token`, else a random one).
func requestPath(sender: String, options: OpaquePointer) -> String {
    var token = "t\(UInt32.random(in: 0...UInt32.max))"
    if let value = g_variant_lookup_value(options, "handle_token", nil) {
        token = String(cString: g_variant_get_string(value, nil))
        g_variant_unref(value)
    }
    let name = String(sender.dropFirst()).replacingOccurrences(of: ".", with: "_")
    return "/org/freedesktop/portal/desktop/request/\(name)/\(token)"
}

guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else {
    fail("DBUS_SESSION_BUS_ADDRESS is not set")
}
var error: UnsafeMutablePointer<GError>?
let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                 | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
    fail("cannot connect to \(address): \(error.map { String(cString: $0.pointee.message) } ?? "failed")")
}
state.connection = connection

var vtable = GDBusInterfaceVTable()
vtable.method_call = { connection, sender, _, interface, method, parameters, invocation, _ in
    guard let connection, let sender, let interface, let method, let parameters, let invocation else { return }
    handleCall(connection, String(cString: sender), String(cString: interface), String(cString: method), parameters,
               invocation)
}
vtable.get_property = { _, _, _, _, property, _, _ in
    // OpenURI's version: 4 (OpenDirectory came in 3).
    guard let property, String(cString: property) == "version" else { return nil }
    return g_variant_new_uint32(4)
}
/// Exports every interface of `xml` at `path`.
@MainActor func export(_ xml: String, at path: String) {
    guard let node = g_dbus_node_info_new_for_xml(xml, &error) else { fail("bad introspection XML") }
    var index = 0
    while let info = node.pointee.interfaces[index] {
        guard g_dbus_connection_register_object(connection, path, info, &vtable, nil, nil, &error) != 0
        else { fail("cannot export \(path)") }
        index += 1
    }
}
export(introspection, at: "/org/freedesktop/portal/desktop")
if state.hasOpenURI { export(openURIIntrospection, at: "/org/freedesktop/portal/desktop") }
if state.isFileManager { export(fileManagerIntrospection, at: "/org/freedesktop/FileManager1") }
guard let owned = g_dbus_connection_call_sync(
    connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
    tuple([g_variant_new_string("org.freedesktop.portal.Desktop"), g_variant_new_uint32(4)]), nil,
    G_DBUS_CALL_FLAGS_NONE, 10_000, nil, &error)
else { fail("cannot own org.freedesktop.portal.Desktop") }
g_variant_unref(owned)
if state.isFileManager {
    guard let owned = g_dbus_connection_call_sync(
        connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
        tuple([g_variant_new_string("org.freedesktop.FileManager1"), g_variant_new_uint32(4)]), nil,
        G_DBUS_CALL_FLAGS_NONE, 10_000, nil, &error)
    else { fail("cannot own org.freedesktop.FileManager1") }
    g_variant_unref(owned)
}

if let changesPath {
    let thread = Thread {
        guard let file = fopen(changesPath, "r") else { fail("cannot open \(changesPath)") }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0, let line {
            let words = String(cString: line).split(separator: " ")
            guard words.count == 2, words[0] == "color-scheme", let value = UInt32(words[1].trimmingCharacters(in: .whitespacesAndNewlines))
            else { continue }
            state.lock.withLock { state.colorScheme = value }
            say("SettingChanged color-scheme \(value)")
            g_dbus_connection_emit_signal(
                state.connection, nil, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
                "SettingChanged",
                tuple([g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme"),
                       g_variant_new_variant(g_variant_new_uint32(value))]), nil)
            g_dbus_connection_flush_sync(state.connection, nil, nil)
        }
    }
    thread.start()
}
say("ready")
g_main_loop_run(g_main_loop_new(nil, 0))
