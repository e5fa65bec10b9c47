import Foundation
import Testing

@testable import Strata

/// `LayerContent`: what each layer class draws beyond `CALayer`'s own
/// properties, as the values the renderer reads.
@Suite struct LayerContentTests {
    let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5)

    @Test func eachClassSaysItsKind() {
        final class Ring: CAShapeLayer {}
        #expect(CALayer().contentKind == .plain)
        #expect(CATransformLayer().contentKind == .transformLayer)
        #expect(CAGradientLayer().contentKind == .gradient)
        #expect(CAShapeLayer().contentKind == .shape)
        #expect(CATextLayer().contentKind == .text)
        #expect(CAReplicatorLayer().contentKind == .replicator)
        #expect(CAEmitterLayer().contentKind == .emitter)
        // A subclass draws what its Strata class draws.
        #expect(Ring().contentKind == .shape)
        for layer in [
            CALayer(), CATransformLayer(), CAGradientLayer(), CAShapeLayer(), CATextLayer(),
            CAReplicatorLayer(), CAEmitterLayer(), Ring(),
        ] {
            #expect(layer.drawnContent.kind == layer.contentKind)
        }
        #expect(CAShapeLayer().contentKind.className == "CAShapeLayer")
        #expect(LayerContent.Kind.plain.className == "CALayer")
    }

    @Test func gradientCarriesColorsLocationsPointsAndType() throws {
        let g = CAGradientLayer()
        g.colors = [red, "not a colour", blue]
        g.locations = [0.25, 0.75]
        g.startPoint = CGPoint(x: 0, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.25)
        g.type = .radial
        guard case .gradient(let content) = g.drawnContent else { Issue.record("not a gradient"); return }
        #expect(content.colors == [red, blue])
        #expect(content.locations == [0.25, 0.75])
        #expect(content.startPoint == CGPoint(x: 0, y: 0.5) && content.endPoint == CGPoint(x: 1, y: 0.25))
        #expect(content.type == .radial)
        #expect(CAGradientLayer().gradientContent.locations == nil)
        #expect(CAGradientLayer().gradientContent.colors.isEmpty)
    }

    @Test func shapeCarriesPathPaintAndStroke() throws {
        let s = CAShapeLayer()
        let defaults = s.shapeContent
        #expect(defaults.path == nil && defaults.fillColor == .black && defaults.strokeColor == nil)
        #expect(defaults.fillRule == .winding && defaults.lineCap == .butt && defaults.lineJoin == .miter)
        #expect(defaults.lineWidth == 1 && defaults.miterLimit == 10 && defaults.lineDashPattern.isEmpty)
        #expect(defaults.strokeStart == 0 && defaults.strokeEnd == 1)

        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil)
        s.path = path
        s.fillColor = nil
        s.fillRule = .evenOdd
        s.strokeColor = red
        s.lineWidth = 3
        s.lineCap = .round
        s.lineJoin = .bevel
        s.miterLimit = 4
        s.lineDashPattern = [4, 2]
        s.lineDashPhase = 1
        s.strokeStart = 0.1
        s.strokeEnd = 0.9
        guard case .shape(let content) = s.drawnContent else { Issue.record("not a shape"); return }
        #expect(content.path == path)
        #expect(content.fillColor == nil && content.fillRule == .evenOdd)
        #expect(content.strokeColor == red && content.lineWidth == 3)
        #expect(content.lineCap == .round && content.lineJoin == .bevel && content.miterLimit == 4)
        #expect(content.lineDashPattern == [4, 2] && content.lineDashPhase == 1)
        #expect(content.strokeStart == 0.1 && content.strokeEnd == 0.9)
        s.lineCap = .square
        s.lineJoin = .round
        #expect(s.shapeContent.lineCap == .square && s.shapeContent.lineJoin == .round)
    }

    @Test func textCarriesStringFontAndSetting() throws {
        let t = CATextLayer()
        t.string = NSAttributedString(string: "Hello")
        t.font = "DejaVuSansMono"
        t.fontSize = 17
        t.foregroundColor = blue
        t.isWrapped = true
        t.alignmentMode = .center
        t.truncationMode = .middle
        guard case .text(let content) = t.drawnContent else { Issue.record("not text"); return }
        #expect(content.string == "Hello")
        #expect(content.fontName == "DejaVuSansMono" && content.fontSize == 17)
        #expect(content.foregroundColor == blue && content.isWrapped)
        #expect(content.alignment == .center && content.truncation == .middle)
        for (mode, alignment) in [
            (CATextLayerAlignmentMode.natural, TextContent.Alignment.natural), (.left, .left),
            (.right, .right), (.center, .center), (.justified, .justified),
            (CATextLayerAlignmentMode(rawValue: "sideways"), .natural),
        ] {
            t.alignmentMode = mode
            #expect(t.textContent.alignment == alignment)
        }
        for (mode, truncation) in [
            (CATextLayerTruncationMode.none, TextContent.Truncation.none), (.start, .start),
            (.end, .end), (.middle, .middle),
            (CATextLayerTruncationMode(rawValue: "edges"), .end),
        ] {
            t.truncationMode = mode
            #expect(t.textContent.truncation == truncation)
        }
        t.string = "plain"
        t.font = nil
        #expect(t.textContent.string == "plain" && t.textContent.fontName == nil)
        #expect(CATextLayer().textContent.string.isEmpty)
    }

    @Test func replicatorCarriesInstancesAndTheirColors() throws {
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        r.instanceCount = 5
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.instanceColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        r.instanceRedOffset = -0.25
        r.instanceAlphaOffset = -0.1
        r.preservesDepth = true
        let dot = CALayer()
        r.addSublayer(dot)
        guard case .replicator(let content) = r.drawnContent else { Issue.record("not a replicator"); return }
        #expect(content.instanceCount == 5 && content.preservesDepth)
        #expect(content.instanceTransform == CATransform3DMakeTranslation(10, 0, 0))
        #expect(r.drawnContent.preservesDepth)
        for k in 0..<5 {
            #expect(r.sublayers(ofInstance: k).first === dot)
            let c = content.color(ofInstance: k).rgba
            #expect(near(Double(c.r), max(0, 1 - 0.25 * Double(k)), 1e-6))
            #expect(near(Double(c.a), 1 - 0.1 * Double(k), 1e-6) && c.g == 1 && c.b == 1)
            #expect(content.color(ofInstance: k) == r.color(ofInstance: k))
        }
        r.preservesDepth = false
        #expect(!r.drawnContent.preservesDepth)
        #expect(CATransformLayer().drawnContent.preservesDepth)
        #expect(!CALayer().drawnContent.preservesDepth)
    }

    @Test func emitterCarriesItsParticles() throws {
        let (stage, emitter, _) = pointEmitter { layer, _ in
            layer.renderMode = .additive
            layer.preservesDepth = true
            layer._batchesParticles = false
        }
        let shown = stage.sample(emitter, at: 5)
        guard case .emitter(let content) = shown.drawnContent else { Issue.record("not an emitter"); return }
        #expect(!content.particles.isEmpty)
        #expect(content.particles == shown.particles())
        #expect(content.renderMode == .additive && content.preservesDepth)
    }

    @Test func presentationCopiesDrawWhatTheirModelsDraw() throws {
        let stage = Stage()
        let root = CALayer()
        let g = CAGradientLayer()
        g.colors = [red, blue]
        let s = CAShapeLayer()
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
        s.strokeColor = red
        let t = CATextLayer()
        t.string = "copy"
        root.sublayers = [g, s, t]
        stage.show(root)
        let shown = try #require(stage.tick(0.1).sublayers?.first?.sublayers)
        #expect(shown.map(\.contentKind) == [.gradient, .shape, .text])
        #expect((shown[0] as? CAGradientLayer)?.gradientContent == g.gradientContent)
        #expect((shown[1] as? CAShapeLayer)?.shapeContent == s.shapeContent)
        #expect((shown[2] as? CATextLayer)?.textContent == t.textContent)
    }
}
