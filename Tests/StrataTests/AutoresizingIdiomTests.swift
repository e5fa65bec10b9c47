import Foundation
import Testing

@testable import Strata

/// macOS layer code that sizes sublayers with `autoresizingMask`, and the
/// layer properties Strata keeps without acting on them, written as
/// QuartzCore code writes them.
@Suite struct AutoresizingIdiomTests {
    /// A superlayer of 200 × 100 with a sublayer at `frame` resizing by `mask`.
    private func sublayer(_ frame: CGRect, _ mask: CAAutoresizingMask, in superlayer: CALayer) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.autoresizingMask = mask
        superlayer.addSublayer(layer)
        return layer
    }

    private func near(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-9) -> Bool {
        abs(Double(a.minX - b.minX)) <= tolerance && abs(Double(a.minY - b.minY)) <= tolerance
            && abs(Double(a.width - b.width)) <= tolerance && abs(Double(a.height - b.height)) <= tolerance
    }

    @Test func sublayersFollowTheirSuperlayersSizeByTheirMasks() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let superlayer = CALayer()
        superlayer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let fill = sublayer(
            CGRect(x: 10, y: 10, width: 180, height: 80), [.layerWidthSizable, .layerHeightSizable],
            in: superlayer)
        let pinnedRight = sublayer(CGRect(x: 150, y: 10, width: 40, height: 20), .layerMinXMargin, in: superlayer)
        let centred = sublayer(
            CGRect(x: 80, y: 40, width: 40, height: 20),
            [.layerMinXMargin, .layerMaxXMargin, .layerMinYMargin, .layerMaxYMargin], in: superlayer)
        let shared = sublayer(
            CGRect(x: 10, y: 0, width: 60, height: 100), [.layerWidthSizable, .layerMaxXMargin],
            in: superlayer)
        let fixed = sublayer(CGRect(x: 5, y: 5, width: 10, height: 10), [], in: superlayer)
        let fromNothing = sublayer(
            CGRect(x: 0, y: 0, width: 0, height: 10), [.layerMinXMargin, .layerWidthSizable],
            in: superlayer)
        let nested = CALayer()
        nested.frame = CGRect(x: 0, y: 0, width: 180, height: 80)
        nested.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        fill.addSublayer(nested)

        superlayer.bounds.size = CGSize(width: 300, height: 150)  // +100 wide, +50 high

        // One flexible part takes the whole change.
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 280, height: 130))
        #expect(pinnedRight.frame == CGRect(x: 250, y: 10, width: 40, height: 20))
        // Flexible parts share it in proportion to their lengths: a centred layer stays centred.
        #expect(centred.frame == CGRect(x: 130, y: 65, width: 40, height: 20))
        // Width 60 and right margin 130 share +100: 60 + 100 × 60 / 190.
        #expect(near(shared.frame, CGRect(x: 10, y: 0, width: 60 + 100 * 60.0 / 190, height: 100)))
        #expect(fixed.frame == CGRect(x: 5, y: 5, width: 10, height: 10))
        // Flexible parts of no length share it evenly.
        #expect(fromNothing.frame == CGRect(x: 50, y: 0, width: 50, height: 10))
        // A resized sublayer resizes its own sublayers.
        #expect(nested.frame == CGRect(x: 0, y: 0, width: 280, height: 130))

        // Back to the old size, back to the old frames.
        superlayer.bounds.size = CGSize(width: 200, height: 100)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 180, height: 80))
        #expect(near(centred.frame, CGRect(x: 80, y: 40, width: 40, height: 20)))
        #expect(near(shared.frame, CGRect(x: 10, y: 0, width: 60, height: 100)))
        #expect(nested.frame == CGRect(x: 0, y: 0, width: 180, height: 80))
    }

    @Test func settingTheFrameOrKeyValueCodingResizesToo() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let superlayer = CALayer()
        superlayer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let bar = sublayer(
            CGRect(x: 0, y: 90, width: 200, height: 10), [.layerWidthSizable, .layerMinYMargin],
            in: superlayer)
        superlayer.frame = CGRect(x: 20, y: 20, width: 400, height: 300)
        #expect(bar.frame == CGRect(x: 0, y: 290, width: 400, height: 10))
        superlayer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 100, height: 50)), forKey: "bounds")
        #expect(bar.frame == CGRect(x: 0, y: 40, width: 100, height: 10))
        #expect(
            bar.value(forKey: "autoresizingMask") as? UInt32
                == CAAutoresizingMask([.layerWidthSizable, .layerMinYMargin]).rawValue)
        bar.setValue(CAAutoresizingMask.layerMaxYMargin.rawValue, forKey: "autoresizingMask")
        #expect(bar.autoresizingMask == .layerMaxYMargin)
        #expect(CALayer().autoresizingMask == kCALayerNotSizable)
    }

    final class ResizeLog: CALayer {
        var oldSizes: [CGSize] = []
        override func resize(withOldSuperlayerSize size: CGSize) {
            oldSizes.append(size)
            super.resize(withOldSuperlayerSize: size)
        }
    }

    final class NoResizing: CALayer {
        override func resizeSublayers(withOldSize size: CGSize) {}
    }

    @Test func theResizingMethodsAreCalledAndCanBeOverridden() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let superlayer = CALayer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let log = ResizeLog()
        log.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        log.autoresizingMask = .layerWidthSizable
        superlayer.addSublayer(log)
        superlayer.layoutIfNeeded()
        #expect(!superlayer.needsLayout())
        superlayer.bounds.origin = CGPoint(x: 5, y: 5)  // no change of size: nothing to do
        #expect(log.oldSizes.isEmpty && !superlayer.needsLayout())
        superlayer.bounds.size.width = 150
        #expect(log.oldSizes == [CGSize(width: 100, height: 100)])
        #expect(log.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        // As in Core Animation, a change of size marks the layer for layout.
        #expect(superlayer.needsLayout())

        let manual = NoResizing()
        manual.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = sublayer(CGRect(x: 0, y: 0, width: 100, height: 100), .layerWidthSizable, in: manual)
        manual.bounds.size.width = 300
        #expect(child.frame.width == 100)
        child.resize(withOldSuperlayerSize: CGSize(width: 100, height: 100))
        #expect(child.frame.width == 300)
    }

    @Test func resizedSublayersAnimateWithTheirSuperlayer() {
        let stage = Stage()
        let panel = CALayer()
        panel.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let fill = sublayer(
            CGRect(x: 0, y: 0, width: 200, height: 100), [.layerWidthSizable, .layerHeightSizable],
            in: panel)
        stage.show(panel)
        panel.bounds.size = CGSize(width: 300, height: 100)
        #expect(fill.bounds.size == CGSize(width: 300, height: 100))
        #expect(panel.animation(forKey: "bounds") != nil)
        #expect(fill.animation(forKey: "bounds") != nil && fill.animation(forKey: "position") != nil)
        stage.tick(0)
        let f = CAMediaTimingFunction(name: .default).evaluate(0.5)
        #expect(abs(Double(stage.sample(fill, at: 0.125).bounds.width) - (200 + 100 * f)) < 1e-6)
    }

    /// Lays its sublayers out side by side, as `layoutSublayers()` overrides do.
    final class RowLayer: CALayer {
        var layouts = 0
        override func layoutSublayers() {
            layouts += 1
            super.layoutSublayers()
            let parts = sublayers ?? []
            let width = bounds.width / CGFloat(max(1, parts.count))
            for (i, part) in parts.enumerated() {
                part.frame = CGRect(x: CGFloat(i) * width, y: 0, width: width, height: bounds.height)
            }
        }
    }

    @Test func layersLayOutAtTheNextTickAfterTheirBoundsChange() {
        let stage = Stage()
        let row = RowLayer()
        row.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        let inner = RowLayer()
        row.addSublayer(CALayer())
        row.addSublayer(inner)
        inner.addSublayer(CALayer())
        stage.show(row)  // the tick lays the new sublayers out
        #expect(row.layouts == 1 && inner.layouts == 1)
        #expect(inner.frame == CGRect(x: 50, y: 0, width: 50, height: 50))
        #expect(inner.sublayers?.first?.frame == CGRect(x: 0, y: 0, width: 50, height: 50))

        CATransaction.setDisableActions(true)
        row.bounds.size.width = 200
        #expect(row.needsLayout() && row.layouts == 1)
        stage.tick(0)
        // The superlayer first; its layout resized `inner`, which then laid itself out in the same tick.
        #expect(row.layouts == 2 && !row.needsLayout())
        #expect(inner.frame == CGRect(x: 100, y: 0, width: 100, height: 50))
        #expect(inner.layouts == 2 && inner.sublayers?.first?.frame.width == 100)
        stage.tick(1)
        #expect(row.layouts == 2 && inner.layouts == 2)  // nothing changed: no layout
    }

    /// Counts its displays and layouts.
    final class Marked: CALayer {
        var displays = 0, layouts = 0
        override func display() { displays += 1 }
        override func layoutSublayers() { layouts += 1 }
    }

    @Test func aLayerAtTheAddressOfOneThatWentIsStillLaidOutAndDisplayed() throws {
        let stage = Stage()
        // A layer marked and dropped before any tick; the next one made often reuses its memory.
        var gone: ObjectIdentifier?
        weak var dropped: Marked?
        do {
            let first = Marked()
            first.setNeedsLayout()
            first.setNeedsDisplay()
            gone = ObjectIdentifier(first)
            dropped = first
        }
        #expect(dropped == nil)
        var reused: Marked?
        var kept: [Marked] = []
        for _ in 0..<10_000 {
            let candidate = Marked()
            if ObjectIdentifier(candidate) == gone {
                reused = candidate
                break
            }
            kept.append(candidate)
        }
        // The allocator may hand the address to something else first (the suite's other
        // tests allocate on other threads): then there is nothing to check this run.
        guard let layer = reused else { return }
        layer.setNeedsLayout()
        layer.setNeedsDisplay()
        stage.show(layer)
        #expect(layer.layouts == 1)
        #expect(layer.displays == 1)
    }

    /// Layers marked outside the ticked tree are set aside by its ticks, and
    /// looked at again once a layer is linked into a tree: as a sublayer, as
    /// a mask, or inside a subtree that joins.
    @Test func aLayerMarkedOutsideTheTreeIsLaidOutAndDisplayedOnceItJoins() {
        let stage = Stage()
        let host = stage.show(CALayer())
        let loose = Marked(), looseMask = Marked(), deep = Marked()
        let branch = CALayer()
        branch.addSublayer(deep)
        for layer in [loose, looseMask, deep] {
            layer.setNeedsLayout()
            layer.setNeedsDisplay()
        }
        stage.tick(0.1)
        stage.tick(0.2)
        #expect([loose, looseMask, deep].allSatisfy { $0.layouts == 0 && $0.displays == 0 })
        host.addSublayer(loose)
        stage.tick(0.3)
        #expect(loose.layouts == 1 && loose.displays == 1)
        #expect(looseMask.layouts == 0 && deep.layouts == 0)
        host.mask = looseMask
        stage.tick(0.4)
        #expect(looseMask.layouts == 1 && looseMask.displays == 1)
        host.addSublayer(branch)
        stage.tick(0.5)
        #expect(deep.layouts == 1 && deep.displays == 1)
        stage.tick(0.6)
        #expect([loose, looseMask, deep].allSatisfy { $0.layouts == 1 && $0.displays == 1 })
    }

    @Test func preferredFrameSizeIsTheBoundsSizeInTheSuperlayer() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        #expect(layer.preferredFrameSize() == CGSize(width: 40, height: 30))
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(layer.preferredFrameSize() == CGSize(width: 80, height: 90))
    }

    // MARK: Properties kept without changing the drawing

    final class Stripes: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
        }
    }

    @Test func drawsAsynchronouslyIsKeptAndDrawsTheSame() throws {
        let layer = Stripes()
        #expect(!layer.drawsAsynchronously)
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 4)
        layer.display()
        let synchronous = try #require(layer.contents as? CGImage)
        layer.drawsAsynchronously = true
        #expect(layer.drawsAsynchronously)
        #expect(layer.value(forKey: "drawsAsynchronously") as? Bool == true)
        #expect(CALayer(layer: layer).drawsAsynchronously)
        // Drawing still happens when asked, at once, and makes the same bitmap.
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let asynchronous = try #require(layer.contents as? CGImage)
        #expect(asynchronous !== synchronous)
        #expect(asynchronous.width == synchronous.width && asynchronous.height == synchronous.height)
        #expect(asynchronous.pixels == synchronous.pixels)
        layer.setValue(false, forKey: "drawsAsynchronously")
        #expect(!layer.drawsAsynchronously)
    }

    @Test func renderingHintsAndFiltersAreKept() {
        let layer = CALayer()
        #expect(layer.contentsFormat == .RGBA8Uint && layer.minificationFilterBias == 0)
        #expect(layer.filters == nil && layer.backgroundFilters == nil && !layer.wantsExtendedDynamicRangeContent)
        layer.contentsFormat = .gray8Uint
        layer.minificationFilterBias = -0.5
        layer.filters = ["blur"]
        layer.backgroundFilters = []
        layer.wantsExtendedDynamicRangeContent = true
        let copy = CALayer(layer: layer)
        #expect(copy.contentsFormat == .gray8Uint && copy.minificationFilterBias == -0.5)
        #expect(copy.filters?.first as? String == "blur" && copy.backgroundFilters?.isEmpty == true)
        #expect(copy.wantsExtendedDynamicRangeContent)
        #expect(layer.value(forKey: "contentsFormat") as? String == "Gray8")
        layer.setValue(nil, forKey: "filters")
        #expect(layer.filters == nil)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) > 1.5)
        #expect(layer.shouldArchiveValue(forKey: "position"))

        let text = CATextLayer()
        #expect(!text.allowsFontSubpixelQuantization)
        text.allowsFontSubpixelQuantization = true
        #expect(CATextLayer(layer: text).allowsFontSubpixelQuantization)
        #expect(text.value(forKey: "allowsFontSubpixelQuantization") as? Bool == true)
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        #expect(spin.preferredFrameRateRange == .default)
        spin.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        #expect((spin.copy() as? CABasicAnimation)?.preferredFrameRateRange.preferred == 60)
    }
}
