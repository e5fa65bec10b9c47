import Foundation
import Strata
import StrataGL
import StrataHost
import StrataLayerRaster
import StrataRender
import Testing
import _StrataTestSupport

/// A text layer at `position` with a faint background so its bounds show.
func label(
    _ string: String, _ bounds: CGRect, _ position: CGPoint, size: CGFloat = 14,
    alignment: CATextLayerAlignmentMode = .natural, wrapped: Bool = false,
    truncation: CATextLayerTruncationMode = .none, font: String? = nil,
    color textColor: CGColor = color(0xf1faee)
) -> CATextLayer {
    let t = CATextLayer()
    t.bounds = bounds
    t.position = position
    t.string = string
    t.fontSize = size
    t.font = font
    t.alignmentMode = alignment
    t.isWrapped = wrapped
    t.truncationMode = truncation
    t.foregroundColor = textColor
    t.backgroundColor = color(0x2f3e46)
    return t
}

/// Whether any pixel in the rect differs from `background` by more than 40 levels.
func hasInk(_ image: CGImage, _ rect: CGRect, background: [Int]) -> Bool {
    for y in Int(rect.minY)..<Int(rect.maxY) {
        for x in Int(rect.minX)..<Int(rect.maxX) where !close(pixel(image, x, y), background, 40) {
            return true
        }
    }
    return false
}

@Suite struct TextGoldenTests {
    let rasterizer: TextRasterizer

    init() throws { rasterizer = try TextRasterizer() }

    func draw(_ root: CALayer, _ w: CGFloat, _ h: CGFloat, scale: Double = 1) throws -> CGImage {
        try OffscreenRenderer().render(
            root, size: CGSize(width: w, height: h), scale: scale,
            background: color(0x202830), rasterizer: rasterizer
        ).image
    }

    @Test func alignedLines() throws {
        let r = root(240, 150)
        let box = CGRect(x: 0, y: 0, width: 220, height: 22)
        r.sublayers = [
            label("Left aligned", box, CGPoint(x: 120, y: 20), alignment: .left),
            label("Centered text", box, CGPoint(x: 120, y: 48), alignment: .center),
            label("Right aligned", box, CGPoint(x: 120, y: 76), alignment: .right),
            label("AVATAR Wavy kerning", box, CGPoint(x: 120, y: 104), font: "DejaVuSerif"),
            label(
                "Bold mono 0123", box, CGPoint(x: 120, y: 132), font: "DejaVuSansMono-Bold",
                color: color(0xe9c46a)),
        ]
        let image = try draw(r, 240, 150)
        let bg = [47, 62, 70, 255]
        // Left text inks the left end of its box only; right text the right end only.
        #expect(hasInk(image, CGRect(x: 12, y: 11, width: 30, height: 16), background: bg))
        #expect(!hasInk(image, CGRect(x: 190, y: 11, width: 38, height: 16), background: bg))
        #expect(hasInk(image, CGRect(x: 190, y: 67, width: 38, height: 16), background: bg))
        #expect(!hasInk(image, CGRect(x: 12, y: 67, width: 30, height: 16), background: bg))
        // Centered text leaves both ends clear.
        #expect(!hasInk(image, CGRect(x: 12, y: 39, width: 30, height: 16), background: bg))
        #expect(!hasInk(image, CGRect(x: 198, y: 39, width: 30, height: 16), background: bg))
        GoldenImage.check(image, named: "text_alignment")
    }

    @Test func wrappedAndTruncated() throws {
        let r = root(300, 200)
        let paragraph =
            "Core Animation draws text layers into their backing store: lines wrap at word "
            + "boundaries and the last visible line is truncated."
        r.sublayers = [
            label(
                paragraph, CGRect(x: 0, y: 0, width: 140, height: 120), CGPoint(x: 80, y: 70), size: 12,
                alignment: .justified, wrapped: true),
            label(
                paragraph, CGRect(x: 0, y: 0, width: 130, height: 60), CGPoint(x: 225, y: 40), size: 12,
                wrapped: true, truncation: .end),
            label(
                "Truncated at the end of the line", CGRect(x: 0, y: 0, width: 130, height: 18),
                CGPoint(x: 225, y: 95), size: 12, truncation: .end),
            label(
                "Truncated in the middle of the line", CGRect(x: 0, y: 0, width: 130, height: 18),
                CGPoint(x: 225, y: 120), size: 12, truncation: .middle),
            label(
                "Truncated at the start of the line", CGRect(x: 0, y: 0, width: 130, height: 18),
                CGPoint(x: 225, y: 145), size: 12, truncation: .start),
            label(
                "Clipped without truncation\nSecond line", CGRect(x: 0, y: 0, width: 130, height: 30),
                CGPoint(x: 225, y: 178), size: 12),
            label(
                "Ünïcödé ✓ → ∑ 日本", CGRect(x: 0, y: 0, width: 140, height: 40), CGPoint(x: 80, y: 170),
                size: 15),
        ]
        let image = try draw(r, 300, 200)
        GoldenImage.check(image, named: "text_wrap_truncate")
    }

    @Test func rotatedIn3DAtScaleTwo() throws {
        let r = root(200, 140)
        let card = label(
            "Perspective\ntext at 2×", CGRect(x: 0, y: 0, width: 150, height: 70),
            CGPoint(x: 100, y: 70), size: 22, alignment: .center)
        var t = CATransform3DIdentity
        t.m34 = -1 / 300
        card.transform = CATransform3DRotate(CATransform3DRotate(t, 0.6, 0, 1, 0), 0.25, 1, 0, 0)
        card.cornerRadius = 10
        r.addSublayer(card)
        let image = try draw(r, 200, 140, scale: 2)
        #expect(image.width == 400 && image.height == 280)
        GoldenImage.check(image, named: "text_3d")
    }
}
