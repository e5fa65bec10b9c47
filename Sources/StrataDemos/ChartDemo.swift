import Foundation
import Strata
import StrataHost

/// Custom drawing and transitions: a card holding a line chart that a
/// `CALayer` subclass draws in `draw(in:)` (paths, a gradient, dashes, a
/// shadow, Core Text labels). Tapping the card, Space or the right arrow shows
/// the next week's data, pushed in from the right with a `CATransition`
/// (`kCATransition`) while the chart redraws; the left arrow goes back, from
/// the left; F fades instead.
public final class ChartDemo: Demo {
    public static let name = "chart"
    public static let summary =
        "Tap the card, Space or → for next week's chart (pushed in from the right), ← to go back, F to cross-fade; drawn with draw(in:) and Core Text."

    public let rootLayer = CALayer()
    public let background = CGColor(red: 0.9, green: 0.92, blue: 0.95, alpha: 1)
    /// The card behind the chart.
    public let card = CALayer()
    /// Clips the chart to the card, so pushes slide within it.
    let window = CALayer()
    /// The chart.
    public let chart = ChartLayer()
    /// Which week is shown.
    public private(set) var week = 0
    /// Weeks of data (seven values each, 0…1).
    public static let weeks: [[CGFloat]] = (0..<6).map { w in
        (0..<7).map { d in
            let x = Double(d), k = Double(w)
            return CGFloat(0.5 + 0.3 * sin(x * 0.9 + k * 1.7) + 0.15 * cos(x * 2.3 + k * 0.6))
        }
    }
    /// Transitions run so far.
    public private(set) var transitionsRun = 0

    public init(size: CGSize) {
        rootLayer.name = "chart"
        card.name = "card"
        card.backgroundColor = .white
        card.cornerRadius = 16
        card.shadowOpacity = 0.18
        card.shadowRadius = 12
        card.shadowOffset = CGSize(width: 0, height: 6)
        window.name = "window"
        window.masksToBounds = true
        window.cornerRadius = 16
        chart.name = "plot"
        chart.backgroundColor = .white
        // The chart redraws in its own time; a transition shows the change.
        chart.actions = ["contents": NSNull()]
        window.addSublayer(chart)
        card.addSublayer(window)
        rootLayer.addSublayer(card)
        show(week: 0)
        layout(in: size, contentScale: 1)
    }

    public func layout(in size: CGSize, contentScale: CGFloat) {
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let width = min(size.width * 0.86, 720), height = min(size.height * 0.8, 480)
        card.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        card.position = CGPoint(x: size.width / 2, y: size.height / 2)
        window.frame = card.bounds
        chart.frame = window.bounds
        if chart.contentsScale != contentScale {
            chart.contentsScale = contentScale
            chart.setNeedsDisplay()
        }
    }

    public func attach(to router: GestureRouter) {
        router.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in step(by: 1, type: .push) }, to: card)
        router.focusableLayers = [card]
    }

    public func keyPressed(_ key: Key) -> Bool {
        switch key {
        case .space, .right: step(by: 1, type: .push)
        case .left: step(by: -1, type: .push)
        case .letter("F"): step(by: 1, type: .fade)
        default: return false
        }
        return true
    }

    /// Moves `delta` weeks on, shown with a `type` transition from the side it comes from.
    public func step(by delta: Int, type: CATransitionType) {
        let transition = CATransition()
        transition.type = type
        transition.subtype = delta > 0 ? .fromRight : .fromLeft
        transition.duration = 0.45
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        transition.delegate = TransitionCounter { [weak self] in self?.transitionsRun += 1 }
        chart.add(transition, forKey: kCATransition)
        show(week: (week + delta + Self.weeks.count) % Self.weeks.count)
    }

    func show(week: Int) {
        self.week = week
        chart.values = Self.weeks[week]
        chart.title = "Week \(week + 1) · visits"
    }
}

/// Counts a finished transition.
private final class TransitionCounter: NSObject, CAAnimationDelegate {
    let done: () -> Void
    init(_ done: @escaping () -> Void) { self.done = done }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { if flag { done() } }
}
