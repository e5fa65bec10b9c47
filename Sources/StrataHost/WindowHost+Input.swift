internal import CGLFW
import Foundation

extension WindowHost {
    /// Processes pending window events and returns this window's input since the
    /// last call, in order: GLFW's, then the X server's trackpad pinches (see
    /// `trackpadGestures`). Escape (with `closesOnEscape`) and the close button
    /// set `shouldClose`.
    public func pollEvents() -> [InputEvent] {
        GLFWLibrary.lock.withLock {
            glfwPollEvents()
            pollGamepads()
        }
        // After GLFW's: a frame's pinch steps follow its keys and pointer moves (each source keeps its order).
        if let gestureReader { for event in gestureReader.poll() { events.append(event) } }
        let events = events.drain()
        for event in events {
            if closesOnEscape, case .key(.escape, action: .press, modifiers: _) = event {
                shouldClose = true
            }
        }
        return events
    }

    /// Routes GLFW's callbacks for this window into `events`.
    func installCallbacks() {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(events).toOpaque())
        glfwSetKeyCallback(window) { window, key, _, action, mods in
            EventQueue.of(window)?.append(
                .key(Key(rawValue: key), action: KeyAction(glfw: action), modifiers: KeyModifiers(rawValue: mods)))
        }
        glfwSetCharCallback(window) { window, codepoint in
            if let scalar = Unicode.Scalar(codepoint) { EventQueue.of(window)?.append(.character(scalar)) }
        }
        glfwSetCursorPosCallback(window) { window, x, y in
            EventQueue.of(window)?.append(.mouseMoved(x: x, y: y))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, mods in
            var x: Double = 0
            var y: Double = 0
            glfwGetCursorPos(window, &x, &y)
            EventQueue.of(window)?.append(
                .mouseButton(
                    MouseButton(rawValue: button), action: KeyAction(glfw: action),
                    modifiers: KeyModifiers(rawValue: mods), x: x, y: y))
        }
        glfwSetScrollCallback(window) { window, dx, dy in
            EventQueue.of(window)?.append(.scroll(dx: dx, dy: dy))
        }
        glfwSetFramebufferSizeCallback(window) { window, width, height in
            EventQueue.of(window)?.append(.framebufferResized(width: Int(width), height: Int(height)))
        }
        glfwSetWindowContentScaleCallback(window) { window, x, y in
            EventQueue.of(window)?.append(.contentScaleChanged(x: x, y: y))
        }
        glfwSetWindowCloseCallback(window) { window in
            EventQueue.of(window)?.append(.closeRequested)
        }
    }

    /// Reports gamepad buttons and axes that changed since the last poll. GLFW has
    /// no gamepad callbacks, so state is compared frame to frame. Holds GLFW's lock.
    private func pollGamepads() {
        for jid in GLFW_JOYSTICK_1...GLFW_JOYSTICK_LAST {
            guard glfwJoystickIsGamepad(jid) == GLFW_TRUE else {
                if gamepads.removeValue(forKey: jid) != nil {
                    events.append(.gamepadConnection(gamepad: Int(jid), connected: false))
                }
                continue
            }
            var state = GLFWgamepadstate()
            guard glfwGetGamepadState(jid, &state) == GLFW_TRUE else { continue }
            let now = GamepadSnapshot(state)
            if gamepads[jid] == nil { events.append(.gamepadConnection(gamepad: Int(jid), connected: true)) }
            let before = gamepads[jid] ?? GamepadSnapshot()
            for (button, pressed) in now.buttons.enumerated() where pressed != before.buttons[button] {
                events.append(.gamepadButton(gamepad: Int(jid), button: button, pressed: pressed))
            }
            // Axes jitter: report moves of at least 1% of the -1…1 range.
            for (axis, value) in now.axes.enumerated() where abs(value - before.axes[axis]) >= 0.02 {
                events.append(.gamepadAxis(gamepad: Int(jid), axis: axis, value: value))
            }
            gamepads[jid] = GamepadSnapshot(
                buttons: now.buttons,
                axes: zip(now.axes, before.axes).map { abs($0 - $1) >= 0.02 ? $0 : $1 })
        }
    }
}
