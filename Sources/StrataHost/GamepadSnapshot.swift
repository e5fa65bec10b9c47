internal import CGLFW

/// Buttons and axes of one gamepad at one poll.
struct GamepadSnapshot {
    var buttons = [Bool](repeating: false, count: 15)
    var axes = [Float](repeating: 0, count: 6)

    init() {}

    init(buttons: [Bool], axes: [Float]) {
        self.buttons = buttons
        self.axes = axes
    }

    init(_ state: GLFWgamepadstate) {
        var state = state
        buttons = withUnsafeBytes(of: &state.buttons) { $0.map { $0 == UInt8(GLFW_PRESS) } }
        axes = withUnsafeBytes(of: &state.axes) { Array($0.bindMemory(to: Float.self)) }
    }
}
