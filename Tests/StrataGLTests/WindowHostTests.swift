import Foundation
import Strata
import StrataGL
import StrataHost
import Testing

/// The GLFW window host. Needs an X display: `xvfb-run -a swift test` (as `Scripts/test` does).
@Suite struct WindowHostTests {
    static let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty

    @Test(.enabled(if: hasDisplay, "no DISPLAY: run under `xvfb-run -a swift test` (Scripts/test does)"))
    func rendersOneFrameOfClearColourAndReadsItBack() throws {
        let host = try WindowHost(width: 64, height: 48, title: "StrataGLTests")
        #expect(host.context.info.isCoreProfile)
        #expect((host.context.info.majorVersion, host.context.info.minorVersion) >= (3, 3))
        var frames: [FrameInfo] = []
        var pixels: [UInt8] = []
        host.run(maxFrames: 1) { frame in
            frames.append(frame)
            clear([51, 102, 153, 255])
            pixels = host.readPixels()
        }
        #expect(frames.count == 1)
        let frame = try #require(frames.first)
        #expect(frame.index == 0 && frame.deltaTime == 0)
        #expect(frame.windowWidth == 64 && frame.windowHeight == 48)
        #expect(frame.contentScaleX > 0)
        #expect(pixels.count == frame.framebufferWidth * frame.framebufferHeight * 4)
        #expect(
            pixels
                == Array(
                    [[UInt8]](
                        repeating: [51, 102, 153, 255],
                        count: frame.framebufferWidth * frame.framebufferHeight
                    ).joined()))
    }

    @Test(.enabled(if: hasDisplay, "no DISPLAY: run under `xvfb-run -a swift test` (Scripts/test does)"))
    func settingShouldCloseEndsTheLoop() throws {
        let host = try WindowHost(width: 16, height: 16)
        var count = 0
        host.run { frame in
            count += 1
            if frame.index == 2 { host.shouldClose = true }
        }
        #expect(count == 3)
        #expect(host.shouldClose)
    }

    /// The frame loop fires the thread's display links before each frame is drawn.
    @Test(.enabled(if: hasDisplay, "no DISPLAY: run under `xvfb-run -a swift test` (Scripts/test does)"))
    func displayLinksFireOncePerFrameBeforeDrawing() throws {
        let host = try WindowHost(width: 16, height: 16, vsync: false)
        var order: [String] = []
        var stamps: [CFTimeInterval] = []
        let link = CADisplayLink { link in
            order.append("link")
            stamps.append(link.timestamp)
        }
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        let before = CACurrentMediaTime()
        host.run(maxFrames: 3) { _ in order.append("frame") }
        #expect(order == ["link", "frame", "link", "frame", "link", "frame"])
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
        // In CACurrentMediaTime()'s timebase, a refresh apart from the target.
        #expect(stamps.allSatisfy { $0 >= before && $0 <= CACurrentMediaTime() })
        #expect(abs(link.duration - host.refreshInterval) < 1e-9 && host.refreshInterval > 0)
    }

    /// Without a display, GLFW's failure is a typed error naming the step.
    @Test(.enabled(if: !hasDisplay, "a DISPLAY is set, so glfwInit succeeds"))
    func withoutADisplayInitThrows() {
        #expect {
            try WindowHost(width: 16, height: 16)
        } throws: { error in
            guard case HostError.glfwFailed(let step, let reason) = error else { return false }
            return step == "glfwInit" && !reason.isEmpty
                && (error as? HostError)?.description.hasPrefix("glfwInit failed: ") == true
        }
    }

    @Test func keyNames() {
        #expect(Key.letter("a") == Key(rawValue: 65))
        #expect(Key.digit(7) == Key(rawValue: 55))
        #expect(Key.function(1) == Key(rawValue: 290))
        #expect(Key.escape.rawValue == 256)
    }
}
