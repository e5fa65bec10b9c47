import Foundation
import Strata
import StrataGL
import StrataHost
import StrataLayerRaster
import StrataRender
import Testing

/// Batches shaded with `layer.frag` compiled for just their features must give
/// the same pixels as the whole program.
@Suite struct SpecializedProgramTests {
    /// Every feature of the layer program, in batches of one kind and in mixed ones.
    func everything() -> CALayer {
        let r = root(240, 160)
        // Plain rounded cards (bodies only), then bordered ones.
        for i in 0..<6 {
            let card = layer(
                CGRect(x: 0, y: 0, width: 30, height: 20), CGPoint(x: 25 + CGFloat(i) * 36, y: 20),
                CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 0.9))
            card.cornerRadius = 5
            if i >= 3 { card.borderWidth = 2; card.borderColor = CGColor(gray: 1, alpha: 0.7) }
            r.addSublayer(card)
        }
        // A shadow, a gradient, contents, a clip with a rotated child, abutting cells (hard edges).
        let shadowed = layer(
            CGRect(x: 0, y: 0, width: 40, height: 30), CGPoint(x: 40, y: 70),
            CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1))
        shadowed.shadowOpacity = 0.7
        shadowed.shadowRadius = 5
        shadowed.shadowOffset = CGSize(width: 3, height: 4)
        r.addSublayer(shadowed)
        let gradient = CAGradientLayer()
        gradient.bounds = CGRect(x: 0, y: 0, width: 50, height: 30)
        gradient.position = CGPoint(x: 110, y: 70)
        gradient.colors = [
            CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5),
        ]
        gradient.cornerRadius = 6
        r.addSublayer(gradient)
        let picture = layer(CGRect(x: 0, y: 0, width: 40, height: 30), CGPoint(x: 180, y: 70), nil)
        var px: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { px += [UInt8(x * 32), UInt8(y * 32), 128, 255] } }
        picture.contents = CGImage(width: 8, height: 8, pixels: px, label: "ramp")
        picture.cornerRadius = 8
        picture.masksToBounds = true
        r.addSublayer(picture)
        let clipper = layer(
            CGRect(x: 0, y: 0, width: 60, height: 40), CGPoint(x: 50, y: 125),
            CGColor(gray: 0.3, alpha: 1))
        clipper.cornerRadius = 12
        // Continuous corners: on the clipper's own body and on the clip it makes.
        clipper.cornerCurve = .continuous
        clipper.masksToBounds = true
        let child = layer(
            CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 30, y: 20),
            CGColor(red: 0.1, green: 0.9, blue: 0.4, alpha: 1))
        child.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        clipper.addSublayer(child)
        r.addSublayer(clipper)
        let stretched = layer(CGRect(x: 0, y: 0, width: 70, height: 40), CGPoint(x: 130, y: 125), nil)
        stretched.contents = CGImage(width: 8, height: 8, pixels: px, label: "ramp")
        stretched.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        r.addSublayer(stretched)
        // A group whose opacity needs a pass (a composite).
        let group = layer(
            CGRect(x: 0, y: 0, width: 40, height: 40), CGPoint(x: 205, y: 125),
            CGColor(red: 0.9, green: 0.2, blue: 0.6, alpha: 1))
        group.opacity = 0.5
        group.addSublayer(
            layer(
                CGRect(x: 0, y: 0, width: 30, height: 30), CGPoint(x: 25, y: 25),
                CGColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)))
        r.addSublayer(group)
        // A card masked by a translucent layer: drawn where its pass's composite was, reading the
        // mask's pass texel for pixel.
        let masked = layer(
            CGRect(x: 0, y: 0, width: 30, height: 30), CGPoint(x: 170, y: 140),
            CGColor(red: 0.3, green: 0.8, blue: 0.9, alpha: 1))
        let veil = CALayer()
        veil.frame = CGRect(x: 5, y: 0, width: 20, height: 30)
        veil.backgroundColor = CGColor(gray: 0, alpha: 0.6)
        masked.mask = veil
        r.addSublayer(masked)
        // Cards masked by an ellipse: turned, a card reads the ellipse's bitmap through the
        // bitmap's map; square to the device (and rounded, so that its pass keeps an item),
        // by position.
        for (y, turned) in [(95.0, true), (115.0, false)] {
            let card = layer(
                CGRect(x: 0, y: 0, width: 16, height: 16), CGPoint(x: 10, y: y),
                CGColor(red: turned ? 0.9 : 0.2, green: 0.9, blue: turned ? 0.2 : 0.9, alpha: 1))
            if !turned { card.cornerRadius = 3 }
            let ellipse = CAShapeLayer()
            ellipse.frame = CGRect(x: 3, y: 4, width: 10, height: 8)
            ellipse.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 8), transform: nil)
            if turned { ellipse.transform = CATransform3DMakeRotation(0.4, 0, 0, 1) }
            card.mask = ellipse
            r.addSublayer(card)
        }
        // A progress ring: a trimmed circle's stroke, drawn as an arc.
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 208, y: 45, width: 30, height: 30)
        ring.path = CGPath(ellipseIn: CGRect(x: 3, y: 3, width: 24, height: 24), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 1, green: 0.3, blue: 0.5, alpha: 1)
        ring.lineWidth = 4
        ring.lineCap = .round
        ring.strokeEnd = 0.7
        r.addSublayer(ring)
        // A spinner: a dashed circle's stroke, drawn as dashes.
        let spinner = CAShapeLayer()
        spinner.frame = CGRect(x: 208, y: 120, width: 30, height: 30)
        spinner.path = CGPath(ellipseIn: CGRect(x: 3, y: 3, width: 24, height: 24), transform: nil)
        spinner.fillColor = nil
        spinner.strokeColor = CGColor(red: 0.3, green: 0.5, blue: 1, alpha: 1)
        spinner.lineWidth = 3
        spinner.lineDashPattern = [6, 4]
        spinner.lineDashPhase = 2
        r.addSublayer(spinner)
        // A blend mode that reads the backdrop, over the ring.
        let tinted = layer(
            CGRect(x: 0, y: 0, width: 14, height: 14), CGPoint(x: 223, y: 60),
            CGColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 0.8))
        tinted.compositingFilter = "softLightBlendMode"
        r.addSublayer(tinted)
        // Radial and conic gradients (the axial one is above).
        for (i, type) in [CAGradientLayerType.radial, .conic].enumerated() {
            let g = CAGradientLayer()
            g.type = type
            g.frame = CGRect(x: 206 + CGFloat(i) * 17, y: 80, width: 16, height: 16)
            g.colors = [CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 0.6, blue: 0.3, alpha: 1)]
            g.startPoint = CGPoint(x: 0.5, y: 0.5)
            g.endPoint = CGPoint(x: 1, y: 1)
            r.addSublayer(g)
        }
        return r
    }

    @Test func specializedProgramsDrawWhatTheWholeProgramDraws() throws {
        let size = CGSize(width: 240, height: 160)
        let background = CGColor(gray: 0.1, alpha: 1)
        // With a rasterizer: the turned ellipse that masks a card is a bitmap.
        let list = Flattener(
            size: size, background: background, rasterizer: try StandardLayerRasterizer.shapesAndText()
        )
        .renderList(for: everything())
        let features = list.passes.flatMap(\.items).reduce(into: LayerFeatures()) { $0.formUnion($1.layerFeatures) }
        #expect(features == .all, "the scene misses features: \(features.rawValue)")
        let specialized = try OffscreenRenderer()
        let whole = try OffscreenRenderer()
        whole.specializesLayerProgram = false
        let a = try specialized.render(list)
        let b = try whole.render(list)
        #expect(a.stats.drawCalls == b.stats.drawCalls, "specializing adds no draw calls")
        #expect(a.image.pixels == b.image.pixels)
    }

    /// Each feature compiles alone and with bodies: no part of `layer.frag` leans on
    /// another part that a batch could lack.
    @Test func everyFeatureCompilesAloneAndWithBodies() throws {
        let host = try OffscreenHost(width: 4, height: 4)
        try host.withCurrent {
            let library = try ShaderLibrary(context: host.context)
            for bit in 0..<32 {
                let feature = LayerFeatures(rawValue: 1 << UInt32(bit))
                guard LayerFeatures.all.contains(feature) else { continue }
                for features in [feature, feature.union(.bodies)] {
                    _ = try library.program(
                        vertex: "layer.vert", fragment: "layer.frag", defines: features.shaderDefines)
                }
            }
        }
    }

    @Test func batchesCarryTheUnionOfTheirItemsFeatures() {
        let list = Flattener(size: CGSize(width: 240, height: 160)).renderList(for: everything())
        let screen = list.passes[list.passes.count - 1].items
        // Batch ranges index the drawing order, which may move an item to an earlier batch.
        let (batches, order) = Batcher.plan(screen) { _ in .page(0) }
        for batch in batches where batch.shading == .layer {
            let union = batch.range.reduce(into: LayerFeatures()) {
                $0.formUnion(screen[order?[$1] ?? $1].layerFeatures)
            }
            #expect(batch.features == union)
        }
        // The six cards come first: plain ones need only their shapes, bordered ones borders too.
        #expect(screen[0].layerFeatures == [.bodies, .shapes])
        #expect(screen[3].layerFeatures == [.bodies, .shapes, .borders])
        #expect(batches.first?.features.contains(.shadows) == true, "one batch up to the first texture change")
    }
}
