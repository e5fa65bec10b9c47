import Foundation
import Strata
import StrataRender
import Testing

@Suite struct LayerInstanceTests {
    @Test func layoutMatchesTheShaderAttributes() {
        #expect(MemoryLayout<LayerInstance>.size == 204)
        #expect(MemoryLayout<LayerInstance>.stride == 204)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.quad) == 36)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.shape) == 52)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.radii) == 68)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.fill) == 84)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.border) == 100)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.params) == 116)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.content) == 132)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.uv) == 148)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.flags) == 164)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.tint) == 168)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.maskRect) == 172)
        #expect(MemoryLayout<LayerInstance>.offset(of: \.maskUV) == 188)
    }

    @Test func packsFlagsAndFields() {
        var item = DrawItem(
            kind: .shadow, mapping: .identity,
            quad: CGRect(x: -1, y: -2, width: 12, height: 14), shape: CGRect(x: 0, y: 0, width: 10, height: 10),
            radii: CornerRadii(minXMinY: 1, maxXMinY: 2, maxXMaxY: 3, minXMaxY: 4), continuousCorners: true,
            fill: PremultipliedColor(r: 0.25, g: 0.5, b: 0.75, a: 1), opacity: 0.5, clip: 3,
            blurSigma: 6, antialiasedEdges: 0b0101)
        item.content = .gradient(ramp: 2, type: .conic, start: CGPoint(x: 1, y: 2), end: CGPoint(x: 3, y: 4))
        let i = LayerInstance(item) { _, _ in (0, 0, 0, 0) }
        #expect(
            i.flags == LayerInstance.Flags.kindShadow | LayerInstance.Flags.hasGradient | (2 << 4)
                | LayerInstance.Flags.continuous | (0b0101 << 8))
        #expect(i.quad == (-1, -2, 12, 14))
        #expect(i.radii == (1, 2, 3, 4))
        #expect(i.params == (0, 0.5, 6, 3))
        #expect(i.content == (1, 2, 3, 4))
        #expect(i.uv.0 == 2)
        let m = i.map
        #expect([m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] == [1, 0, 0, 0, 1, 0, 0, 0, 1])
    }

    /// A radial gradient's focal point rides in the two unused floats of `uv`, kept inside its ellipse.
    @Test func packsARadialFocus() {
        var item = DrawItem(
            kind: .layer, mapping: .identity, quad: CGRect(x: 0, y: 0, width: 10, height: 10),
            shape: CGRect(x: 0, y: 0, width: 10, height: 10))
        item.content = .gradient(
            ramp: 1, type: .radial, start: CGPoint(x: 5, y: 5), end: CGPoint(x: 10, y: 5),
            focus: CGPoint(x: 0.25, y: -0.5))
        let near = LayerInstance(item) { _, _ in (0, 0, 0, 0) }
        #expect(near.uv == (1, 0, 0.25, -0.5))
        #expect(
            near.flags & LayerInstance.Flags.hasGradient != 0
                && (near.flags >> LayerInstance.Flags.gradientTypeShift) & 3 == 1)
        item.content = .gradient(
            ramp: 1, type: .radial, start: .zero, end: CGPoint(x: 10, y: 0), focus: CGPoint(x: 0, y: 3))
        let far = LayerInstance(item) { _, _ in (0, 0, 0, 0) }
        #expect(far.uv.2 == 0 && abs(far.uv.3 - 0.999) < 1e-6)
    }

    /// The shaders are compiled with the Swift values (they have no copies of their own).
    @Test func shaderConstantsComeFromTheSwiftDefinitions() throws {
        let defines = ShaderConstants.defines
        #expect(defines.contains("KIND_SHADOW \(LayerInstance.Flags.kindShadow)"))
        #expect(defines.contains("HAS_TINT \(LayerInstance.Flags.hasTint)"))
        #expect(defines.contains("CLIP_TEXELS \(ClipShape.texelsPerClip)"))
        #expect(defines.contains("RAMP_WIDTH \(GradientRamp.width)"))
        let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Shaders")
        var frag = ""
        for file in ["layer.frag", "layer.vert", "clips.glsl", "particles.vert", "particle.frag"] {
            frag += try String(contentsOf: shaders.appendingPathComponent(file), encoding: .utf8)
        }
        for define in defines {
            let name = String(define.prefix { $0 != " " })
            #expect(frag.contains(name), "\(name) is defined for the shaders but not used")
            #expect(!frag.contains("const int \(name)"), "a shader keeps its own \(name)")
        }
    }
}
