import Foundation
import Testing
import Strata
import StrataRender

@Suite struct LayerInstanceTests {
    @Test func layoutMatchesTheShaderAttributes() {
        #expect(MemoryLayout<LayerInstance>.size == 172)
        #expect(MemoryLayout<LayerInstance>.stride == 172)
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
    }

    @Test func packsFlagsAndFields() {
        var item = DrawItem(kind: .shadow, label: "s", mapping: .identity,
                            quad: CGRect(x: -1, y: -2, width: 12, height: 14), shape: CGRect(x: 0, y: 0, width: 10, height: 10),
                            radii: CornerRadii(minXMinY: 1, maxXMinY: 2, maxXMaxY: 3, minXMaxY: 4), continuousCorners: true,
                            fill: PremultipliedColor(r: 0.25, g: 0.5, b: 0.75, a: 1), opacity: 0.5, clip: 3,
                            blurSigma: 6, antialiasedEdges: 0b0101)
        item.content = .gradient(ramp: 2, type: .conic, start: CGPoint(x: 1, y: 2), end: CGPoint(x: 3, y: 4))
        let i = LayerInstance(item) { _, _ in (0, 0, 0, 0) }
        #expect(i.flags == LayerInstance.Flags.kindShadow | LayerInstance.Flags.hasGradient | (2 << 4)
                | LayerInstance.Flags.continuous | (0b0101 << 8))
        #expect(i.quad == (-1, -2, 12, 14))
        #expect(i.radii == (1, 2, 3, 4))
        #expect(i.params == (0, 0.5, 6, 3))
        #expect(i.content == (1, 2, 3, 4))
        #expect(i.uv.0 == 2)
        let m = i.map
        #expect([m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] == [1, 0, 0, 0, 1, 0, 0, 0, 1])
    }

    /// The shaders are compiled with the Swift values (`layer.frag` has no copies of its own).
    @Test func shaderConstantsComeFromTheSwiftDefinitions() throws {
        let defines = ShaderConstants.defines
        #expect(defines.contains("KIND_SHADOW \(LayerInstance.Flags.kindShadow)"))
        #expect(defines.contains("HAS_TINT \(LayerInstance.Flags.hasTint)"))
        #expect(defines.contains("CLIP_TEXELS \(ClipShape.texelsPerClip)"))
        #expect(defines.contains("RAMP_WIDTH \(GradientRamp.width)"))
        let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Shaders")
        let frag = try String(contentsOf: shaders.appendingPathComponent("layer.frag"), encoding: .utf8)
        for define in defines {
            let name = String(define.prefix { $0 != " " })
            #expect(frag.contains(name), "\(name) is defined for layer.frag but not used")
            #expect(!frag.contains("const int \(name)"), "layer.frag keeps its own \(name)")
        }
    }
}
