import Foundation
import Strata
import StrataLayerRaster
import StrataRender
import Testing
import _StrataTestSupport

/// Small offscreen passes drawn side by side into shared targets (sheets),
/// planned and replayed on the recording backend, no GPU: the passes of a
/// frame are drawn level by level, each sheet's passes have parts of their
/// own (with gutters, on even rows and columns), the first clears the sheet,
/// composites sample each pass where it was drawn, and what cannot share
/// keeps a target of its own.
@Suite struct PassSheetsTests {

    /// A star-masked card (a mask pass and a masked-content pass) at `x, y`;
    /// `inner`: a masked card inside it (its two passes sampled by the outer's content).
    static func masked(at x: CGFloat, _ y: CGFloat, side: CGFloat = 40, inner: CALayer? = nil) -> CALayer {
        let card = FrameBuilderTests.box(
            CGRect(x: x, y: y, width: side, height: side), CGColor(red: 0.2, green: 0.6, blue: 0.8, alpha: 1))
        let star = CAShapeLayer()
        star.frame = card.bounds
        star.path = starPath(side: side, outer: 0.48)
        card.mask = star
        card.addSublayer(FrameBuilderTests.group(at: 0))
        if let inner { card.addSublayer(inner) }
        return card
    }

    static func plan(
        _ layers: [CALayer], builder: FrameBuilder = FrameBuilder(), width: Int = 400, height: Int = 300
    ) throws -> (RenderList, FramePlan) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        for l in layers { root.addSublayer(l) }
        var flattener = Flattener(
            size: CGSize(width: width, height: height), background: CGColor(gray: 1, alpha: 1),
            rasterizer: try StandardLayerRasterizer.shapesAndText())
        // The stars' mask passes are what the sheets are tested with.
        flattener.foldsBitmapMasks = false
        let list = flattener.renderList(for: root)
        return (list, builder.plan(list, into: FrameTarget(id: 1, width: width, height: height, keepsPixels: false)))
    }

    @Test func smallPassesShareOneTargetInPartsOfTheirOwn() throws {
        let (list, plan) = try Self.plan((0..<6).map { Self.masked(at: CGFloat(10 + 60 * $0), 20) })
        let offscreen = plan.passes.filter { $0.target != .screen }
        #expect(offscreen.count == list.passes.count - 1)
        #expect(offscreen.count >= 12, "two passes per card at least: \(list.dump())")
        // One sheet per level: the groups and the masks, then the masked
        // contents (which sample the groups).
        #expect(Set(offscreen.map(\.target)).count == 2, "\(plan.dump())")
        #expect(plan.targets.count == 2, "two targets made: \(plan.dump())")
        #expect(offscreen.allSatisfy { $0.sharesTarget })
        #expect(offscreen.filter(\.clearsSharedTarget).count == 2, "each sheet cleared once")
        #expect(offscreen.first?.clearsSharedTarget == true)
        #expect(offscreen.allSatisfy { $0.viewportX % 2 == 0 && $0.viewportY % 2 == 0 && $0.viewportX > 0 })
        let backend = RecordingBackend()
        backend.replay(plan)
        // No overlapping parts or gutters, no draw sampling a pass from where it is not.
        #expect(backend.problems == [], "\(plan.dump())")
    }

    @Test func compositesSampleEachPassWhereItWasDrawn() throws {
        let (list, plan) = try Self.plan([Self.masked(at: 10, 20), Self.masked(at: 80, 20, side: 60)])
        var size: [PassTarget: (Int, Int)] = [:]
        for case .make(let target, let w, let h) in plan.targets { size[target] = (w, h) }
        let composites = plan.instances.filter { $0.flags & LayerInstance.Flags.hasMask != 0 }
        #expect(composites.count == 2)
        let masks = list.passes.indices.filter { list.passes[$0].purpose == .mask }
        for (composite, maskIndex) in zip(composites, masks) {
            let pass = try #require(plan.passes.first { $0.index == maskIndex })
            let (w, h) = try #require(size[pass.target])
            let expected: [Float] = [
                Float(pass.viewportX) / Float(w), Float(pass.viewportY + pass.height) / Float(h),
                Float(pass.viewportX + pass.width) / Float(w), Float(pass.viewportY) / Float(h),
            ]
            let uv = composite.border
            #expect([uv.0, uv.1, uv.2, uv.3] == expected, "\(plan.dump())")
        }
    }

    @Test func passesAreDrawnLevelByLevelAndALevelNeverSharesWithThePassesItSamples() throws {
        let nested = Self.masked(at: 10, 10, side: 120, inner: Self.masked(at: 20, 20, side: 50))
        let (list, plan) = try Self.plan([nested, Self.masked(at: 200, 20)])
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems == [], "\(plan.dump())")
        // Each pass is drawn after every pass it samples.
        var drawn: Set<Int> = []
        for pass in plan.passes {
            for item in list.passes[pass.index].items {
                for case .pass(let p)? in [item.texture, item.mask] {
                    #expect(drawn.contains(p), "pass \(pass.index) samples \(p) before it is drawn: \(plan.dump())")
                }
            }
            drawn.insert(pass.index)
        }
        #expect(plan.passes.last?.target == .screen)
        // Three levels, three sheets: groups and masks; the masked contents
        // sampling the groups (the inner card's among them); the outer card's
        // masked content, which samples the inner card's.
        #expect(Set(plan.passes.dropLast().map(\.target)).count == 3, "\(plan.dump())")
    }

    @Test(arguments: ["blurred", "large"])
    func passesThatCannotShareKeepATargetOfTheirOwn(kind: String) throws {
        let odd = Self.masked(at: 10, 150, side: kind == "large" ? 600 : 40)
        switch kind {
        case "blurred": odd.filters = [CALayerFilter.gaussianBlur(radius: 3)]
        default: break
        }
        // The large pass is larger than a sheet takes on the canvas too.
        let (list, plan) = try Self.plan(
            [Self.masked(at: 10, 20), Self.masked(at: 80, 20), odd], width: 800, height: 700)
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems == [], "\(plan.dump())")
        let alone = plan.passes.filter { $0.target != .screen && !$0.sharesTarget }
        #expect(!alone.isEmpty, "\(list.dump())\n\(plan.dump())")
        for pass in alone {
            let shared = plan.passes.filter { $0.sharesTarget && $0.target == pass.target }
            #expect(shared.isEmpty || shared.allSatisfy { $0.index > pass.index || $0.clearsSharedTarget })
        }
        let sheets = Set(plan.passes.filter(\.sharesTarget).map(\.target))
        #expect(alone.allSatisfy { !sheets.contains($0.target) } || kind == "large", "\(plan.dump())")
    }

    /// An inverted matte's mask pass is an opaque cover folded into its clear
    /// colour with the matte xor-ed out: it shares a sheet, and fills its own
    /// part (not the sheet) with that colour.
    @Test func aPassClearedToAColourSharesASheet() throws {
        let odd = Self.masked(at: 10, 150)
        odd.backgroundColor = nil
        odd.insertSublayer(
            FrameBuilderTests.box(CGRect(x: -10, y: -10, width: 60, height: 60), CGColor(gray: 0, alpha: 1)), at: 0)
        let (list, plan) = try Self.plan([Self.masked(at: 10, 20), Self.masked(at: 80, 20), odd])
        let coloured = plan.passes.filter { $0.target != .screen && $0.clear != .clear }
        #expect(coloured.count == 1, "\(list.dump())\n\(plan.dump())")
        #expect(coloured.allSatisfy { $0.sharesTarget }, "\(plan.dump())")
        #expect(plan.passes.allSatisfy { $0.target == .screen || $0.sharesTarget }, "\(plan.dump())")
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems == [], "\(plan.dump())")
    }

    @Test func withoutSharingEveryPassHasItsOwnTargetInTheListsOrder() throws {
        let builder = FrameBuilder()
        builder.sharesPassTargets = false
        let (list, plan) = try Self.plan((0..<3).map { Self.masked(at: CGFloat(10 + 60 * $0), 20) }, builder: builder)
        #expect(plan.passes.map(\.index) == Array(list.passes.indices))
        #expect(!plan.passes.contains { $0.sharesTarget })
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems == [])
    }
}
