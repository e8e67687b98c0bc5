import Foundation
@testable import SeatStream
import Testing

/// What the trace reader made of each of these lines when it read JSON with Foundation's `JSONSerialization` and
/// told numbers from booleans with `NSNumber` (recorded from that reader before SeatInput left Foundation, issue #22):
/// which lines are JSON, which numbers and booleans count, the events and the error messages word for word. The
/// reader without Foundation must give the same for every one.
@Suite struct TraceAcceptanceTests {
    /// A line, then `event …`, `none …` (no event: the canvas size and origin read) or `error …`, as recorded.
    static let recorded: [(line: String, result: String)] = [
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 10, \"y\": 20}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: 1, location: (10.0, 20.0), shape: nil))"),
        ("{\"t\": 0.5, \"touch\": \"down\", \"id\": 1, \"x\": 10.25, \"y\": -20}", "event SeatEvent(time: 0.5 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: 1, location: (10.25, -20.0), shape: nil))"),
        ("{\"t\": 1e2, \"touch\": \"motion\", \"id\": 1, \"x\": 1E+2, \"y\": 2e-3}", "event SeatEvent(time: 100.0 ms, kind: SeatStream.SeatEvent.Kind.touchMotion(id: 1, location: (100.0, 0.002), shape: nil))"),
        ("{\"t\": -0, \"touch\": \"up\", \"id\": 1}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchUp(id: 1))"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1.5, \"x\": 0, \"y\": 0}", "error f:1: \"id\" must be a whole number from -2147483648 to 2147483647"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1.0, \"x\": 0, \"y\": 0}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: 1, location: (0.0, 0.0), shape: nil))"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": true, \"x\": 0, \"y\": 0}", "error f:1: \"id\" must be a whole number from -2147483648 to 2147483647"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": true, \"y\": 0}", "error f:1: \"x\" and \"y\" must be numbers"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": false, \"y\": 0}", "error f:1: \"x\" and \"y\" must be numbers"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": \"1\", \"y\": 0}", "error f:1: \"x\" and \"y\" must be numbers"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": null, \"y\": 0}", "error f:1: \"x\" and \"y\" must be numbers"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1e999, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": -1e999, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 100000000000000000000, \"y\": 0}", "error f:1: \"x\" and \"y\" must be from -1000000 to 1000000"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 9223372036854775807, \"x\": 0, \"y\": 0}", "error f:1: \"id\" must be a whole number from -2147483648 to 2147483647"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 9007199254740993, \"x\": 0, \"y\": 0}", "error f:1: \"id\" must be a whole number from -2147483648 to 2147483647"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 2147483648, \"x\": 0, \"y\": 0}", "error f:1: \"id\" must be a whole number from -2147483648 to 2147483647"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": -2147483648, \"x\": 0, \"y\": 0}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: -2147483648, location: (0.0, 0.0), shape: nil))"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1.7976931348623157e308, \"y\": 0}", "error f:1: \"x\" and \"y\" must be from -1000000 to 1000000"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 5e-324, \"y\": 1e-400}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: 1, location: (5e-324, 0.0), shape: nil))"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 0.1, \"y\": 0.30000000000000004}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: 1, location: (0.1, 0.3000000000000001), shape: nil))"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 123456789012345678901234567890, \"y\": 0}", "error f:1: \"x\" and \"y\" must be from -1000000 to 1000000"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 01, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": +1, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": .5, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1., \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1e, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": -, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": NaN, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": Infinity, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 0x10, \"y\": 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1, \"y\": 0,}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: 1, location: (1.0, 0.0), shape: nil))"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1, \"y\": 0} x", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1, \"y\": 0}{}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1, \"y\": 0, \"x\": 5}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchDown(id: 1, location: (5.0, 0.0), shape: nil))"),
        ("{\"t\": 0, \"touch\": \"frame\", \"t\": 3}", "event SeatEvent(time: 3.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{'t': 0}", "error f:1: not valid JSON"),
        ("{t: 0}", "error f:1: not valid JSON"),
        ("{\"t\": 0 \"touch\": \"frame\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"\\u0066rame\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\": 0, \"touch\": \"fr\\u00e4me\"}", "error f:1: unknown \"touch\" event \"fr\u{e4}me\""),
        ("{\"t\": 0, \"touch\": \"\\ud83d\\ude00\"}", "error f:1: unknown \"touch\" event \"\u{1f600}\""),
        ("{\"t\": 0, \"touch\": \"\\ud800\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"\\udc00x\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"a\\/b\"}", "error f:1: unknown \"touch\" event \"a/b\""),
        ("{\"t\": 0, \"touch\": \"a\\qb\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"a\u{9}b\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"\\u00\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"\\uZZZZ\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"abc", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": 1}", "error f:1: unknown \"touch\" event 1"),
        ("{\"t\": 0, \"touch\": 1.5}", "error f:1: unknown \"touch\" event 1.5"),
        ("{\"t\": 0, \"touch\": -0.0}", "error f:1: unknown \"touch\" event -0.0"),
        ("{\"t\": 0, \"touch\": 1e20}", "error f:1: unknown \"touch\" event 1e+20"),
        ("{\"t\": 0, \"touch\": 1e300}", "error f:1: unknown \"touch\" event 1e+300"),
        ("{\"t\": 0, \"touch\": 0.1}", "error f:1: unknown \"touch\" event 0.1"),
        ("{\"t\": 0, \"touch\": 123456789}", "error f:1: unknown \"touch\" event 123456789"),
        ("{\"t\": 0, \"touch\": true}", "error f:1: unknown \"touch\" event 1"),
        ("{\"t\": 0, \"touch\": false}", "error f:1: unknown \"touch\" event 0"),
        ("{\"t\": 0, \"touch\": null}", "error f:1: unknown \"touch\" event <null>"),
        ("{\"t\": 0, \"touch\": []}", "error f:1: unknown \"touch\" event []"),
        ("{\"t\": 0, \"touch\": [1, \"a\", true, null, 2.5]}", "error f:1: unknown \"touch\" event [1, \"a\", 1, <null>, 2.5]"),
        ("{\"t\": 0, \"touch\": {\"a\": 1}}", "error f:1: unknown \"touch\" event [\"a\": 1]"),
        ("{\"t\": 0, \"touch\": {}}", "error f:1: unknown \"touch\" event [:]"),
        ("{\"t\": 0, \"touch\": \"Down\"}", "error f:1: unknown \"touch\" event \"Down\""),
        ("{\"t\": 0, \"pointer\": 7}", "error f:1: unknown \"pointer\" event 7"),
        ("{\"t\": 0, \"gesture\": null}", "error f:1: unknown \"gesture\" <null> (\"swipe\", \"pinch\" or \"hold\")"),
        ("{\"t\": 0, \"tablet\": [1]}", "error f:1: unknown \"tablet\" event [1] (\"proximity_in\", \"down\", \"motion\", \"up\", \"proximity_out\", \"button\" or \"frame\")"),
        ("{\"t\": 0, \"tick\": true}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.tick)"),
        ("{\"t\": 0, \"tick\": 1}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.tick)"),
        ("{\"t\": 0, \"tick\": 1.0}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.tick)"),
        ("{\"t\": 0, \"tick\": 2}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": 0}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": \"true\"}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": false}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": null}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\", \"cancelled\": 1}", "error f:1: \"cancelled\" must be true or false"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\", \"cancelled\": 0}", "error f:1: \"cancelled\" must be true or false"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\", \"cancelled\": 2}", "error f:1: \"cancelled\" must be true or false"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\", \"cancelled\": \"yes\"}", "error f:1: \"cancelled\" must be true or false"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\", \"cancelled\": true}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchpadGesture(SeatStream.TouchpadGesture.end(SeatStream.TouchpadGesture.Kind.swipe, cancelled: true)))"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"begin\", \"fingers\": 3}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchpadGesture(SeatStream.TouchpadGesture.begin(SeatStream.TouchpadGesture.Kind.swipe, fingers: 3)))"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"begin\", \"fingers\": true}", "error f:1: \"fingers\" must be a whole number from 1 to 10"),
        ("{\"t\": 0, \"pointer\": \"button\", \"button\": 272, \"state\": \"pressed\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.pointerButton(SeatStream.PointerButton.left, isPressed: true))"),
        ("{\"t\": 0, \"pointer\": \"button\", \"button\": true, \"state\": \"pressed\"}", "error f:1: \"button\" must be \"left\", \"right\" or \"middle\""),
        ("{\"t\": 0, \"pointer\": \"button\", \"button\": 1.5, \"state\": \"pressed\"}", "error f:1: \"button\" must be \"left\", \"right\" or \"middle\""),
        ("{\"t\": 0, \"pointer\": \"button\", \"button\": \"left\", \"state\": true}", "error f:1: \"state\" must be \"pressed\" or \"released\""),
        ("{\"t\": 0, \"pointer\": \"axis\", \"dx\": 1, \"dy\": false}", "error f:1: \"dy\" must be a number"),
        ("{\"t\": 0, \"key\": \"ctrl+z\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.key(ctrl+z))"),
        ("{\"t\": 0, \"key\": \"ctrl+z\", \"state\": null}", "error f:1: \"state\" must be \"pressed\" or \"released\""),
        ("{\"t\": 0, \"key\": \"ctrl+z\", \"state\": 1}", "error f:1: \"state\" must be \"pressed\" or \"released\""),
        ("{\"t\": 0, \"key\": 5}", "error f:1: \"key\" must be a keysym name with modifiers, like \"ctrl+z\""),
        ("{\"t\": true}", "error f:1: \"t\" must be a number"),
        ("{\"t\": \"0\"}", "error f:1: \"t\" must be a number"),
        ("{\"t\": null}", "error f:1: \"t\" must be a number"),
        ("{\"t\": [0]}", "error f:1: \"t\" must be a number"),
        ("{\"t\": 1e999}", "error f:1: not valid JSON"),
        ("{\"t\": 0}", "none nil nil"),
        ("{\"t\": 0, \"unknown\": [1, {\"deep\": [[[]]]}]}", "none nil nil"),
        ("{\"canvas\": [800, 600]}", "none Optional(800.0x600.0) nil"),
        ("{\"canvas\": [800, true]}", "error f:1: \"canvas\" must be [width, height] with positive numbers"),
        ("{\"canvas\": [800.5, 600], \"origin\": [1, 2]}", "none Optional(800.5x600.0) Optional((1.0, 2.0))"),
        ("{\"canvas\": [800, 600], \"origin\": [true, 2]}", "error f:1: \"origin\" must be [x, y] from 0 to 16384"),
        ("{\"canvas\": [800, 600, 1]}", "error f:1: \"canvas\" must be [width, height] with positive numbers"),
        ("{\"canvas\": \"800x600\"}", "error f:1: \"canvas\" must be [width, height] with positive numbers"),
        ("{\"canvas\": null}", "error f:1: \"canvas\" must be [width, height] with positive numbers"),
        ("[1, 2]", "error f:1: not a JSON object"),
        ("\"text\"", "error f:1: not valid JSON"),
        ("12", "error f:1: not valid JSON"),
        ("true", "error f:1: not valid JSON"),
        ("null", "error f:1: not valid JSON"),
        ("[]", "error f:1: not a JSON object"),
        ("{}", "error f:1: no \"t\" (milliseconds since the start)"),
        (" ", "none nil nil"),
        ("\u{9}{\"t\": 0}\u{9}", "none nil nil"),
        (" {\"t\": 0} ", "none nil nil"),
        ("{\"t\": 0}", "none nil nil"),
        ("{\"t\": 0}\u{200b}", "none nil nil"),
        ("\u{feff}{\"t\": 0}", "none nil nil"),
        ("{\"t\": 0}", "none nil nil"),
        ("{\"t\" : 0 , \"touch\" : \"frame\" }", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\":0,\"touch\":\"frame\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"\": 1, \"t\": 0}", "none nil nil"),
        ("{\"t\": 0, \"touch\": \"frame\", \"nested\": {\"t\": \"x\"}}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": [1,]}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": [,1]}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": tru}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": nul}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": True}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": \"\\u0000\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": \"\\b\\f\\n\\r\\t\\\"\\\\\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{", "error f:1: not valid JSON"),
        ("}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"frame\"} // comment", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"a\u{1}b\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0}\u{d}", "none nil nil"),
        ("\u{0}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"x\": \"\u{e9}\u{e9}\u{e9}\"}", "none nil nil"),
        ("{\"t\": 0, \"touch\": \"\\u0000\"}", "error f:1: unknown \"touch\" event \"\u{0}\""),
        ("{\"t\": 0, \"touch\": \"\u{7f}\"}", "error f:1: unknown \"touch\" event \"\u{7f}\""),
        ("{\"t\": 0, \"touch\": 100000000000000000000}", "error f:1: unknown \"touch\" event 100000000000000000000"),
        ("{\"t\": 0, \"touch\": 1.0}", "error f:1: unknown \"touch\" event 1.0"),
        ("{\"t\": 0, \"touch\": 1E2}", "error f:1: unknown \"touch\" event 100.0"),
        ("{\"t\": 0, \"touch\": -0}", "error f:1: unknown \"touch\" event 0"),
        ("{\"t\": 0, \"touch\": 9223372036854775807}", "error f:1: unknown \"touch\" event 9223372036854775807"),
        ("{\"t\": 0, \"touch\": 9223372036854775808}", "error f:1: unknown \"touch\" event 9223372036854775808"),
        ("{\"t\": 0, \"touch\": -9223372036854775808}", "error f:1: unknown \"touch\" event -9223372036854775808"),
        ("{\"t\": 0, \"touch\": -9223372036854775809}", "error f:1: unknown \"touch\" event -9223372036854775809"),
        ("{\"t\": 0, \"touch\": 18446744073709551616}", "error f:1: unknown \"touch\" event 18446744073709551616"),
        ("{\"t\": 0, \"touch\": 1.5e300}", "error f:1: unknown \"touch\" event 1.5e+300"),
        ("{\"t\": 0, \"touch\": 2e-300}", "error f:1: unknown \"touch\" event 2e-300"),
        ("{\"t\": 0, \"touch\": [\"a\\\"b\", \"c\\\\d\", \"\\n\"]}", "error f:1: unknown \"touch\" event [\"a\\\"b\", \"c\\\\d\", \"\\n\"]"),
        ("{\"t\": 0, \"touch\": [[1], {}]}", "error f:1: unknown \"touch\" event [[1], [:]]"),
        ("{\"t\": 0, \"touch\": [1.0, -0.0, 1e20]}", "error f:1: unknown \"touch\" event [1.0, -0.0, 1e+20]"),
        ("{\"t\": 0, \"touch\": 12345678901234567890123}", "error f:1: unknown \"touch\" event 12345678901234567890123"),
        ("{\"t\": 0, \"touch\": 0.000001}", "error f:1: unknown \"touch\" event 1e-06"),
        ("{\"t\": 0, \"touch\": 1e-7}", "error f:1: unknown \"touch\" event 1e-07"),
        ("{\"t\": 0, \"touch\": 100000000000000000}", "error f:1: unknown \"touch\" event 100000000000000000"),
        ("{\"t\": 0, \"touch\": 1.25e16}", "error f:1: unknown \"touch\" event 1.25e+16"),
        ("{\"t\": 0, \"tick\": 1e0}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.tick)"),
        ("{\"t\": 0, \"tick\": -0.0}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": 0.0}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": 1.5}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": -1}", "error f:1: \"tick\" must be true"),
        ("{\"t\": 0, \"tick\": true}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.tick)"),
        ("{\"t\": 0, \"tick\": 100000000000000000000}", "error f:1: \"tick\" must be true"),
        ("{\"t\":\u{a0}0}", "error f:1: not valid JSON"),
        ("{\"t\": 0,\u{2028}\"touch\": \"frame\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0,\u{d}\"touch\": \"frame\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\": 0,\u{a}\"touch\": \"frame\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\": 0, \"touch\": \"frame\"}\u{85}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("\u{a0}{\"t\": 0}\u{a0}", "none nil nil"),
        ("{\"t\": 0, \"touch\": \"frame\", \"x\": \"\\ud800\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\"}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchpadGesture(SeatStream.TouchpadGesture.end(SeatStream.TouchpadGesture.Kind.swipe, cancelled: false)))"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\", \"cancelled\": false}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchpadGesture(SeatStream.TouchpadGesture.end(SeatStream.TouchpadGesture.Kind.swipe, cancelled: false)))"),
        ("{\"t\": 0, \"gesture\": \"swipe\", \"phase\": \"end\", \"cancelled\": null}", "error f:1: \"cancelled\" must be true or false"),
        ("{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 1, \"y\": 2, \"major\": true}", "error f:1: \"major\" must be a number"),
        ("{\"t\": 0, \"tablet\": \"down\", \"pressure\": true}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.tablet(SeatStream.TabletEvent.down, tool: 0))"),
        ("{\"t\":0, \"touch\": \"frame\", \"x\": -01}", "error f:1: not valid JSON"),
        ("{\"t\":0, \"touch\": \"frame\", \"x\": -0.0e+0}", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\":0, \"touch\": \"frame\", \"x\": 1e+}", "error f:1: not valid JSON"),
        ("{\"t\":0, \"touch\": \"frame\", \"x\": 1.e1}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"t\": true}", "error f:1: \"t\" must be a number"),
        ("{\"t\": 0, \"touch\": \"frame\", \"touch\": 5}", "error f:1: unknown \"touch\" event 5"),
        ("{\"t\": 0, \"touch\": \"frame\", \"a\": 1 , }", "event SeatEvent(time: 0.0 ms, kind: SeatStream.SeatEvent.Kind.touchFrame)"),
        ("{\"t\": 0, ,\"touch\": \"frame\"}", "error f:1: not valid JSON"),
        ("{,}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": [1,,2]}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"frame\"} ,", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"\\u00E4\"}", "error f:1: unknown \"touch\" event \"\u{e4}\""),
        ("{\"t\": 0, \"touch\": \"\\U0041\"}", "error f:1: not valid JSON"),
        ("{\"t\": 0, \"touch\": \"a\u{7f}b\"}", "error f:1: unknown \"touch\" event \"a\u{7f}b\""),
    ]

    /// Each line read alone, by a reader that has read nothing before.
    static func read(_ line: String) -> String {
        var parser = TraceLineParser(file: "f")
        do throws(TraceError) {
            if let event = try parser.parse(Substring(line), number: 1) { return "event \(event)" }
            return "none \(String(describing: parser.canvasSize)) \(String(describing: parser.canvasOrigin))"
        } catch {
            return "error \(error)"
        }
    }

    @Test func everyRecordedLineReadsAsItDidWithFoundation() {
        for (line, result) in Self.recorded {
            #expect(Self.read(line) == result, "\(line.debugDescription)")
        }
    }

    /// JSONSerialization read arrays nested up to 512 deep (the line's object counting as one), and refused deeper.
    @Test func nestingIsReadTo512DeepAndRefusedBeyond() {
        func line(_ depth: Int) -> String {
            "{\"t\": 0, \"touch\": \"frame\", \"x\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        }
        for depth in [510, 511] { #expect(Self.read(line(depth)).hasPrefix("event "), "\(depth)") }
        for depth in [512, 513, 514, 1000, 5000] { #expect(Self.read(line(depth)) == "error f:1: not valid JSON", "\(depth)") }
    }

    /// The trace writes control characters in strings as `\u` and four lower-case hex digits, as `String(format:)` did.
    @Test func controlCharactersAreWrittenAsStringFormatWroteThem() {
        for value in 0..<0x20 {
            let text = "a" + String(Character(Unicode.Scalar(UInt8(value)))) + "b"
            #expect(Trace.quoted(text) == "\"a" + String(format: "\\u%04x", value) + "b\"", "\(value)")
        }
    }
}
