import Foundation
import Strata
import StrataRender
import Testing

/// Blend modes that read what is beneath (overlay … luminosity): planned as a
/// backdrop copy before each draw, whose items never share a pixel, so each
/// sees everything drawn under it.
@Suite struct BackdropBlendPlanTests {
    static let size = CGSize(width: 200, height: 120)
    static let target = FrameTarget(id: 1, width: 200, height: 120, keepsPixels: true)

    static func box(_ frame: CGRect, _ color: CGColor, _ filter: String? = nil) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        l.compositingFilter = filter
        return l
    }

    static func plan(_ layers: [CALayer], builder: FrameBuilder = FrameBuilder()) -> (FramePlan, RecordingBackend) {
        let r = CALayer()
        r.frame = CGRect(origin: .zero, size: size)
        for l in layers { r.addSublayer(l) }
        let list = Flattener(size: size, background: CGColor(gray: 1, alpha: 1)).renderList(for: r)
        let plan = builder.plan(list, into: target)
        let backend = RecordingBackend()
        backend.replay(plan)
        return (plan, backend)
    }

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let grey = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)

    @Test func everyCoreAnimationNameIsABackdropMode() {
        let names = [
            "overlay", "darken", "lighten", "colorDodge", "colorBurn", "hardLight", "softLight",
            "difference", "exclusion", "hue", "saturation", "color", "luminosity",
        ]
        for name in names {
            let mode = BlendMode(compositingFilter: name + "BlendMode")
            #expect(mode?.name == name)
            #expect(mode?.readsBackdrop == true)
            #expect(BlendMode(compositingFilter: name) == mode)
        }
        #expect(BlendMode.allCases.filter(\.readsBackdrop).map(\.shaderCode) == Array(1...13))
        #expect(!BlendMode.multiply.readsBackdrop && BlendMode.multiply.shaderCode == 0)
    }

    @Test func overlappingBackdropItemsAreDrawnApartAndOthersTogether() throws {
        let (plan, backend) = Self.plan([
            Self.box(CGRect(x: 0, y: 0, width: 100, height: 100), Self.red),
            Self.box(CGRect(x: 50, y: 20, width: 100, height: 80), .black),
            Self.box(CGRect(x: 10, y: 10, width: 30, height: 30), Self.grey, "differenceBlendMode"),
            Self.box(CGRect(x: 120, y: 10, width: 30, height: 30), Self.grey, "differenceBlendMode"),
            Self.box(CGRect(x: 20, y: 20, width: 30, height: 30), Self.grey, "differenceBlendMode"),
        ])
        #expect(backend.problems == [])
        let draws = try #require(plan.passes.last?.regions.first?.draws)
        #expect(draws.map(\.instances.count) == [2, 2, 1])
        #expect(draws.map(\.blend) == [.normal, .difference, .difference])
        #expect(draws[0].backdrop == nil)
        let both = try #require(draws[1].backdrop)
        #expect(both.contains(CGRect(x: 10, y: 10, width: 140, height: 30)) && both == both.integral)
        let third = try #require(draws[2].backdrop)
        // The quad's anti-aliasing margin.
        #expect(third.contains(CGRect(x: 20, y: 20, width: 30, height: 30)) && third.width <= 34)
        #expect(draws.allSatisfy { $0.features.contains(.blendModes) == $0.blend.readsBackdrop })
        // Each copy comes just before the draw that reads it.
        let steps = backend.commands.compactMap { command -> String? in
            switch command {
            case .backdrop: return "copy"
            case .draw(let d): return d.blend.name
            default: return nil
            }
        }
        #expect(steps == ["normal", "copy", "difference", "copy", "difference"])
        #expect(plan.dump().contains("blend difference backdrop"))
    }

    @Test func anItemDoesNotJumpOverABackdropItemItOverlaps() throws {
        // The last box could join the first's batch but for the blended box it overlaps.
        let (plan, backend) = Self.plan([
            Self.box(CGRect(x: 0, y: 0, width: 60, height: 60), Self.red),
            Self.box(CGRect(x: 30, y: 30, width: 60, height: 60), Self.grey, "overlayBlendMode"),
            Self.box(CGRect(x: 70, y: 70, width: 40, height: 40), Self.red),
        ])
        #expect(backend.problems == [])
        let draws = try #require(plan.passes.last?.regions.first?.draws)
        #expect(draws.map(\.blend) == [.normal, .overlay, .normal])
    }

    @Test func aBlendedGroupCompositesItsPassAndCopiesWithinEachViewport() throws {
        let group = CALayer()
        group.frame = CGRect(x: 40, y: 20, width: 100, height: 80)
        group.compositingFilter = "hueBlendMode"
        group.addSublayer(Self.box(CGRect(x: 0, y: 0, width: 60, height: 60), Self.red))
        group.addSublayer(Self.box(CGRect(x: 30, y: 30, width: 60, height: 40), Self.grey))
        // A blended box inside a pass of its own (group opacity over overlapping boxes).
        let faded = CALayer()
        faded.frame = CGRect(x: 150, y: 60, width: 40, height: 40)
        faded.opacity = 0.5
        faded.allowsGroupOpacity = true
        faded.addSublayer(Self.box(CGRect(x: 0, y: 0, width: 30, height: 30), Self.red))
        faded.addSublayer(Self.box(CGRect(x: 10, y: 10, width: 30, height: 30), Self.grey, "colorBurnBlendMode"))
        let (plan, backend) = Self.plan([
            Self.box(CGRect(x: 0, y: 0, width: 200, height: 120), Self.grey), group, faded,
        ])
        #expect(backend.problems == [])
        let screen = try #require(plan.passes.last?.regions.first?.draws)
        #expect(screen.contains { $0.blend == .hue && $0.backdrop != nil })
        #expect(
            plan.passes.dropLast().contains { pass in
                pass.regions.contains { $0.draws.contains { $0.blend == .colorBurn && $0.backdrop != nil } }
            })
    }

    @Test func aDamagedRegionCopiesOnlyWithinItsScissor() throws {
        let builder = FrameBuilder()
        let moving = Self.box(CGRect(x: 10, y: 10, width: 20, height: 20), Self.red)
        let blended = Self.box(CGRect(x: 0, y: 0, width: 200, height: 120), Self.grey, "softLightBlendMode")
        _ = Self.plan([moving, blended], builder: builder)
        moving.frame.origin.x = 14
        let (plan, backend) = Self.plan([moving, blended], builder: builder)
        #expect(backend.problems == [])
        let region = try #require(plan.passes.last?.regions.first)
        let scissor = try #require(region.scissor)
        let backdrop = try #require(region.draws.last?.backdrop)
        #expect(scissor.contains(backdrop) && backdrop.width < 200)
    }
}
