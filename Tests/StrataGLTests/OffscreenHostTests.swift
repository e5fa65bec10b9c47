import CEpoxy
import Foundation
import StrataGL
import StrataHost
import Testing
import _StrataTestSupport

/// Headless EGL hosts: contexts, parallel use, readback orientation, drawing.
@Suite struct OffscreenHostTests {
    /// Each case runs on its own host, in parallel with the others (Swift Testing
    /// runs arguments concurrently), and must read back exactly its own colour.
    @Test(
        arguments: [
            [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [51, 102, 153, 255], [0, 0, 0, 0],
        ] as [[UInt8]])
    func clearReadsBackExactColour(rgba: [UInt8]) throws {
        let host = try OffscreenHost(width: 13, height: 7)
        host.withCurrent { clear(rgba) }
        let pixels = host.readPixels()
        #expect(pixels.count == 13 * 7 * 4)
        #expect(pixels == Array([[UInt8]](repeating: rgba, count: 13 * 7).joined()))
    }

    /// Two hosts used from many threads at once: the per-host lock keeps each
    /// clear-and-read on one host atomic.
    @Test func twoHostsShareThreadsSafely() throws {
        let hosts = [try OffscreenHost(width: 8, height: 8), try OffscreenHost(width: 8, height: 8)]
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 16) { iteration in
            let value = UInt8(iteration * 15)
            let rgba: [UInt8] = [value, 255 - value, UInt8(iteration), 255]
            let pixels = hosts[iteration % 2].withCurrent {
                clear(rgba)
                return hosts[iteration % 2].framebuffer.readPixels()
            }
            if pixels != Array([[UInt8]](repeating: rgba, count: 64).joined()) {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    /// GL's framebuffer row 0 is the bottom; readPixels returns the top row first.
    @Test func readPixelsIsTopRowFirst() throws {
        let host = try OffscreenHost(width: 4, height: 6)
        host.withCurrent {
            clear([255, 0, 0, 255])
            // Scissor the top 2 rows in GL's bottom-left coordinates: y 4..<6.
            sglEnable(GLenum(GL_SCISSOR_TEST))
            sglScissor(0, 4, 4, 2)
            clear([0, 0, 255, 255])
            sglDisable(GLenum(GL_SCISSOR_TEST))
        }
        let pixels = host.readPixels()
        #expect(Array(pixels[0..<4]) == [0, 0, 255, 255])  // top-left
        #expect(Array(pixels[(2 * 4 * 4)..<(2 * 4 * 4 + 4)]) == [255, 0, 0, 255])  // row 2
        #expect(Array(pixels[(5 * 4 * 4)..<(5 * 4 * 4 + 4)]) == [255, 0, 0, 255])  // bottom row
    }

    /// A triangle over the lower-left half, drawn with Shaders/test_fill.
    @Test func drawsTriangleWithTestShader() throws {
        let host = try OffscreenHost(width: 32, height: 32)
        let position = GLVertexAttribute("a_position", location: 0, components: 2, offset: 0)
        try host.withCurrent {
            let library = try ShaderLibrary(context: host.context)
            let program = try library.program(
                vertex: "test_fill.vert", fragment: "test_fill.frag",
                attributes: [position])
            #expect(
                try library.program(
                    vertex: "test_fill.vert", fragment: "test_fill.frag",
                    attributes: [position]) === program, "cached per context")
            let vertices = try GLBuffer(context: host.context, target: .vertex, label: "triangle")
            try vertices.stream([-1, -1, 1, -1, -1, 1] as [Float])
            let vertexArray = try GLVertexArray(context: host.context, label: "triangle")
            vertexArray.setAttributes([position], buffer: vertices, stride: 8)

            clear([0, 0, 0, 255])
            program.use()
            #expect(program.uniform("u_color") >= 0)
            #expect(program.uniform("u_missing") == -1)
            program.setUniform("u_color", SIMD4<Float>(0, 1, 0, 1))
            sglDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            #expect(sglGetError() == GLenum(GL_NO_ERROR))
        }
        let pixels = host.readPixels()
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 32 + x) * 4..<(y * 32 + x) * 4 + 4]) }
        #expect(pixel(2, 29) == [0, 255, 0, 255], "bottom-left is inside")
        #expect(pixel(29, 2) == [0, 0, 0, 255], "top-right is outside")
        // The hypotenuse runs from the bottom-right to the top-left corner.
        #expect(pixel(5, 10) == [0, 255, 0, 255], "below the hypotenuse")
        #expect(pixel(25, 15) == [0, 0, 0, 255], "above the hypotenuse")
    }

    @Test func contextIsCoreThreeThreeOrLater() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        let info = host.context.info
        #expect((info.majorVersion, info.minorVersion) >= (3, 3))
        #expect(info.isCoreProfile)
        #expect(info.maxTextureSize >= 2048)
        #expect(!info.renderer.isEmpty)
        #expect(!host.eglSummary.isEmpty)
        print("OffscreenHost: \(host.eglSummary); \(info)")
    }

    @Test func resizeChangesTheReadbackSize() throws {
        let host = try OffscreenHost(width: 4, height: 4)
        try host.resize(width: 10, height: 3)
        #expect((host.width, host.height) == (10, 3))
        host.withCurrent { clear([1, 2, 3, 4]) }
        #expect(host.readPixels() == Array([[UInt8]](repeating: [1, 2, 3, 4], count: 30).joined()))
        #expect(throws: HostError.invalidSize(width: 0, height: 3)) { try host.resize(width: 0, height: 3) }
    }

    /// Nesting one host in another on one thread puts the outer context back.
    @Test func nestedHostsRestoreTheOuterContext() throws {
        let outer = try OffscreenHost(width: 2, height: 2)
        let inner = try OffscreenHost(width: 2, height: 2)
        outer.withCurrent {
            #expect(outer.context.isCurrent)
            inner.withCurrent {
                #expect(inner.context.isCurrent && !outer.context.isCurrent)
                outer.withCurrent { #expect(outer.context.isCurrent) }
            }
            #expect(outer.context.isCurrent && !inner.context.isCurrent)
        }
        #expect(!outer.context.isCurrent)
    }

    @Test func emptySizeIsATypedError() {
        #expect(throws: HostError.invalidSize(width: 0, height: 5)) { try OffscreenHost(width: 0, height: 5) }
    }

    @Test func errorMessagesNameTheStep() {
        #expect(
            HostError.eglCallFailed(step: "eglInitialize", code: 0x3001).description
                == "eglInitialize failed (EGL_NOT_INITIALIZED)")
        #expect(
            HostError.noCoreContext(tried: ["3.3", "4.6"], code: 0x3009).description
                == "no OpenGL 3.3+ core context (tried 3.3, 4.6): EGL_BAD_MATCH")
    }
}

/// Clears the bound framebuffer to `rgba` (bytes).
func clear(_ rgba: [UInt8]) {
    sglClearColor(Float(rgba[0]) / 255, Float(rgba[1]) / 255, Float(rgba[2]) / 255, Float(rgba[3]) / 255)
    sglClear(GLbitfield(GL_COLOR_BUFFER_BIT))
}
