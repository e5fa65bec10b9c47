import Foundation
import Strata

/// A heads-up display over a demo: the frame time (as text and as a strip of
/// bars, one per recent frame), the layers drawn and the draw calls. Layers
/// like any other, added on top of the demo's root while shown.
public final class DemoHUD {
    /// The panel, top right.
    public let panel = CALayer()
    /// The numbers (needs a font; without one only the bars show).
    public let text = CATextLayer()
    private var bars: [CALayer] = []
    /// Seconds per frame over the last frames, newest last.
    public private(set) var frameTimes: [Double] = []
    private var framesSinceText = 0
    /// Whether the HUD is on screen.
    public var isShown: Bool { panel.superlayer != nil }

    static let barCount = 48
    static let size = CGSize(width: 260, height: 62)

    /// A HUD, not yet shown.
    public init() {
        panel.name = "hud"
        panel.bounds = CGRect(origin: .zero, size: Self.size)
        panel.anchorPoint = CGPoint(x: 1, y: 0)
        panel.backgroundColor = CGColor(gray: 0, alpha: 0.65)
        panel.cornerRadius = 8
        // Drawn after every sibling (a flat layer paints its sublayers in zPosition order),
        // but moved back to the root's plane: a demo's perspective sublayerTransform would
        // otherwise magnify it, or put it behind the eye.
        panel.zPosition = 1000
        panel.transform = CATransform3DMakeTranslation(0, 0, -1000)
        text.frame = CGRect(x: 8, y: 6, width: Self.size.width - 16, height: 18)
        text.fontSize = 12
        text.foregroundColor = .white
        panel.addSublayer(text)
        for i in 0..<Self.barCount {
            let bar = CALayer()
            bar.anchorPoint = CGPoint(x: 0, y: 1)
            bar.position = CGPoint(x: 8 + CGFloat(i) * 5, y: Self.size.height - 6)
            bar.bounds = CGRect(x: 0, y: 0, width: 4, height: 0)
            bar.backgroundColor = CGColor(red: 0.4, green: 0.9, blue: 0.5, alpha: 1)
            panel.addSublayer(bar)
            bars.append(bar)
        }
    }

    /// Shows the HUD over `root`'s top-right corner, or takes it away.
    public func toggle(over root: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if isShown {
            panel.removeFromSuperlayer()
        } else {
            root.addSublayer(panel)
            panel.position = CGPoint(x: root.bounds.maxX - 10, y: root.bounds.minY + 10)
        }
        CATransaction.commit()
    }

    /// Shows the last frame's numbers: `frameTime` seconds, `layers` drawn, `drawCalls`.
    public func update(frameTime: Double, layers: Int, drawCalls: Int) {
        guard isShown, let root = panel.superlayer else { return }
        frameTimes.append(frameTime)
        if frameTimes.count > Self.barCount { frameTimes.removeFirst(frameTimes.count - Self.barCount) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        panel.position = CGPoint(x: root.bounds.maxX - 10, y: root.bounds.minY + 10)
        // The text four times a second: drawing it is the HUD's main cost.
        framesSinceText += 1
        if framesSinceText >= 15 || text.string == nil {
            framesSinceText = 0
            let mean = frameTimes.reduce(0, +) / Double(frameTimes.count)
            text.string = String(format: "%.1f ms · %d layers · %d draw calls", mean * 1000, layers, drawCalls)
        }
        // 30 points of bar for 33 ms (two 60 Hz frames); red past one frame.
        for (bar, time) in zip(bars, frameTimes) {
            bar.bounds.size.height = CGFloat(min(1, time / 0.033) * 30)
            bar.backgroundColor =
                time > 1.0 / 55
                ? CGColor(red: 1, green: 0.35, blue: 0.3, alpha: 1)
                : CGColor(red: 0.4, green: 0.9, blue: 0.5, alpha: 1)
        }
        CATransaction.commit()
    }
}
