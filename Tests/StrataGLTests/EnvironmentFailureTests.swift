import Foundation
import Strata
import StrataHost
import StrataRender
import Testing

@testable import StrataGL

/// What the outside world can fail at (no EGL, no display, a shader that does
/// not compile, an incomplete framebuffer, no memory for a texture or the
/// atlas, a lost context) comes back as a typed error naming what failed,
/// or is recovered from; never a crash. The GL failures llvmpipe does not
/// produce by itself are injected (`GLContext.injectFailure`).
@Suite struct EnvironmentFailureTests {
    static let size = CGSize(width: 16, height: 16)

    /// A tree that needs an atlas slot (an image) and an offscreen pass (group opacity over overlapping sublayers).
    static func tree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let group = CALayer()
        group.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        group.opacity = 0.5
        for x in [0, 2] as [CGFloat] {
            let sub = CALayer()
            sub.frame = CGRect(x: x, y: 0, width: 6, height: 6)
            sub.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            group.addSublayer(sub)
        }
        root.addSublayer(group)
        let image = CALayer()
        image.frame = CGRect(x: 8, y: 8, width: 8, height: 8)
        image.contents = CGImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16), label: "white.png")
        root.addSublayer(image)
        return root
    }

    /// Renders the tree and checks the picture: the image's white and the group's blue.
    static func renderAndCheck(_ renderer: OffscreenRenderer) throws {
        let image = try renderer.render(tree(), size: size, background: CGColor(gray: 0, alpha: 1)).image
        #expect(close(pixel(image, 12, 12), [255, 255, 255, 255]))
        #expect(close(pixel(image, 1, 1), [0, 0, 128, 255]))
    }

    /// Programs are compiled when a frame first needs them: the failure comes
    /// from the first frame, not from making the renderer.
    @Test func aShaderThatFailsToCompileNamesItsFileAndLine() throws {
        let host = try OffscreenHost(width: 16, height: 16)
        let list = Flattener(size: Self.size).renderList(for: Self.tree())
        try host.withCurrent { () throws(GLError) in
            // No program cache: a saved program is loaded, never compiled.
            let shaders = try ShaderLibrary(context: host.context, programCache: nil)
            let renderer = try LayerRenderer(context: host.context, shaders: shaders)
            host.context.injectFailure(.shaderCompile)
            #expect {
                try renderer.render(list, framebuffer: host.drawableFramebuffer, width: 16, height: 16)
            } throws: { error in
                guard case GLError.compileFailed(let file, let diagnostics, _) = error else { return false }
                return file.hasSuffix("layer.vert") && diagnostics.first?.line == 1
                    && "\(error)".contains("layer.vert:1: error: compile failure injected by a test")
            }
            // Nothing half-made is cached: the next frame compiles and draws.
            try renderer.render(list, framebuffer: host.drawableFramebuffer, width: 16, height: 16)
        }
        let pixels = host.readPixels()
        // The image's white, at (12, 12) (top row first).
        #expect(Array(pixels[(12 * 16 + 12) * 4..<(12 * 16 + 12) * 4 + 4]) == [255, 255, 255, 255])
    }

    /// The host's own target (resized to the frame) and an offscreen pass's.
    @Test(arguments: [(1, "strata offscreen"), (16, "pass target pool 0")])
    func anIncompleteFramebufferFailsTheFrameAndTheNextOneDraws(side: Int, failing: String) throws {
        let renderer = try OffscreenRenderer(width: side, height: side)
        renderer.host.context.injectFailure(.framebufferIncomplete)
        #expect {
            try renderer.render(Self.tree(), size: Self.size)
        } throws: { error in
            guard case HostError.gl(.framebufferIncomplete(let label, let status)) = error else { return false }
            return label.hasPrefix(failing) && status == 0x8CDD  // GL_FRAMEBUFFER_UNSUPPORTED
        }
        try Self.renderAndCheck(renderer)
    }

    @Test func noMemoryForAnAtlasPageFailsTheFrameAndTheNextOneDraws() throws {
        let renderer = try OffscreenRenderer()
        renderer.host.context.injectFailure(.textureAllocation)
        #expect {
            try renderer.render(Self.tree(), size: Self.size)
        } throws: { error in
            "\(error)" == "'atlas page 0': GL_OUT_OF_MEMORY after creating a 256×256 texture"
        }
        try Self.renderAndCheck(renderer)
    }

    /// A frame whose contents need more atlas pages than the budget draws
    /// (over it for that frame); the next new contents start the atlas over
    /// within it.
    @Test func aFrameOverTheAtlasBudgetDrawsAndTheAtlasComesBack() throws {
        let renderer = try OffscreenRenderer()
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: Self.size)
        let budget = renderer.resources.maximumPages
        // Wider than a page: each takes a texture of its own, which counts as a page.
        for i in 0...budget {
            let l = CALayer()
            l.frame = CGRect(x: CGFloat(i), y: 0, width: 1, height: 1)
            l.contents = CGImage(
                width: 2100, height: 2, pixels: [UInt8](repeating: 200, count: 2100 * 2 * 4),
                label: "strip \(i)")
            root.addSublayer(l)
        }
        _ = try renderer.render(root, size: Self.size)
        #expect(renderer.resources.dedicatedTextures == budget + 1)
        try Self.renderAndCheck(renderer)
        #expect(renderer.resources.atlasPages + renderer.resources.dedicatedTextures <= budget)
    }

    @Test func aLostContextFailsTheFrameAndTheNextOneDrawsWithANewContext() throws {
        let renderer = try OffscreenRenderer()
        try Self.renderAndCheck(renderer)
        let lostHost = renderer.host
        lostHost.context.injectFailure(.contextLost)
        #expect {
            try renderer.render(Self.tree(), size: Self.size)
        } throws: { error in
            guard case HostError.gl(.contextLost) = error else { return false }
            return "\(error)".contains("the OpenGL context was lost (GL_CONTEXT_LOST)")
        }
        #expect(lostHost.context.wasLost)
        try Self.renderAndCheck(renderer)
        #expect(renderer.host !== lostHost)
        #expect(!renderer.host.context.wasLost)
    }

    /// No EGL vendor library at all (libglvnd finds none): one line, exit 1.
    @Test func noEGLIsAOneLineError() throws {
        let r = try StrataProcess.run(
            ["render", "Resources/Scenes/carousel.scene.json", "-o", "/dev/null"],
            in: StrataProcess.packageRoot,
            environment: [
                "__EGL_VENDOR_LIBRARY_DIRS": "/nonexistent",
                "__EGL_VENDOR_LIBRARY_FILENAMES": nil,
            ],
            timeout: 30)
        #expect(!r.signalled)
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("strata: headless OpenGL: no EGL display: "), "\(r.err)")
        #expect(r.err.filter { $0 == "\n" }.count == 1)
    }

    /// A window with no display to open it on: one line, exit 1.
    @Test func noDisplayIsAOneLineError() throws {
        let r = try StrataProcess.run(
            ["demo", "--frames", "1"],
            environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil], timeout: 30)
        #expect(!r.signalled)
        #expect(r.status == 1)
        #expect(r.err == "strata: window: glfwInit failed: X11: The DISPLAY environment variable is missing\n")
    }
}
