import Foundation
import Strata
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// A mask pass that draws one opaque rounded rectangle or ring, read by
/// clips instead (`RenderList.foldShapeMasks`), gives the pixels the pass
/// gave: plain and rounded mattes, a turned one, an inverted one, rings (one
/// reaching past what it masks), over one item and over a group.
@Suite struct ShapeMaskPixelTests {
    static func plate(_ frame: CGRect, _ hex: UInt32) -> CALayer {
        let p = CALayer()
        p.frame = frame
        p.backgroundColor = color(hex)
        return p
    }

    static func matte(_ frame: CGRect, radius: CGFloat = 0, border: CGFloat = 0) -> CALayer {
        let m = CALayer()
        m.frame = frame
        m.cornerRadius = radius
        if border > 0 {
            m.borderWidth = border
            m.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        } else {
            m.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        }
        return m
    }

    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 120)
        root.position = CGPoint(x: 160, y: 60)
        // An inverted matte: the plate around a rectangle.
        let inverted = plate(CGRect(x: 10.5, y: 10, width: 60, height: 60), 0x264653)
        inverted.mask = invertedMatte(
            over: inverted.bounds, cutting: matte(CGRect(x: 15, y: 20, width: 25, height: 18)))
        // An inverted matte turned on the device, rounded, on part pixels.
        let turned = plate(CGRect(x: 85, y: 10.25, width: 60, height: 60), 0x2a9d8f)
        let tilted = matte(CGRect(x: 12, y: 14, width: 36, height: 30), radius: 8)
        tilted.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        turned.mask = invertedMatte(over: turned.bounds, cutting: tilted)
        // A ring: the plate shows along a circle's track.
        let ringed = plate(CGRect(x: 160, y: 10, width: 60, height: 60), 0xf4a261)
        ringed.mask = matte(CGRect(x: 5, y: 5, width: 50, height: 50), radius: 25, border: 7)
        // A ring larger than what it masks, turned.
        let spilled = plate(CGRect(x: 235, y: 10, width: 40, height: 30), 0x8ecae6)
        spilled.cornerRadius = 6
        let track = matte(CGRect(x: -10, y: -15, width: 60, height: 60), radius: 30, border: 9)
        track.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        spilled.mask = track
        // A ring on a wider plate, turned: the plate reaches past the mask's region
        // (square to the device, it would be cut to the region).
        let wide = plate(CGRect(x: 30, y: 80, width: 36, height: 30), 0xe76f51)
        wide.transform = CATransform3DMakeRotation(0.15, 0, 0, 1)
        // A border keeps it an item (a plain fill over all of its pass would be the pass's colour).
        wide.borderWidth = 2
        wide.borderColor = color(0x6d2e46)
        wide.mask = matte(CGRect(x: 6, y: 3, width: 24, height: 24), radius: 12, border: 5)
        // A group of two overlapping plates under an inverted matte: the composite reads it.
        let group = CALayer()
        group.frame = CGRect(x: 130, y: 75, width: 80, height: 40)
        group.addSublayer(plate(CGRect(x: 0, y: 0, width: 50, height: 40), 0x219ebc))
        group.addSublayer(plate(CGRect(x: 30, y: 5, width: 50, height: 30), 0xe9c46a))
        group.mask = invertedMatte(
            over: group.bounds, cutting: matte(CGRect(x: 20, y: 8, width: 40, height: 24), radius: 12))
        root.sublayers = [inverted, turned, ringed, spilled, wide, group]
        return root
    }

    func picture(folding: Bool) throws -> (CGImage, RenderStats) {
        try StrataGLTests.picture(
            Self.scene(), size: CGSize(width: 320, height: 120), folding: folding, by: \.foldsShapeMasks)
    }

    @Test func clipsDrawWhatTheMaskPassesDrew() throws {
        let (folded, foldedStats) = try picture(folding: true), (passes, passStats) = try picture(folding: false)
        #expect(passStats.passes == 9, "six mask passes, two contents, the screen: \(passStats)")
        #expect(foldedStats.passes == 3, "the group's content, the ringed plate's, the screen: \(foldedStats)")
        let (worst, apart, painted) = comparison(folded, passes)
        // A distance's rate of change comes from 2×2 blocks of pixels, which lay
        // another way in a pass at an odd device offset: where the distance bends
        // (a square corner) a pixel's ramp differs by up to a sixteenth.
        #expect(apart <= 30 && worst <= 20, "pixels apart: \(apart), largest difference \(worst)")
        #expect(painted > 8_000, "painted \(painted)")
    }

    @Test func aRingIsTheRectangleLessItsHole() throws {
        let list = Flattener(size: CGSize(width: 320, height: 120)).renderList(for: Self.scene())
        func item(_ hex: UInt32) throws -> DrawItem {
            try #require(list.screen.items.first { $0.fill == PremultipliedColor(color(hex)) })
        }
        let spilled = try item(0x8ecae6)
        #expect(spilled.mask == nil)
        let hole = list.clips[Int(spilled.clip)]
        #expect(hole.inverted)
        let outer = list.clips[Int(hole.parent)]
        #expect(!outer.inverted && outer.parent == -1, "the plate lies inside the pass: no region clip")
        #expect(abs(Double(outer.rect.width) - Double(hole.rect.width) - 18) < 1e-9)
        #expect(abs(outer.radii.minXMinY - hole.radii.minXMinY - 9) < 1e-9)
        // The turned wide plate keeps the mask's region, as a clip of the device.
        let wide = try item(0xe76f51)
        var chain: [ClipShape] = []
        var c = Int(wide.clip)
        while c >= 0, c < list.clips.count, chain.count < 4 {
            chain.append(list.clips[c])
            c = Int(list.clips[c].parent)
        }
        #expect(chain.count == 3, "hole, ring, region: \(list.dump())")
        if let region = chain.last {
            #expect(region.deviceToLocal == .identity && region.parent == -1 && region.rect.width < 40)
        }
    }
}
