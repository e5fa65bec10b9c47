import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// `CALayer.compositingFilter`: Porter–Duff operators and blend modes, drawn with blend functions.
@Suite struct CompositingFilterTests {
    /// A 64 × 32 canvas: a red layer on the left half, and over it `top` (x 16…48) with `filter`.
    func render(
        _ filter: String?, top color: CGColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1),
        background: CGColor? = nil
    ) throws -> CGImage {
        let r = root(64, 32)
        let group = layer(CGRect(x: 0, y: 0, width: 64, height: 32), CGPoint(x: 32, y: 16), nil)
        group.addSublayer(
            layer(
                CGRect(x: 0, y: 0, width: 32, height: 32), CGPoint(x: 16, y: 16),
                CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let top = layer(CGRect(x: 0, y: 0, width: 32, height: 32), CGPoint(x: 32, y: 16), color)
        top.compositingFilter = filter
        group.addSublayer(top)
        r.addSublayer(group)
        return try OffscreenRenderer().render(r, size: CGSize(width: 64, height: 32), background: background).image
    }

    @Test func xorKeepsEachOutsideTheOther() throws {
        let image = try render("xor")
        #expect(close(pixel(image, 8, 16), [255, 0, 0, 255]))  // red alone
        #expect(pixel(image, 24, 16)[3] <= 2)  // both: nothing
        #expect(close(pixel(image, 40, 16), [0, 0, 255, 255]))  // blue alone
    }

    @Test func destinationOutErasesAndSourceAtopPaintsInside() throws {
        let out = try render("destOut")
        #expect(close(pixel(out, 8, 16), [255, 0, 0, 255]))
        #expect(pixel(out, 24, 16)[3] <= 2)
        #expect(pixel(out, 40, 16)[3] <= 2)
        let atop = try render("sourceAtop")
        #expect(close(pixel(atop, 8, 16), [255, 0, 0, 255]))
        #expect(close(pixel(atop, 24, 16), [0, 0, 255, 255]))
        #expect(pixel(atop, 40, 16)[3] <= 2)
    }

    @Test func blendModesOverAnOpaqueBackdrop() throws {
        let grey = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let multiply = try render("multiplyBlendMode", top: grey, background: .white)
        #expect(close(pixel(multiply, 24, 16), [128, 0, 0, 255]))
        #expect(close(pixel(multiply, 40, 16), [128, 128, 128, 255]))
        let screen = try render("screenBlendMode", top: grey, background: .black)
        #expect(close(pixel(screen, 24, 16), [255, 128, 128, 255]))
        // An unknown name draws normally.
        let unknown = try render("noSuchFilter")
        #expect(close(pixel(unknown, 24, 16), [0, 0, 255, 255]))
    }

    @Test func theFilterIsInTheRenderList() {
        let r = root(64, 32)
        let a = layer(CGRect(x: 0, y: 0, width: 32, height: 32), CGPoint(x: 16, y: 16), .black)
        let b = layer(CGRect(x: 0, y: 0, width: 32, height: 32), CGPoint(x: 32, y: 16), .white)
        b.compositingFilter = "xor"
        r.addSublayer(a)
        r.addSublayer(b)
        let flattener = Flattener(size: CGSize(width: 64, height: 32))
        let list = flattener.renderList(for: r)
        let items = list.passes.last?.items ?? []
        #expect(items.map(\.blend) == [.normal, .xor])
        #expect(list.dump().contains("blend xor"))
        let batches = Batcher.batches(items) { _ in .none }
        #expect(batches.map(\.blend) == [.normal, .xor])
    }
}
