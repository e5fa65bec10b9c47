import Foundation
import Strata
import StrataLayerRaster
import StrataRender
import Testing

/// The frame builder planned and replayed on the recording backend, no GPU:
/// targets are shared by passes whose lifetimes do not overlap and never by
/// two that are alive together, kept from frame to frame, and a frame that
/// changes a little draws a little.
@Suite struct FrameBuilderTests {
    static let size = CGSize(width: 200, height: 120)

    static func box(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    /// A layer at half group opacity over two overlapping boxes: a pass.
    static func group(at x: CGFloat, inner: CALayer? = nil) -> CALayer {
        let g = CALayer()
        g.frame = CGRect(x: x, y: 10, width: 60, height: 60)
        g.opacity = 0.5
        g.allowsGroupOpacity = true
        g.addSublayer(box(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        g.addSublayer(box(CGRect(x: 20, y: 20, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        if let inner { g.addSublayer(inner) }
        return g
    }

    static func root(_ sublayers: [CALayer]) -> CALayer {
        let r = CALayer()
        r.frame = CGRect(origin: .zero, size: size)
        for s in sublayers { r.addSublayer(s) }
        return r
    }

    static func list(_ root: CALayer) -> RenderList {
        Flattener(size: size, background: CGColor(gray: 1, alpha: 1)).renderList(for: root)
    }

    static let target = FrameTarget(id: 1, width: 200, height: 120, keepsPixels: true)

    static func madeTargets(_ backend: RecordingBackend) -> [PassTarget] {
        backend.commands.compactMap {
            if case .target(.make(let t, _, _)) = $0 { return t }
            return nil
        }
    }

    @Test func siblingPassesShareOneTarget() throws {
        let list = Self.list(Self.root([Self.group(at: 10), Self.group(at: 120)]))
        #expect(list.passes.filter { $0.purpose == .groupOpacity }.count == 2)
        let backend = RecordingBackend()
        let plan = FrameBuilder().plan(list, into: Self.target)
        backend.replay(plan)
        #expect(backend.problems == [])
        // Both are composited onto the screen, which is drawn last: they are
        // alive together until then, side by side in one target (a sheet).
        #expect(Self.madeTargets(backend).count == 1)
        let groups = plan.passes.filter { $0.target != .screen }
        #expect(groups.count == 2)
        #expect(Set(groups.map(\.target)).count == 1)
        #expect(groups.allSatisfy { $0.sharesTarget })
        #expect(groups.map(\.clearsSharedTarget) == [true, false], "the first clears the sheet, once")
        #expect(groups[0].viewportX != groups[1].viewportX || groups[0].viewportY != groups[1].viewportY)
    }

    @Test func aPassIsFreeOnceTheLastPassSamplingItIsDrawn() throws {
        // A group inside a group inside a group: each pass is sampled by the
        // next, so pass 0's target is free again when pass 2 is drawn.
        let innermost = Self.group(at: 0)
        let middle = Self.group(at: 0, inner: innermost)
        let outer = Self.group(at: 10, inner: middle)
        let list = Self.list(Self.root([outer]))
        let passes = list.passes.filter { $0.purpose == .groupOpacity }.count
        #expect(passes == 3)
        let plan = FrameBuilder().plan(list, into: Self.target)
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems == [])
        #expect(Set(Self.madeTargets(backend)).count == 2, "\(plan.dump())")
        #expect(plan.passes[0].target == plan.passes[2].target, "\(plan.dump())")
        #expect(plan.passes[0].target != plan.passes[1].target)
    }

    @Test func targetsAreKeptFromFrameToFrame() throws {
        let builder = FrameBuilder()
        let backend = RecordingBackend()
        for x in [10, 12, 14] as [CGFloat] {
            let list = Self.list(Self.root([Self.group(at: x), Self.group(at: 120)]))
            backend.replay(builder.plan(list, into: Self.target))
        }
        #expect(backend.problems == [])
        #expect(backend.targetsMade == 1, "one sheet for both groups, made once")
        #expect(builder.resources.passTargets == 1)
    }

    @Test func anUnchangedFrameIsNotDrawnWhereTheTargetKeepsItsPixels() throws {
        let builder = FrameBuilder()
        let list = Self.list(Self.root([Self.group(at: 10)]))
        _ = builder.plan(list, into: Self.target)
        let again = builder.plan(list, into: Self.target)
        #expect(again.unchanged && again.passes.isEmpty && again.stats.unchangedFrame)
        var backBuffer = Self.target
        backBuffer.keepsPixels = false
        #expect(!builder.plan(list, into: backBuffer).unchanged)
        #expect(!builder.plan(list, into: backBuffer).unchanged, "a back buffer is drawn every frame")
    }

    @Test func aBlurGoesThroughAScratchTargetThatIsNotItsOwn() throws {
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 10), CGPoint(x: 10, y: 40)])
        path.closeSubpath()
        shape.path = path
        shape.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        shape.shadowOpacity = 1
        shape.shadowRadius = 4
        let flattener = Flattener(size: Self.size, rasterizer: try StandardLayerRasterizer.shapesAndText())
        let list = flattener.renderList(for: Self.root([shape, Self.group(at: 120)]))
        let plan = FrameBuilder().plan(list, into: Self.target)
        let blurred = plan.passes.filter { $0.blur != nil }
        #expect(!blurred.isEmpty, "\(list.dump())")
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems == [])
        for pass in blurred { #expect(pass.blur!.scratch != pass.target) }
    }

    @Test func contentsDrawnSmallerThanTheirPixelsHaveMipLevels() throws {
        let image = CGImage(width: 64, height: 64, pixels: [UInt8](repeating: 90, count: 64 * 64 * 4), label: "big")
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 64, height: 64)
        layer.contents = image
        let builder = FrameBuilder()
        // At its size: a flat page.
        let first = builder.plan(Self.list(Self.root([layer])), into: Self.target)
        #expect(first.atlas.map(\.description) == ["page 0 256² levels 0…0", "slot 0 (0, 0) 66×66 levels 0…0"])
        // Turned by 30°: still every texel a pixel or more; nothing is uploaded again.
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 6))
        #expect(builder.plan(Self.list(Self.root([layer])), into: Self.target).atlas.isEmpty)
        // At a quarter of its size it needs its levels: a slot in a mipmapped page.
        layer.setAffineTransform(CGAffineTransform(scaleX: 0.25, y: 0.25))
        let third = builder.plan(Self.list(Self.root([layer])), into: Self.target)
        #expect(third.atlas.map(\.description) == ["page 1 256² levels 0…3", "slot 1 (0, 0) 80×80 levels 0…3"])
        // Squeezed along one axis only, and in perspective, too.
        let squeezed = CALayer(), tilted = CALayer()
        squeezed.frame = CGRect(x: 0, y: 0, width: 64, height: 20)
        tilted.frame = CGRect(x: 100, y: 0, width: 64, height: 64)
        var t = CATransform3DIdentity
        t.m34 = -1 / 100
        tilted.transform = CATransform3DRotate(t, 1.2, 1, 0, 0)
        for l in [squeezed, tilted] {
            l.contents = CGImage(
                width: 64, height: 64, pixels: [UInt8](repeating: 30, count: 64 * 64 * 4), label: "\(l.frame)")
        }
        let fourth = builder.plan(Self.list(Self.root([squeezed, tilted])), into: Self.target)
        #expect(
            fourth.atlas.map(\.description).filter { $0.hasPrefix("slot") }
                == ["slot 1 (80, 0) 80×80 levels 0…3", "slot 1 (160, 0) 80×80 levels 0…3"], "\(fourth.dump())")
    }

    /// An atlas page's texture is as large as its slots reach: made at the
    /// end of a frame's placing, and made again larger when a later frame's
    /// contents do not fit, with every slot it held uploaded again and texture
    /// coordinates over its new side.
    @Test func anAtlasPageGrowsWithWhatItHolds() throws {
        func layer(_ side: Int, at x: CGFloat) -> CALayer {
            let l = CALayer()
            l.frame = CGRect(x: x, y: 0, width: CGFloat(side), height: CGFloat(side))
            l.contents = CGImage(
                width: side, height: side, pixels: [UInt8](repeating: 200, count: side * side * 4),
                label: "\(side) at \(x)")
            return l
        }
        let small = layer(100, at: 0), large = layer(300, at: 110)
        let builder = FrameBuilder()
        let backend = RecordingBackend()
        let first = builder.plan(Self.list(Self.root([small])), into: Self.target)
        #expect(first.atlas.map(\.description) == ["page 0 256² levels 0…0", "slot 0 (0, 0) 102×102 levels 0…0"])
        backend.replay(first)
        let second = builder.plan(Self.list(Self.root([small, large])), into: Self.target)
        #expect(
            second.atlas.map(\.description) == [
                "page 0 grown to 512² levels 0…0", "slot 0 (0, 0) 102×102 levels 0…0",
                "slot 0 (0, 102) 302×302 levels 0…0",
            ], "\(second.dump())")
        backend.replay(second)
        #expect(backend.problems == [])
        // The small image's texels are read over the grown side: 1/512 in, 100/512 across.
        let corners = second.instances.map { $0.uv }
        #expect(corners.contains { abs($0.0 - 1 / 512) < 1e-6 && abs($0.2 - 101 / 512) < 1e-6 }, "\(corners)")
        // Both placed in one frame: one page at the side they need, no growth.
        let fresh = FrameBuilder().plan(Self.list(Self.root([small, large])), into: Self.target)
        #expect(fresh.atlas.map(\.description).first == "page 0 512² levels 0…0")
    }

    /// Pages emptied for a frame's new bitmaps keep their textures: a page that
    /// grew stays that large, and what is placed in it again is read over the
    /// texture's side, not over the side its new slots reach.
    @Test func aRecycledPageIsReadOverItsTexturesSide() throws {
        func layer(_ side: Int, _ label: String) -> CALayer {
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: CGFloat(side), height: CGFloat(side))
            l.contents = CGImage(
                width: side, height: side, pixels: [UInt8](repeating: 90, count: side * side * 4), label: label)
            return l
        }
        // Pages of at most 512: the second frame's bitmap finds no room beside the first's.
        let builder = FrameBuilder(maximumTextureSize: 512)
        let first = builder.plan(Self.list(Self.root([layer(100, "a"), layer(300, "b")])), into: Self.target)
        #expect(first.atlas.map(\.description).first == "page 0 512² levels 0…0", "\(first.dump())")
        let second = builder.plan(Self.list(Self.root([layer(250, "c")])), into: Self.target)
        // No page is made: the 512² texture takes the new bitmap where the old ones were.
        #expect(second.atlas.map(\.description) == ["slot 0 (0, 0) 252×252 levels 0…0"], "\(second.dump())")
        let uv = try #require(second.instances.first?.uv)
        #expect(abs(uv.0 - 1 / 512) < 1e-6 && abs(uv.2 - 251 / 512) < 1e-6, "\(uv)")
    }

    @Test func contentsGetOneSlotAndAreUploadedOnce() throws {
        let image = CGImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64), label: "grey")
        let layers = (0..<3).map { i in
            let l = CALayer()
            l.frame = CGRect(x: 10 + CGFloat(i) * 30, y: 10, width: 20, height: 20)
            l.contents = image
            return l
        }
        let builder = FrameBuilder()
        let backend = RecordingBackend()
        let first = builder.plan(Self.list(Self.root(layers)), into: Self.target)
        backend.replay(first)
        // One page and one slot for the one image; the three layers are one draw.
        #expect(first.atlas.count == 2, "\(first.dump())")
        var levels: [Int] = []
        first.atlas[1].forEachRegion { level, _, _, width, height, pixels in
            levels.append(level)
            #expect(pixels.count == width * height * 4)
        }
        // Shown larger than its pixels: a flat page, one level.
        #expect(levels == [0])
        #expect(first.atlas[0].description == "page 0 256² levels 0…0", "\(first.dump())")
        #expect(first.stats.uploads == 1)
        #expect(first.stats.drawCalls == 1, "the three images are one draw")
        layers[0].position.x += 3
        let second = builder.plan(Self.list(Self.root(layers)), into: Self.target)
        #expect(second.atlas.isEmpty)
        backend.replay(second)
        #expect(backend.problems == [])
    }

    /// A masked layer's content and mask passes cover the same device rect,
    /// but the mask pass may get a larger pooled target than the content's
    /// (here the one a group's pass let go of): the composite samples the mask
    /// with texture coordinates of its own target, not the content's (issue 27:
    /// a mask drawn squashed by the ratio of the two targets' widths).
    @Test func aMaskInALargerTargetThanItsContentIsSampledWithItsOwnCoordinates() throws {
        let masked = Self.box(CGRect(x: 10, y: 10, width: 180, height: 100), CGColor(gray: 0.5, alpha: 1))
        let group = Self.box(masked.bounds, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        group.opacity = 0.8
        group.addSublayer(
            Self.box(CGRect(x: 90, y: 20, width: 60, height: 60), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        masked.addSublayer(group)
        // Translucent: an opaque rectangle would be a clip, with no passes.
        masked.mask = Self.box(CGRect(x: 60, y: 20, width: 40, height: 60), CGColor(gray: 1, alpha: 0.9))
        let list = Self.list(Self.root([masked]))
        let content = try #require(list.passes.firstIndex { $0.purpose == .maskedContent }, "\(list.dump())")
        let mask = try #require(list.passes.firstIndex { $0.purpose == .mask }, "\(list.dump())")
        #expect(list.passes[content].bounds == list.passes[mask].bounds, "\(list.dump())")

        let plan = FrameBuilder().plan(list, into: Self.target)
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems == [])
        var sizes: [PassTarget: (width: Int, height: Int)] = [:]
        for case .make(let target, let width, let height) in plan.targets { sizes[target] = (width, height) }
        /// The texture coordinates of the whole of pass `index` in its target (rows bottom-up).
        func wholePass(_ index: Int) throws -> [Float] {
            let pass = try #require(plan.passes.first { $0.index == index })
            let size = try #require(sizes[pass.target])
            let (w, h) = (Float(size.width), Float(size.height))
            let (x, y) = (Float(pass.viewportX), Float(pass.viewportY))
            return [x / w, (y + Float(pass.height)) / h, (x + Float(pass.width)) / w, y / h]
        }
        #expect(try wholePass(content) != wholePass(mask), "the two passes' places differ: \(plan.dump())")

        let composite = try #require(plan.instances.first { $0.flags & LayerInstance.Flags.hasMask != 0 })
        let uv = composite.uv, maskUV = composite.border
        #expect([uv.0, uv.1, uv.2, uv.3] == (try wholePass(content)))
        #expect([maskUV.0, maskUV.1, maskUV.2, maskUV.3] == (try wholePass(mask)), "\(plan.dump())")
    }

    /// Issue 8's measure: one 40 × 40 layer moving among 2,000 static ones at
    /// 1280 × 720 redraws only its old and new places.
    @Test func movingOneLayerAmongTwoThousandShadesLittle() throws {
        let size = CGSize(width: 1280, height: 720)
        func tree(_ x: CGFloat) -> CALayer {
            let r = CALayer()
            r.frame = CGRect(origin: .zero, size: size)
            for i in 0..<2000 {
                let l = Self.box(
                    CGRect(x: CGFloat(i % 50) * 25 + 4, y: CGFloat(i / 50) * 18 + 4, width: 20, height: 14),
                    CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.5, alpha: 1))
                l.cornerRadius = 3
                r.addSublayer(l)
            }
            let mover = Self.box(
                CGRect(x: x, y: 300, width: 40, height: 40), CGColor(red: 1, green: 0.6, blue: 0, alpha: 1))
            mover.cornerRadius = 6
            r.addSublayer(mover)
            return r
        }
        let builder = FrameBuilder()
        let target = FrameTarget(id: 1, width: 1280, height: 720, keepsPixels: true)
        func list(_ x: CGFloat) -> RenderList {
            Flattener(size: size, background: CGColor(gray: 0, alpha: 1)).renderList(for: tree(x))
        }
        _ = builder.plan(list(100), into: target)
        for x in [102, 104.5, 110] as [CGFloat] {
            let l = list(x)
            let plan = builder.plan(l, into: target)
            let shaded = plan.stats.pixelsShaded(l)
            #expect(shaded > 1600 && shaded <= 30_000, "x = \(x): \(shaded) pixels shaded")
            #expect(plan.passes.last!.regions.allSatisfy { $0.scissor != nil })
        }
    }
}

/// Continuous corners are compiled into a draw's program only where it needs
/// them: an item with such corners, or one cut by a clip that has them or sits
/// inside one that does.
@Suite struct ContinuousCornerFeatureTests {
    func features(continuousClip: Bool) throws -> LayerFeatures {
        let outer = CALayer()
        outer.frame = CGRect(x: 10, y: 10, width: 100, height: 80)
        outer.cornerRadius = 20
        outer.cornerCurve = continuousClip ? .continuous : .circular
        outer.masksToBounds = true
        let inner = CALayer()
        inner.frame = CGRect(x: 5, y: 5, width: 80, height: 60)
        inner.masksToBounds = true
        inner.cornerRadius = 4
        inner.addSublayer(FrameBuilderTests.box(CGRect(x: 0, y: 0, width: 90, height: 90), CGColor(gray: 0, alpha: 1)))
        outer.addSublayer(inner)
        let list = FrameBuilderTests.list(FrameBuilderTests.root([outer]))
        // Neither clipping layer draws a body: the one item is the innermost box.
        #expect(list.screen.items.count == 1 && list.screen.items[0].continuousCorners == false)
        let plan = FrameBuilder().plan(list, into: FrameBuilderTests.target)
        let draws = plan.passes.last!.regions.flatMap(\.draws)
        return try #require(draws.first).features
    }

    @Test func clipsWithContinuousCornersBringTheirCode() throws {
        #expect(try features(continuousClip: true) == [.bodies, .shapes, .clips, .continuousCorners])
        #expect(try features(continuousClip: false) == [.bodies, .shapes, .clips])
    }
}
