/// Whether a window hears the trackpad's pinches from the X server
/// (XInput 2.4 gesture events), and why not. Control with scrolling pinches
/// either way, as browsers do without gestures.
public enum TrackpadGestureSupport: Equatable, Sendable, CustomStringConvertible {
    /// The window listens for the server's pinch gestures. `devices` are the
    /// pointing devices that make them now (touchpads); none under a server
    /// without one, such as Xvfb: a touchpad plugged in later is heard too.
    case listening(devices: [String])
    /// The window does not get gesture events, for `reason`.
    case unavailable(reason: String)

    /// Whether pinches come from a trackpad now (listening, and a device makes them).
    public var hasGestureDevice: Bool {
        if case .listening(let devices) = self { return !devices.isEmpty }
        return false
    }

    public var description: String {
        switch self {
        case .listening(let devices) where devices.isEmpty:
            return "listening for XInput 2.4 pinches, but no device makes them; Control+scroll pinches"
        case .listening(let devices):
            return "trackpad pinches from \(devices.joined(separator: ", ")) (XInput 2.4); Control+scroll too"
        case .unavailable(let reason):
            return "no trackpad pinches: \(reason); Control+scroll pinches"
        }
    }

    // The reasons, worded in one place.
    static let turnedOff = unavailable(reason: "turned off (STRATA_TRACKPAD_GESTURES=0)")
    static let notX11 = unavailable(reason: "the window is not on an X11 display")
    static func cannotConnect(_ display: String) -> Self {
        .unavailable(reason: "cannot open a second connection to X display \(display)")
    }
    static let noLibXi = unavailable(reason: "libXi (the XInput client library) is not installed")
    static let noXInput = unavailable(reason: "the X server has no XInput extension")
    static func oldXInput(major: Int32, minor: Int32) -> Self {
        .unavailable(reason: "the X server speaks XInput \(major).\(minor), gestures need 2.4")
    }
    static let taken = unavailable(reason: "another X client already takes this window's gesture events")
    static func selectFailed(code: UInt8) -> Self {
        .unavailable(reason: "selecting gesture events failed with X error \(code)")
    }
}
