import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// A bar chart as iOS code draws one: bars in a rounded path with a gradient,
/// a baseline, a dashed average line, a shadowed badge and Core Text labels.
final class BarChartLayer: CALayer {
    var values: [CGFloat] = [0.35, 0.8, 0.55, 0.95, 0.4] {
        didSet { setNeedsDisplay() }
    }

    override func draw(in ctx: CGContext) {
        let plot = bounds.insetBy(dx: 24, dy: 30)
        let slot = plot.width / CGFloat(values.count)
        let bars = CGMutablePath()
        for (i, v) in values.enumerated() {
            let h = plot.height * v
            let rect = CGRect(
                x: plot.minX + CGFloat(i) * slot + slot * 0.2, y: plot.maxY - h, width: slot * 0.6,
                height: h)
            bars.addRoundedRect(in: rect, cornerWidth: 4, cornerHeight: 4)
        }
        // The bars: clipped to their shapes, filled with a vertical gradient.
        let gradient = CGGradient(
            colorsSpace: CGColorSpaceCreateDeviceRGB(),
            colors: [color(0xffb703), color(0xfb8500)] as CFArray, locations: [0, 1])!
        ctx.saveGState()
        ctx.addPath(bars)
        ctx.clip()
        ctx.drawLinearGradient(
            gradient, start: CGPoint(x: 0, y: plot.minY), end: CGPoint(x: 0, y: plot.maxY),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        ctx.restoreGState()
        // Baseline and a dashed average line.
        ctx.setStrokeColor(color(0x8ecae6))
        ctx.setLineWidth(2)
        ctx.strokeLineSegments(between: [CGPoint(x: plot.minX, y: plot.maxY), CGPoint(x: plot.maxX, y: plot.maxY)])
        let average = values.reduce(0, +) / CGFloat(values.count)
        ctx.setLineDash(phase: 0, lengths: [6, 4])
        ctx.setLineWidth(1)
        ctx.strokeLineSegments(between: [
            CGPoint(x: plot.minX, y: plot.maxY - plot.height * average),
            CGPoint(x: plot.maxX, y: plot.maxY - plot.height * average),
        ])
        ctx.setLineDash(phase: 0, lengths: [])
        // A round badge with a shadow, and a radial highlight.
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 0, height: 3), blur: 6, color: CGColor(gray: 0, alpha: 0.6))
        ctx.setFillColor(color(0x219ebc))
        ctx.fillEllipse(in: CGRect(x: bounds.maxX - 46, y: 6, width: 36, height: 36))
        ctx.restoreGState()
        let shine = CGGradient(
            colorsSpace: nil,
            colors: [CGColor(gray: 1, alpha: 0.7), CGColor(gray: 1, alpha: 0)]
                as CFArray, locations: nil)!
        ctx.drawRadialGradient(
            shine, startCenter: CGPoint(x: bounds.maxX - 34, y: 18), startRadius: 0,
            endCenter: CGPoint(x: bounds.maxX - 34, y: 18), endRadius: 14, options: [])
        // Labels: the title, and each bar's value; glyphs flipped back for the y-down context.
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        let small = CTFontCreateWithName("Helvetica" as CFString, 10, nil)
        for (i, v) in values.enumerated() {
            let text = CTLineCreateWithAttributedString(
                NSAttributedString(
                    string: "\(Int(v * 100))", attributes: [.font: small, .foregroundColor: color(0xf1faee)]))
            let w = CGFloat(CTLineGetTypographicBounds(text, nil, nil, nil))
            ctx.textPosition = CGPoint(x: plot.minX + (CGFloat(i) + 0.5) * slot - w / 2, y: plot.maxY + 13)
            CTLineDraw(text, ctx)
        }
        let title = CTLineCreateWithAttributedString(
            NSAttributedString(
                string: "Sales by day",
                attributes: [
                    .font: CTFontCreateWithName("Helvetica-Bold" as CFString, 15, nil),
                    .foregroundColor: color(0xf1faee),
                ]))
        ctx.textPosition = CGPoint(x: plot.minX, y: 22)
        CTLineDraw(title, ctx)
    }
}

/// Custom drawing and transitions composited by the GL renderer, headless.
@Suite struct DrawingGoldenTests {
    /// Ticks `root` at `time` (displaying layers that need it) and draws its presentation tree.
    func draw(
        _ root: CALayer, ticker: FrameTicker, at time: CFTimeInterval, _ w: CGFloat, _ h: CGFloat,
        scale: Double = 1
    ) throws -> CGImage {
        let tree = ticker.tick(at: time)
        return try OffscreenRenderer().render(
            tree, size: CGSize(width: w, height: h), scale: scale,
            background: color(0x202830)
        ).image
    }

    @Test func aDrawInChartRendersSharpAtContentsScale() throws {
        CATransaction.flush()
        let r = root(320, 200)
        let chart = BarChartLayer()
        chart.frame = CGRect(x: 10, y: 10, width: 300, height: 180)
        chart.backgroundColor = color(0x023047)
        chart.cornerRadius = 10
        chart.contentsScale = 2
        chart.setNeedsDisplay()
        r.addSublayer(chart)
        let ticker = FrameTicker(rootLayer: r)
        let image = try draw(r, ticker: ticker, at: 0, 320, 200, scale: 2)
        #expect((chart.contents as? CGImage)?.width == 600)
        // The fourth bar (95 %) is orange right down to the baseline, the background shows beside it.
        #expect(close(pixel(image, 2 * (10 + 24 + 3 * 50 + 25), 2 * (10 + 30 + 100)), [252, 141, 2, 255], 24))
        #expect(close(pixel(image, 2 * (10 + 24 + 3 * 50 + 4), 2 * (10 + 30 + 100)), [2, 48, 71, 255], 4))
        GoldenImage.check(image, named: "draw_in_chart")
    }

    @Test func transitionsHalfWay() throws {
        CATransaction.flush()
        let r = root(440, 120)
        let types: [(CATransitionType, CATransitionSubtype?)] = [
            (.fade, nil), (.moveIn, .fromRight), (.push, .fromTop), (.reveal, .fromLeft),
        ]
        var cards: [CALayer] = []
        for (i, _) in types.enumerated() {
            // A clipping frame, and the card that changes inside it.
            let frame = layer(
                CGRect(x: 0, y: 0, width: 100, height: 100),
                CGPoint(x: 60 + CGFloat(i) * 107, y: 60), color(0x8d99ae))
            frame.masksToBounds = true
            frame.cornerRadius = 8
            let card = layer(frame.bounds, CGPoint(x: 50, y: 50), color(0xe63946))
            let badge = layer(CGRect(x: 0, y: 0, width: 40, height: 40), CGPoint(x: 50, y: 50), color(0xf1faee))
            badge.cornerRadius = 20
            card.addSublayer(badge)
            frame.addSublayer(card)
            r.addSublayer(frame)
            cards.append(card)
        }
        let ticker = FrameTicker(rootLayer: r)
        ticker.tick(at: 0)
        for (card, (type, subtype)) in zip(cards, types) {
            let transition = CATransition()
            transition.type = type
            transition.subtype = subtype
            transition.duration = 1
            card.add(transition, forKey: kCATransition)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            card.backgroundColor = color(0x457b9d)
            card.sublayers?.first?.bounds = CGRect(x: 0, y: 0, width: 70, height: 20)
            card.sublayers?.first?.cornerRadius = 4
            CATransaction.commit()
        }
        let image = try draw(r, ticker: ticker, at: 0.5, 440, 120)
        // Fade, half-way: the new blue over the old red, at half opacity (the old whole beneath: an
        // opaque square card covers it).
        #expect(close(pixel(image, 25, 25), [0x95, 0x5a, 0x71, 255], 3))
        // Move in from the right: the old red on the left half, the new blue on the right half.
        #expect(close(pixel(image, 117 + 20, 25), [0xe6, 0x39, 0x46, 255], 3))
        #expect(close(pixel(image, 117 + 80, 25), [0x45, 0x7b, 0x9d, 255], 3))
        // Push from the top: the new one in the upper half, the old pushed into the lower half.
        #expect(close(pixel(image, 224 + 10, 30), [0x45, 0x7b, 0x9d, 255], 3))
        #expect(close(pixel(image, 224 + 10, 90), [0xe6, 0x39, 0x46, 255], 3))
        // Reveal from the left: the old one slid right, over the new.
        #expect(close(pixel(image, 331 + 20, 25), [0x45, 0x7b, 0x9d, 255], 3))
        #expect(close(pixel(image, 331 + 80, 25), [0xe6, 0x39, 0x46, 255], 3))
        GoldenImage.check(image, named: "transitions_half_way")
        // At the end, only the new renderings.
        let end = try draw(r, ticker: ticker, at: 1.1, 440, 120)
        for i in 0..<4 { #expect(close(pixel(end, 25 + i * 107, 25), [0x45, 0x7b, 0x9d, 255], 2)) }
    }
}
