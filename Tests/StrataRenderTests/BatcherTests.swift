import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

@Suite struct BatcherTests {
    /// A grid of `count` rounded, bordered, coloured layers.
    static func grid(_ count: Int) -> CALayer {
        let root = canvasRoot(CGSize(width: 1000, height: 1000))
        let side = Int(Double(count).squareRoot().rounded(.up))
        for i in 0..<count {
            let l = makeLayer(
                "cell\(i)", bounds: CGRect(x: 0, y: 0, width: 8, height: 8),
                position: CGPoint(x: 5 + 10 * (i % side), y: 5 + 10 * (i / side)),
                color: CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.5, alpha: 1))
            l.cornerRadius = 2
            l.borderWidth = 1
            l.borderColor = .black
            root.addSublayer(l)
        }
        return root
    }

    @Test func untexturedItemsMergeIntoOneDraw() {
        for count in [1000, 10000] {
            let list = Flattener(size: CGSize(width: 1000, height: 1000)).renderList(for: Self.grid(count))
            #expect(list.screen.items.count == count)
            let batches = Batcher.batches(list.screen.items) { _ in .page(0) }
            #expect(batches.count == 1)
            #expect(batches[0].range == 0..<count)
        }
    }

    @Test func textureChangesSplitBatchesAndUntexturedItemsJoinAny() {
        func item(_ t: TextureSource?) -> DrawItem {
            var i = DrawItem(mapping: .identity, quad: .zero, shape: .zero)
            if let t { i.content = .texture(t, uv: .zero, rect: .zero) }
            return i
        }
        let a = CGImage(width: 1, height: 1, pixels: [0, 0, 0, 0], label: "a")
        let b = CGImage(width: 1, height: 1, pixels: [0, 0, 0, 0], label: "b")
        let items = [
            item(nil), item(.image(a)), item(nil), item(.image(a)), item(.image(b)), item(nil), item(.pass(0)),
        ]
        let pages: [ObjectIdentifier: Int] = [ObjectIdentifier(a): 0, ObjectIdentifier(b): 1]
        let batches = Batcher.batches(items) { source in
            switch source {
            case .image(let i): return .page(pages[ObjectIdentifier(i)]!)
            case .pass(let p): return .pass(p)
            case .raster: return .page(0)
            }
        }
        #expect(batches.map(\.range) == [0..<4, 4..<6, 6..<7])
        #expect(batches.map(\.texture) == [.page(0), .page(1), .pass(0)])
        // Two images in the same atlas page share a batch.
        let onePage = Batcher.batches(items) { source in
            if case .pass(let p) = source { return .pass(p) }
            return .page(0)
        }
        #expect(onePage.map(\.range) == [0..<6, 6..<7])
    }
}

/// Clips and composites cost a batch's every pixel less than the costly
/// features: a small item joins a batch without them, a large one is drawn
/// apart (`Batcher.weightyFeatures`).
@Suite struct BatcherWeightTests {
    func card(_ rect: CGRect, clip: Int32 = -1) -> DrawItem {
        var item = DrawItem(
            mapping: .identity, quad: rect.insetBy(dx: -1, dy: -1), shape: rect,
            fill: PremultipliedColor(r: 0, g: 0, b: 1, a: 1), clip: clip)
        item.radii = CornerRadii(minXMinY: 4, maxXMinY: 4, maxXMaxY: 4, minXMaxY: 4)
        return item
    }

    @Test func fewPixelsPayForAClipTheyLackManyAreDrawnApart() {
        // A clipped card, then small plain cards over it: they ride in its draw.
        let clipped = card(CGRect(x: 0, y: 0, width: 30, height: 30), clip: 0)
        let small = (0..<3).map { card(CGRect(x: 5 + 6 * Double($0), y: 5, width: 4, height: 4)) }
        #expect(Batcher.batches([clipped] + small) { _ in .none }.count == 1)
        // A large plain card over the clipped one: a draw of its own, without the clip's code.
        let large = card(CGRect(x: 0, y: 0, width: 300, height: 200))
        let batches = Batcher.batches([clipped, large]) { _ in .none }
        #expect(batches.count == 2)
        #expect(batches.map { $0.features.contains(.clips) } == [true, false])
        // A small clipped card over a large plain one does not bring the clip to its pixels.
        #expect(Batcher.batches([large, clipped]) { _ in .none }.count == 2)
    }
}

/// Items may move to an earlier batch only past items they do not overlap, so
/// the picture is the painter's order's.
@Suite struct BatcherReorderTests {
    func ring(at p: CGPoint, arc: Bool = false, dashed: Bool = false) -> DrawItem {
        var item = DrawItem(
            mapping: PlaneMapping(1, 0, 0, 0, 1, 0, Double(p.x), Double(p.y), 1),
            quad: CGRect(x: -21, y: -21, width: 42, height: 42),
            shape: CGRect(x: -20, y: -20, width: 40, height: 40))
        item.radii = CornerRadii(minXMinY: 20, maxXMinY: 20, maxXMaxY: 20, minXMaxY: 20)
        item.borderWidth = 4
        item.borderColor = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
        if arc { item.content = .borderArc(start: 0, sweep: 2, roundCaps: true) }
        if dashed {
            item.content = .borderDashes(CircleDashes(start: 0, turn: 1, dash: 5, gap: 3, phase: 0, roundCaps: false))
        }
        return item
    }

    /// Rings, progress arcs over them and spinners beside them, cell by cell:
    /// three draws (one per kind), each as cheap as its kind: an arc or dashes
    /// need neither the ring's code nor the coverage of the shape.
    @Test func cheapAndCostlyItemsThatDoNotOverlapGroupByKind() throws {
        var items: [DrawItem] = []
        for cell in 0..<20 {
            let p = CGPoint(x: 50 + 100 * (cell % 5), y: 50 + 100 * (cell / 5))
            items += [ring(at: p), ring(at: p, arc: true), ring(at: CGPoint(x: p.x + 50, y: p.y), dashed: true)]
        }
        let (batches, order) = Batcher.plan(items) { _ in .none }
        #expect(batches.count == 3)
        #expect(
            batches.map(\.features) == [
                [.bodies, .shapes, .borders], [.bodies, .arcs], [.bodies, .dashes],
            ])
        #expect(batches.allSatisfy { $0.geometry == .ring })
        let drawn = try #require(order)
        #expect(drawn.sorted() == Array(items.indices))
        #expect(drawn[0..<20] == ArraySlice(stride(from: 0, to: 60, by: 3)))
    }

    /// A border with nothing inside is a frame mesh whose hole lies inside the border's
    /// inner edge; a filled layer, or a border too thick to leave a third, keeps its quad.
    @Test func bordersWithNothingInsideAreFrames() throws {
        var outline = DrawItem(
            mapping: .identity, quad: CGRect(x: -1.5, y: -1.5, width: 203, height: 163),
            shape: CGRect(x: 0, y: 0, width: 200, height: 160))
        outline.radii = CornerRadii(minXMinY: 10, maxXMinY: 10, maxXMaxY: 10, minXMaxY: 10)
        outline.borderWidth = 4
        outline.borderColor = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
        #expect(outline.geometry == .frame)
        let hole = try #require(outline.frameHole)
        // Inset by the border, the corner radius and a pixel.
        #expect(hole == CGRect(x: 15, y: 15, width: 170, height: 130))
        var filled = outline
        filled.fill = PremultipliedColor(r: 0, g: 0, b: 1, a: 1)
        #expect(filled.geometry == .quad)
        var thick = outline
        thick.borderWidth = 50
        #expect(thick.geometry == .quad)
        // A small outline's hole saves less than a draw costs.
        var small = outline
        small.quad = CGRect(x: -1.5, y: -1.5, width: 63, height: 63)
        small.shape = CGRect(x: 0, y: 0, width: 60, height: 60)
        #expect(small.geometry == .quad)
    }

    /// Random items, some overlapping: whatever the batches, two items that overlap
    /// are drawn in their own order.
    @Test func overlappingItemsKeepTheirOrder() throws {
        var generator = SplitMix(seed: 7)
        for _ in 0..<20 {
            var items: [DrawItem] = []
            for _ in 0..<120 {
                let p = CGPoint(x: Double(generator.next() % 800), y: Double(generator.next() % 600))
                let kind = generator.next() % 3
                items.append(ring(at: p, arc: kind == 1, dashed: kind == 2))
            }
            let (batches, order) = Batcher.plan(items) { _ in .none }
            let drawn = order ?? Array(items.indices)
            #expect(drawn.sorted() == Array(items.indices))
            #expect(batches.last?.range.upperBound == items.count)
            var position = [Int](repeating: 0, count: items.count)
            for (n, i) in drawn.enumerated() { position[i] = n }
            let everywhere = CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
            for i in items.indices {
                let a = RenderList.deviceBounds(of: items[i], within: everywhere)
                for j in items.indices
                where j > i && a.intersects(RenderList.deviceBounds(of: items[j], within: everywhere)) {
                    #expect(position[i] < position[j], "items \(i) and \(j) overlap but were drawn out of order")
                }
            }
        }
    }

    /// The batches found with the binned boxes (`OverlapGrid`) are those of
    /// looking through every member of every batch an item passes, as far as
    /// `Batcher.overlapChecks` allows: random rings, arcs and spinners,
    /// crowded or sparse, some drawn with a blend that reads the backdrop.
    @Test func binnedBoxesFindTheBatchesOfLookingThroughEveryMember() {
        var generator = SplitMix(seed: 11)
        for round in 0..<24 {
            let spread = [60, 300, 900][round % 3]
            var items: [DrawItem] = []
            for _ in 0..<(round % 2 == 0 ? 150 : 400) {
                let p = CGPoint(x: Double(generator.next() % UInt64(spread)), y: Double(generator.next() % 500))
                let kind = generator.next() % 3
                var item = ring(at: p, arc: kind == 1, dashed: kind == 2)
                if generator.next() % 17 == 0 { item.blend = .overlay }
                items.append(item)
            }
            let planned = Batcher.plan(items) { _ in .none }
            let looked = Self.planLookingThroughEveryMember(items)
            #expect(planned.batches.map(\.range) == looked.map(\.range), "round \(round)")
            #expect((planned.order ?? Array(items.indices)) == looked.flatMap(\.members), "round \(round)")
        }
    }

    /// `Batcher.plan` for items with no texture, mask or weighty feature,
    /// checking every member of each batch an item passes for overlap.
    static func planLookingThroughEveryMember(_ items: [DrawItem]) -> [(range: Range<Int>, members: [Int])] {
        let everywhere = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)
        let boxes = items.map { RenderList.deviceBounds(of: $0, within: everywhere) }
        func sharePixels(_ i: Int, _ j: Int) -> Bool {
            let a = boxes[i].integral, b = boxes[j].integral
            return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
        }
        var open: [OpenBatch] = []
        for i in items.indices {
            let key = OpenBatch.Key(items[i], texture: .none, mask: .none)
            var joined: Int?
            var checks = Batcher.overlapChecks
            var b = open.count - 1
            while b >= 0 {
                let backdrop = key.blend.readsBackdrop || open[b].key.blend.readsBackdrop
                let overlaps = { (j: Int) in backdrop ? sharePixels(i, j) : boxes[j].intersects(boxes[i]) }
                if open[b].accepts(key) {
                    if !key.blend.readsBackdrop
                        || (open[b].members.count <= checks && !open[b].members.contains(where: overlaps))
                    {
                        joined = b
                    }
                    break
                }
                guard open[b].members.count <= checks else { break }
                checks -= open[b].members.count
                if open[b].members.contains(where: overlaps) { break }
                b -= 1
            }
            if let joined { open[joined].add(i, key) } else { open.append(OpenBatch(i, key)) }
        }
        var start = 0
        return open.map { batch in
            defer { start += batch.members.count }
            return (start..<start + batch.members.count, batch.members)
        }
    }
}

@Suite struct RoundedRectRecognizerTests {
    @Test func recognizesRectsRoundedRectsAndChosenCorners() {
        let rect = CGRect(x: 10, y: 20, width: 200, height: 100)
        let plain = CGMutablePath()
        plain.move(to: CGPoint(x: 10, y: 20))
        plain.addLine(to: CGPoint(x: 210, y: 20))
        plain.addLine(to: CGPoint(x: 210, y: 120))
        plain.addLine(to: CGPoint(x: 10, y: 120))
        plain.closeSubpath()
        let r = RoundedRectRecognizer.recognize(plain)
        #expect(r?.rect == rect)
        #expect(r?.radii == .zero)

        // Left corners rounded with radius 25, as UIBezierPath(roundedRect:byRoundingCorners:) builds it.
        let k: CGFloat = 0.5522847498 * 25
        let left = CGMutablePath()
        left.move(to: CGPoint(x: 35, y: 20))
        left.addLine(to: CGPoint(x: 210, y: 20))
        left.addLine(to: CGPoint(x: 210, y: 120))
        left.addLine(to: CGPoint(x: 35, y: 120))
        left.addCurve(
            to: CGPoint(x: 10, y: 95), control1: CGPoint(x: 35 - k, y: 120), control2: CGPoint(x: 10, y: 95 + k))
        left.addLine(to: CGPoint(x: 10, y: 45))
        left.addCurve(
            to: CGPoint(x: 35, y: 20), control1: CGPoint(x: 10, y: 45 - k), control2: CGPoint(x: 35 - k, y: 20))
        left.closeSubpath()
        let rl = RoundedRectRecognizer.recognize(left)
        #expect(rl != nil)
        if let rl {
            #expect(rl.rect == rect)
            #expect(abs(rl.radii.minXMinY - 25) < 0.1 && abs(rl.radii.minXMaxY - 25) < 0.1)
            #expect(rl.radii.maxXMinY == 0 && rl.radii.maxXMaxY == 0)
        }
    }

    @Test func rejectsOtherShapes() {
        let triangle = CGMutablePath()
        triangle.move(to: CGPoint(x: 0, y: 0))
        triangle.addLine(to: CGPoint(x: 100, y: 0))
        triangle.addLine(to: CGPoint(x: 50, y: 80))
        triangle.closeSubpath()
        #expect(RoundedRectRecognizer.recognize(triangle) == nil)
        // Three sides of a rectangle, not closed.
        let open = CGMutablePath()
        open.move(to: CGPoint(x: 0, y: 0))
        open.addLine(to: CGPoint(x: 100, y: 0))
        open.addLine(to: CGPoint(x: 100, y: 50))
        #expect(RoundedRectRecognizer.recognize(open) == nil)
        // Two rectangles.
        let two = CGMutablePath()
        for x in [0, 200] as [CGFloat] {
            two.move(to: CGPoint(x: x, y: 0)); two.addLine(to: CGPoint(x: x + 50, y: 0))
            two.addLine(to: CGPoint(x: x + 50, y: 50)); two.addLine(to: CGPoint(x: x, y: 50)); two.closeSubpath()
        }
        #expect(RoundedRectRecognizer.recognize(two) == nil)
    }
}

@Suite struct ContentsLayoutTests {
    let bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
    let image = CGSize(width: 50, height: 50)
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)

    func layout(_ g: CALayerContentsGravity, scale: CGFloat = 1, rect: CGRect? = nil) -> ContentsLayout {
        ContentsLayout(bounds: bounds, pixelSize: image, contentsRect: rect ?? unit, gravity: g, contentsScale: scale)
    }

    @Test func resizeFillsTheBounds() {
        #expect(layout(.resize).rect == bounds)
        #expect(
            layout(.resize, rect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1)).uv
                == CGRect(x: 0.5, y: 0, width: 0.5, height: 1))
    }

    @Test func aspectGravities() {
        #expect(layout(.resizeAspect).rect == CGRect(x: 50, y: 0, width: 100, height: 100))
        #expect(layout(.resizeAspectFill).rect == CGRect(x: 0, y: -50, width: 200, height: 200))
    }

    @Test func fixedGravitiesUseNaturalSizeAndIOSVerticalSense() {
        #expect(layout(.center).rect == CGRect(x: 75, y: 25, width: 50, height: 50))
        #expect(layout(.center, scale: 2).rect == CGRect(x: 87.5, y: 37.5, width: 25, height: 25))
        #expect(layout(.left).rect == CGRect(x: 0, y: 25, width: 50, height: 50))
        #expect(layout(.right).rect == CGRect(x: 150, y: 25, width: 50, height: 50))
        // iOS layers are y-down while the gravity names are y-up: "top" lands at maxY.
        #expect(layout(.top).rect == CGRect(x: 75, y: 50, width: 50, height: 50))
        #expect(layout(.bottomLeft).rect == CGRect(x: 0, y: 0, width: 50, height: 50))
        let flipped = ContentsLayout(
            bounds: bounds, pixelSize: image, contentsRect: unit, gravity: .top,
            contentsScale: 1, geometryFlipped: true)
        #expect(flipped.rect == CGRect(x: 75, y: 0, width: 50, height: 50))
    }
}

@Suite struct AtlasAllocatorTests {
    @Test func slotsNeverOverlapAndKeepTheirGutter() {
        var atlas = AtlasAllocator(pageSize: 256)
        var slots: [AtlasAllocator.Slot] = []
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let w = Int.random(in: 1...60, using: &rng), h = Int.random(in: 1...60, using: &rng)
            let s = atlas.allocate(width: w, height: h)!
            #expect(s.width == w && s.height == h)
            #expect(s.x >= 1 && s.y >= 1 && s.x + w + 1 <= 256 && s.y + h + 1 <= 256)
            slots.append(s)
        }
        for i in slots.indices {
            for j in slots.indices where j > i && slots[i].page == slots[j].page {
                let a = slots[i], b = slots[j]
                let ra = CGRect(x: a.x - 1, y: a.y - 1, width: a.width + 2, height: a.height + 2)
                let rb = CGRect(x: b.x - 1, y: b.y - 1, width: b.width + 2, height: b.height + 2)
                #expect(!ra.intersects(rb) || ra.intersection(rb).isEmpty)
            }
        }
        #expect(atlas.pageCount > 1)
    }

    /// With an alignment, every block (slot, gutter and rounding) starts and
    /// ends on it, so no mip texel up to that factor mixes two slots.
    @Test func alignedBlocksStartAndEndOnTheAlignment() {
        var atlas = AtlasAllocator(pageSize: 256, gutter: 8, alignment: 8)
        var blocks: [(page: Int, rect: CGRect)] = []
        for i in 0..<200 {
            let w = 1 + i * 7 % 50, h = 1 + i * 13 % 40
            let s = atlas.allocate(width: w, height: h)!
            let b = atlas.block(of: s)
            #expect(b.x % 8 == 0 && b.y % 8 == 0 && b.width % 8 == 0 && b.height % 8 == 0)
            #expect(b.width >= w + 16 && b.height >= h + 16 && b.x + b.width <= 256 && b.y + b.height <= 256)
            blocks.append((s.page, CGRect(x: b.x, y: b.y, width: b.width, height: b.height)))
        }
        for i in blocks.indices {
            for j in blocks.indices where j > i && blocks[i].page == blocks[j].page {
                #expect(blocks[i].rect.intersection(blocks[j].rect).isEmpty)
            }
        }
        #expect(!atlas.fits(width: 241, height: 1))  // 241 + 16 rounds up past the page
        #expect(atlas.fits(width: 240, height: 1))
    }

    /// A page starts small and doubles as it fills; its slots keep their place.
    @Test func aPageGrowsFromItsSmallestSideKeepingItsSlots() {
        var atlas = AtlasAllocator(pageSize: 256, gutter: 1, smallestSide: 64)
        let first = atlas.allocate(width: 30, height: 30)!
        #expect(atlas.side(ofPage: 0) == 64)
        let second = atlas.allocate(width: 50, height: 40)!
        #expect(atlas.side(ofPage: 0) == 128 && second.page == 0 && second.y == 33, "a second shelf needs 128 down")
        #expect(atlas.allocate(width: 200, height: 10)!.page == 0)
        #expect(atlas.side(ofPage: 0) == 256 && atlas.pageCount == 1)
        #expect(first == AtlasAllocator.Slot(page: 0, x: 1, y: 1, width: 30, height: 30))
        // Only a full-size page opens another, which starts small again.
        #expect(atlas.allocate(width: 250, height: 250)!.page == 1)
        #expect(atlas.allocate(width: 10, height: 10)!.page == 0)
        atlas.reset()
        #expect(atlas.allocate(width: 10, height: 10)!.page == 0)
        #expect(atlas.side(ofPage: 0) == 64)
    }

    @Test func rejectsWhatCannotFit() {
        var atlas = AtlasAllocator(pageSize: 64)
        #expect(atlas.allocate(width: 63, height: 10) == nil)
        #expect(atlas.allocate(width: 62, height: 62) != nil)
        #expect(atlas.allocate(width: 0, height: 5) == nil)
    }
}
