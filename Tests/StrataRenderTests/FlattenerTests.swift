import Foundation
import Strata
import StrataLayerRaster
import Testing
import _StrataTestSupport

@testable import StrataRender

/// A layer with the given geometry and background.
func makeLayer(_ name: String, bounds: CGRect, position: CGPoint, color: CGColor? = .white) -> CALayer {
    let layer = CALayer()
    layer.name = name
    layer.bounds = bounds
    layer.position = position
    layer.backgroundColor = color
    return layer
}

func canvasRoot(_ size: CGSize = CGSize(width: 200, height: 100)) -> CALayer {
    makeLayer(
        "root", bounds: CGRect(origin: .zero, size: size),
        position: CGPoint(x: size.width / 2, y: size.height / 2), color: nil)
}

@Suite struct FlattenerTests {
    let flattener = Flattener(size: CGSize(width: 200, height: 100))

    @Test func plainLayerMapsToItsFrame() {
        let root = canvasRoot()
        root.addSublayer(
            makeLayer(
                "a", bounds: CGRect(x: 0, y: 0, width: 40, height: 20),
                position: CGPoint(x: 50, y: 30)))
        let list = flattener.renderList(for: root)
        #expect(list.passes.count == 1)
        let items = list.screen.items
        #expect(items.count == 1)
        let a = items[0]
        #expect(list.label(of: a) == "a")
        #expect(a.shape == CGRect(x: 0, y: 0, width: 40, height: 20))
        // Local (0, 0) is at the frame's origin, (30, 20).
        let p = a.mapping.project(0, 0)!
        #expect(abs(p.x - 30) < 1e-9 && abs(p.y - 20) < 1e-9)
        let q = a.mapping.project(40, 20)!
        #expect(abs(q.x - 70) < 1e-9 && abs(q.y - 40) < 1e-9)
        #expect(a.quad.contains(a.shape))
        #expect(a.fill == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
    }

    @Test func scaleMultipliesDevicePixels() {
        let root = canvasRoot()
        root.addSublayer(
            makeLayer(
                "a", bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                position: CGPoint(x: 5, y: 5)))
        let list = Flattener(size: CGSize(width: 200, height: 100), scale: 2).renderList(for: root)
        #expect(list.pixelWidth == 400 && list.pixelHeight == 200)
        let q = list.screen.items[0].mapping.project(10, 10)!
        #expect(abs(q.x - 20) < 1e-9 && abs(q.y - 20) < 1e-9)
    }

    @Test func aHugeCanvasClampsItsPixelCountInsteadOfTrapping() {
        let list = Flattener(size: CGSize(width: 1e19, height: .infinity), scale: 16).renderList(for: canvasRoot())
        #expect(list.pixelWidth == 1_048_576 && list.pixelHeight == 1)
    }

    @Test func siblingsDrawInStableZPositionOrder() {
        let root = canvasRoot()
        let names = ["a", "b", "c", "d"]
        let z: [CGFloat] = [1, 0, 1, -1]
        for (n, zz) in zip(names, z) {
            let l = makeLayer(n, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 20, y: 20))
            l.zPosition = zz
            root.addSublayer(l)
        }
        let order = flattener.renderList(for: root).screenLabels
        #expect(order == ["d", "b", "a", "c"])
    }

    @Test func hiddenLayersAndSubtreesDrawNothing() {
        let root = canvasRoot()
        let parent = makeLayer("p", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50))
        parent.addSublayer(
            makeLayer(
                "child", bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                position: CGPoint(x: 5, y: 5)))
        parent.isHidden = true
        root.addSublayer(parent)
        #expect(flattener.renderList(for: root).screen.items.isEmpty)
    }

    @Test func singleSidedLayerSeenFromBehindIsCulledWithItsSubtree() {
        let root = canvasRoot()
        let back = makeLayer("back", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50))
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        back.transform = CATransform3DRotate(t, .pi * 150 / 180, 0, 1, 0)
        back.addSublayer(
            makeLayer(
                "child", bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                position: CGPoint(x: 5, y: 5)))
        root.addSublayer(back)
        #expect(flattener.renderList(for: root).screenLabels == ["back", "child"])
        back.isDoubleSided = false
        #expect(flattener.renderList(for: root).screen.items.isEmpty)
    }

    @Test func groupOpacityFoldsWhenNothingOverlaps() {
        let root = canvasRoot()
        let group = makeLayer(
            "g", bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 50, y: 25),
            color: nil)
        group.opacity = 0.5
        group.addSublayer(
            makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 10, y: 10)))
        group.addSublayer(
            makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 40, y: 10)))
        root.addSublayer(group)
        let list = flattener.renderList(for: root)
        #expect(list.passes.count == 1)
        #expect(list.screen.items.map(\.opacity) == [0.5, 0.5])
    }

    @Test func groupOpacityUsesAPassWhenSublayersOverlap() {
        let root = canvasRoot()
        let group = makeLayer(
            "g", bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 50, y: 25),
            color: nil)
        group.opacity = 0.5
        group.addSublayer(
            makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 10, y: 10)))
        group.addSublayer(
            makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 20, y: 20)))
        root.addSublayer(group)
        let list = flattener.renderList(for: root)
        #expect(list.passes.count == 2)
        #expect(list.passes[0].purpose == .groupOpacity)
        #expect(list.passes[0].items.map(\.opacity) == [1, 1])
        let composite = list.screen.items[0]
        #expect(composite.kind == .composite)
        #expect(composite.opacity == 0.5)
        #expect(composite.texture == .pass(0))
        #expect(list.passes[0].bounds.contains(CGRect(x: 0, y: 0, width: 30, height: 30)))
    }

    @Test func transformLayerAppliesOpacityToEachSublayer() {
        let root = canvasRoot()
        let t = CATransformLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        t.position = CGPoint(x: 50, y: 50)
        t.opacity = 0.5
        t.addSublayer(
            makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 10, y: 10)))
        t.addSublayer(
            makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 20, y: 20)))
        root.addSublayer(t)
        let list = flattener.renderList(for: root)
        #expect(list.passes.count == 1)
        #expect(list.screen.items.map(\.opacity) == [0.5, 0.5])
    }

    @Test func transformLayerSortsPlanesByDepth() {
        let root = canvasRoot()
        let t = CATransformLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        t.position = CGPoint(x: 50, y: 50)
        let near = makeLayer("near", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 50))
        near.transform = CATransform3DMakeTranslation(0, 0, 50)
        let far = makeLayer("far", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 50))
        far.transform = CATransform3DMakeTranslation(0, 0, -50)
        t.addSublayer(near)
        t.addSublayer(far)
        root.addSublayer(t)
        #expect(flattener.renderList(for: root).screenLabels == ["far", "near"])
    }

    @Test func plainLayerFlattensSublayersInTreeOrder() {
        // The same planes under a plain layer draw in tree order: no depth sort.
        let root = canvasRoot()
        let plain = makeLayer(
            "plain", bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
            position: CGPoint(x: 50, y: 50), color: nil)
        let near = makeLayer("near", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 50))
        near.transform = CATransform3DMakeTranslation(0, 0, 50)
        let far = makeLayer("far", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 50))
        far.transform = CATransform3DMakeTranslation(0, 0, -50)
        plain.addSublayer(near)
        plain.addSublayer(far)
        root.addSublayer(plain)
        #expect(flattener.renderList(for: root).screenLabels == ["near", "far"])
    }

    @Test func masksToBoundsClipsSublayersNotTheLayerItself() {
        let root = canvasRoot()
        let clip = makeLayer("clip", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50))
        clip.masksToBounds = true
        clip.cornerRadius = 10
        clip.addSublayer(
            makeLayer("inner", bounds: CGRect(x: 0, y: 0, width: 80, height: 80), position: CGPoint(x: 25, y: 25)))
        root.addSublayer(clip)
        // The clip as made: folding would take it into the inner layer's shape.
        var flattener = flattener
        flattener.foldsClips = false
        let list = flattener.renderList(for: root)
        #expect(list.clips.count == 1)
        #expect(list.clips[0].rect == CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(list.clips[0].radii == CornerRadii(minXMinY: 10, maxXMinY: 10, maxXMaxY: 10, minXMaxY: 10))
        #expect(list.screen.items.map(\.clip) == [-1, 0])
        // The clip maps device pixels back into the clip layer's plane.
        let toLocal = list.clips[0].deviceToLocal
        let h = toLocal.apply(25, 25)
        #expect(abs(h.x / h.w) < 1e-9 && abs(h.y / h.w) < 1e-9)
    }

    @Test func boundsThatHoldTheWholeTargetMakeNoClip() {
        // A canvas clipped to its size (a Lottie composition, a full-screen root): nothing to clip.
        let root = canvasRoot()
        root.masksToBounds = true
        let canvas = makeLayer(
            "canvas", bounds: CGRect(x: 0, y: 0, width: 210, height: 100), position: CGPoint(x: 100, y: 50))
        canvas.masksToBounds = true
        canvas.addSublayer(
            makeLayer("inner", bounds: CGRect(x: 0, y: 0, width: 80, height: 80), position: CGPoint(x: 25, y: 25)))
        root.addSublayer(canvas)
        var flattener = flattener
        flattener.foldsClips = false
        #expect(flattener.renderList(for: root).clips.isEmpty)
        // A pixel short of the target, rounded or turned, it clips.
        for change in [
            { canvas.bounds.size.width = 199 }, { canvas.cornerRadius = 4 },
            { canvas.setAffineTransform(CGAffineTransform(rotationAngle: 0.1)) },
        ] as [() -> Void] {
            canvas.bounds.size.width = 210
            canvas.cornerRadius = 0
            canvas.setAffineTransform(.identity)
            change()
            let list = flattener.renderList(for: root)
            #expect(list.clips.count == 1 && list.screen.items.last?.clip == 0)
        }
    }

    @Test func borderDrawsAboveSublayers() {
        let root = canvasRoot()
        let l = makeLayer("l", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50))
        l.borderWidth = 4
        l.addSublayer(
            makeLayer("sub", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5)))
        root.addSublayer(l)
        let list = flattener.renderList(for: root)
        let items = list.screen.items
        #expect(list.screenLabels == ["l", "sub", "l.border"])
        #expect(items[0].borderWidth == 0)
        #expect(items[2].borderWidth == 4 && items[2].fill.isClear)
        // Without sublayers the border is drawn by the same item as the background.
        l.sublayers = nil
        let single = flattener.renderList(for: root).screen.items
        #expect(single.count == 1 && single[0].borderWidth == 4)
    }

    @Test func shadowComesFirstAndUsesTheShadowPathRect() {
        let root = canvasRoot()
        let l = makeLayer("l", bounds: CGRect(x: 0, y: 0, width: 50, height: 40), position: CGPoint(x: 50, y: 50))
        l.shadowOpacity = 0.5
        l.shadowRadius = 4
        l.shadowOffset = CGSize(width: 2, height: 6)
        root.addSublayer(l)
        let items = flattener.renderList(for: root).screen.items
        #expect(items.map(\.kind) == [.shadow, .layer])
        #expect(items[0].shape == CGRect(x: 2, y: 6, width: 50, height: 40))
        #expect(items[0].blurSigma == 4)
        #expect(items[0].fill.a == 0.5)
        #expect(items[0].quad.insetBy(dx: 12, dy: 12).contains(items[0].shape))
        // masksToBounds clips the layer's own shadow away.
        l.masksToBounds = true
        #expect(flattener.renderList(for: root).screen.items.map(\.kind) == [.layer])
    }

    @Test func gradientLayerGetsARampAndLocalEndPoints() {
        let root = canvasRoot()
        let g = CAGradientLayer()
        g.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        g.position = CGPoint(x: 50, y: 25)
        g.colors = [CGColor.black, CGColor.white]
        g.startPoint = CGPoint(x: 0, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        root.addSublayer(g)
        let list = flattener.renderList(for: root)
        #expect(list.gradients.count == 1)
        #expect(
            list.screen.items[0].content
                == .gradient(
                    ramp: 0, type: .axial, start: CGPoint(x: 0, y: 25),
                    end: CGPoint(x: 100, y: 25)))
        let ramp = list.gradients[0].texels
        #expect(ramp[0] == 0 && ramp[(GradientRamp.width - 1) * 4] == 255)
        let mid = Int(ramp[(GradientRamp.width / 2) * 4])
        #expect(abs(mid - 128) <= 1)
    }

    @Test func sublayerTransformAppliesAboutTheAnchorPoint() {
        let root = canvasRoot()
        let stage = makeLayer(
            "stage", bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
            position: CGPoint(x: 100, y: 50), color: nil)
        stage.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // A sublayer at the stage's anchor point stays there; one 10 to the right moves to 20.
        stage.addSublayer(
            makeLayer("c", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 60, y: 50)))
        root.addSublayer(stage)
        let item = flattener.renderList(for: root).screen.items[0]
        let center = item.mapping.project(5, 5)!
        #expect(abs(center.x - 120) < 1e-9 && abs(center.y - 50) < 1e-9)
    }
}

@Suite struct MaskFlattenTests {
    @Test func maskRendersContentAndMaskPassesOverTheMaskedArea() {
        let root = canvasRoot()
        let l = makeLayer("page", bounds: CGRect(x: 0, y: 0, width: 100, height: 80), position: CGPoint(x: 100, y: 50))
        let mask = CAShapeLayer()
        mask.bounds = CGRect(x: 0, y: 0, width: 50, height: 80)
        mask.position = CGPoint(x: 25, y: 40)
        // Translucent: an opaque rectangle would be a clip, not a mask pass (below).
        mask.backgroundColor = CGColor(gray: 0, alpha: 0.6)
        l.mask = mask
        l.sublayerTransform = CATransform3DMakeTranslation(1000, 0, 0)  // must not move the mask
        root.addSublayer(l)
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.foldsMaskedContent = false
        let list = flattener.renderList(for: root)
        #expect(list.passes.map(\.purpose) == [.maskedContent, .mask, .screen])
        // The page spans x 50…150, the mask its left half, 50…100 (plus the edge ramp).
        #expect(list.passes[0].bounds.minX >= 48 && list.passes[0].bounds.maxX <= 102)
        #expect(list.passes[0].bounds == list.passes[1].bounds)
        let composite = list.screen.items[0]
        #expect(composite.kind == .composite && composite.texture == .pass(0) && composite.mask == .pass(1))
        // The page alone is the masked content: drawn where the composite was, it reads the mask's pass.
        flattener.foldsMaskedContent = true
        let folded = flattener.renderList(for: root)
        #expect(folded.passes.map(\.purpose) == [.mask, .screen])
        let page = folded.screen.items[0]
        #expect(page.kind == .layer && page.mask == .pass(0) && page.maskPlacement?.region == list.passes[1].bounds)
    }
}

@Suite struct MaskAsClipTests {
    /// An opaque rounded rectangle (or a shape layer's closed-form circle) as a mask
    /// cuts the masked items where they draw: no passes, one clip per enclosing clip.
    @Test func anOpaqueRoundedRectangleMaskIsAClip() throws {
        let root = canvasRoot()
        let page = makeLayer(
            "page", bounds: CGRect(x: 0, y: 0, width: 100, height: 80), position: CGPoint(x: 100, y: 50))
        let framed = makeLayer(
            "framed", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 70, y: 40))
        framed.masksToBounds = true
        framed.addSublayer(makeLayer("inner", bounds: CGRect(x: 0, y: 0, width: 60, height: 60), position: .zero))
        page.addSublayer(framed)
        let mask = CALayer()
        mask.frame = CGRect(x: 10, y: 5, width: 60, height: 70)
        mask.backgroundColor = .black
        mask.cornerRadius = 12
        page.mask = mask
        root.addSublayer(page)
        // The clips as made: folding takes the page's into its shape.
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.foldsClips = false
        let list = flattener.renderList(for: root)
        #expect(list.passes.map(\.purpose) == [.screen], "\(list.dump())")
        let items = list.screen.items
        #expect(items.count == 3)
        // The page and its clipped sublayer: each inside a copy of the mask's shape.
        let pageClip = list.clips[Int(items[0].clip)]
        #expect(pageClip.rect == CGRect(x: 0, y: 0, width: 60, height: 70) && pageClip.radii.minXMinY == 12)
        #expect(pageClip.parent == -1)
        let innerClip = list.clips[Int(items[2].clip)]
        #expect(innerClip.rect == pageClip.rect && innerClip.parent >= 0, "inside framed's own clip")
        #expect(list.clips[Int(innerClip.parent)].rect == CGRect(x: 0, y: 0, width: 40, height: 40))
        // In the mask's plane: its origin is the page's (10, 5), at device (60, 15).
        let corner = pageClip.deviceToLocal.project(60, 15)!
        #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-9)
    }

    /// A translucent or faded mask stays a pass; an opaque bordered one (its
    /// border over its fill) becomes a clip of the composite only through the
    /// shape-mask fold (`RenderList.foldShapeMasks`).
    @Test func translucentOrBorderedMasksStayPasses() {
        for (configure, folds) in [
            ({ (m: CALayer) in m.backgroundColor = CGColor(gray: 0, alpha: 0.5) }, false),
            (
                { (m: CALayer) in
                    m.borderWidth = 3; m.borderColor = .black
                }, true
            ),
            ({ (m: CALayer) in m.opacity = 0.5 }, false),
        ] {
            let root = canvasRoot()
            let page = makeLayer(
                "page", bounds: CGRect(x: 0, y: 0, width: 100, height: 80), position: CGPoint(x: 100, y: 50))
            let mask = CALayer()
            mask.frame = CGRect(x: 10, y: 5, width: 60, height: 70)
            mask.backgroundColor = .black
            configure(mask)
            page.mask = mask
            root.addSublayer(page)
            var flattener = Flattener(size: CGSize(width: 200, height: 100))
            flattener.foldsShapeMasks = false
            #expect(flattener.renderList(for: root).passes.map(\.purpose) == [.maskedContent, .mask, .screen])
            flattener.foldsShapeMasks = true
            let list = flattener.renderList(for: root)
            #expect(
                list.passes.map(\.purpose) == (folds ? [.maskedContent, .screen] : [.maskedContent, .mask, .screen]))
            #expect(list.screen.items.contains { $0.kind == .composite && $0.clip >= 0 } == folds)
        }
    }
}

@Suite struct SharedEdgeTests {
    @Test func abuttingCellsInARotatedPlaneShareHardEdges() {
        let root = canvasRoot(CGSize(width: 300, height: 300))
        let grid = makeLayer(
            "grid", bounds: CGRect(x: 0, y: 0, width: 200, height: 200),
            position: CGPoint(x: 150, y: 150), color: nil)
        var t = CATransform3DIdentity
        t.m34 = -1 / 400
        grid.transform = CATransform3DRotate(CATransform3DRotate(t, 0.6, 0, 1, 0), 0.4, 1, 0, 0)
        for i in 0..<4 {
            grid.addSublayer(
                makeLayer(
                    "c\(i)", bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                    position: CGPoint(x: 50 + 100 * (i % 2), y: 50 + 100 * (i / 2))))
        }
        root.addSublayer(grid)
        let items = Flattener(size: CGSize(width: 300, height: 300)).renderList(for: root).screen.items
        // c0 is top left: its right (maxX) and bottom (maxY) edges are shared.
        #expect(items.map(\.antialiasedEdges) == [0b0101, 0b0110, 0b1001, 0b1010])
    }

    @Test func separatedOrDifferentlyTransformedLayersKeepTheirEdges() {
        let root = canvasRoot()
        root.addSublayer(
            makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5)))
        root.addSublayer(
            makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 16, y: 5)))
        let c = makeLayer("c", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 15))
        c.transform = CATransform3DMakeRotation(0.1, 0, 0, 1)
        root.addSublayer(c)
        let items = Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root).screen.items
        #expect(items.map(\.antialiasedEdges) == [0b1111, 0b1111, 0b1111])
    }

    /// A shape layer of no size (as Lottie's are) draws its bitmap alone: its
    /// item's shape is empty, so it has no edge to share, with itself or with
    /// a neighbour in its plane.
    @Test func bitmapsOfLayersOfNoSizeHaveNoEdgesToShare() throws {
        let root = canvasRoot()
        for x in [10.0, 60.0] {
            let star = CAShapeLayer()
            star.frame = CGRect(x: x, y: 10, width: 0, height: 0)
            star.path = starPath(side: 40)
            root.addSublayer(star)
        }
        let list = Flattener(
            size: CGSize(width: 200, height: 100), rasterizer: try StandardLayerRasterizer.shapesAndText()
        ).renderList(for: root)
        let bitmaps = list.screen.items.filter { $0.texture != nil }
        #expect(bitmaps.count == 2 && bitmaps.allSatisfy { $0.shape.isEmpty }, "\(list.dump())")
        #expect(bitmaps.map(\.antialiasedEdges) == [0b1111, 0b1111])
    }
}

/// Rounds away floating-point noise for exact comparisons.
func r6(_ v: CGFloat) -> Double { (Double(v) * 1e6).rounded() / 1e6 }

@Suite struct NineSliceTests {
    @Test func contentsCenterKeepsCornersAndStretchesTheMiddle() {
        let root = canvasRoot()
        let l = makeLayer(
            "button", bounds: CGRect(x: 0, y: 0, width: 100, height: 40), position: CGPoint(x: 60, y: 30),
            color: nil)
        l.contents = CGImage(width: 30, height: 30, pixels: [UInt8](repeating: 255, count: 30 * 30 * 4), label: "frame")
        l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        l.borderWidth = 1
        root.addSublayer(l)
        let list = Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root)
        let items = list.screen.items
        let cells = items.filter { list.label(of: $0) == "button.contents" }
        #expect(cells.count == 9)
        #expect(cells.map(\.shape.minX).prefix(3).map(r6) == [0, 10, 90])
        #expect(cells.map(\.shape.width).prefix(3).map(r6) == [10, 80, 10])
        #expect(
            cells.map(\.shape.height).enumerated().filter { $0.offset % 3 == 0 }.map { r6($0.element) } == [10, 20, 10])
        if case .texture(_, let uv, _)? = cells[4].content {
            // The stretched centre samples half a texel (1/60) inside its third of the image.
            #expect(abs(uv.minX - (1.0 / 3 + 1.0 / 60)) < 1e-12 && abs(uv.width - (1.0 / 3 - 1.0 / 30)) < 1e-12)
        } else {
            Issue.record("the centre cell has no texture")
        }
        // The centre cell shares all four edges with its neighbours: no seams.
        #expect(cells[4].antialiasedEdges == 0)
        // The border comes after the contents.
        #expect(list.labels(of: items).last == "button.border")
        // Too small for both fixed parts: the corners shrink together and the middle vanishes.
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 40)
        let narrowList = Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root)
        let narrow = narrowList.screen.items.filter { narrowList.label(of: $0) == "button.contents" }
        #expect(narrow.count == 6)
        #expect(narrow.prefix(2).map { r6($0.shape.width) } == [5, 5])
    }
}

@Suite struct OffTargetCullingTests {
    /// Leaves outside the screen draw nothing, but a rasterized layer's
    /// sublayer hanging out to its left is still part of its pass: the probe
    /// that measures the pass has no screen to cull against.
    @Test func cullingDropsOffScreenLeavesButNotPartsOfALayerSpacePass() throws {
        let root = canvasRoot()
        root.addSublayer(
            makeLayer(
                "offscreen", bounds: CGRect(x: 0, y: 0, width: 20, height: 20),
                position: CGPoint(x: -50, y: 50)))
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 100, y: 50))
        card.shouldRasterize = true
        card.addSublayer(
            makeLayer(
                "tab", bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                position: CGPoint(x: -20, y: 20)))
        root.addSublayer(card)
        let list = Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root)
        #expect(!list.screenLabels.contains("offscreen"))
        let pass = try #require(list.passes.first { $0.purpose == .rasterize })
        #expect(list.labels(of: pass.items).contains("tab"))
        // The pass spans the tab at x −25…−15 as well as the card at 0…40.
        #expect(pass.bounds.width >= 65)
    }
}
