import Foundation
import Testing
import Strata
@testable import StrataRender

/// Text snapshots of render lists (`RenderList.dump()`, what `strata render --dump` prints),
/// kept beside the tests in `Snapshots/`. A missing snapshot is recorded and the test
/// fails; `STRATA_RECORD_SNAPSHOTS=1` re-records after a reviewed change.
enum RenderListSnapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func check(_ list: RenderList, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name + ".txt")
        let text = list.dump()
        let record = ProcessInfo.processInfo.environment["STRATA_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? text.write(to: url, atomically: true, encoding: .utf8)
            if !record {
                Issue.record("snapshot \(name).txt was missing: recorded it, review and commit it",
                             sourceLocation: sourceLocation)
            }
            return
        }
        if text != expected {
            let actual = folder.appendingPathComponent(name + ".actual.txt")
            try? text.write(to: actual, atomically: true, encoding: .utf8)
            let firstDifference = zip(text.split(separator: "\n"), expected.split(separator: "\n"))
                .first { $0 != $1 }.map { "got\n  \($0)\nexpected\n  \($1)" } ?? "the line counts differ"
            Issue.record(Comment(rawValue: "\(name): render list differs (wrote \(name).actual.txt); \(firstDifference)"),
                         sourceLocation: sourceLocation)
        }
    }
}

@Suite struct RenderListSnapshotTests {
    /// The seed card fold, built as the seed's code does: two halves folded about the middle.
    @Test func cardFold() {
        let root = canvasRoot(CGSize(width: 600, height: 800))
        let card = makeLayer("card", bounds: CGRect(x: 0, y: 0, width: 400, height: 400),
                             position: CGPoint(x: 300, y: 300), color: nil)
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        for (name, anchorY, y, angle) in [("bottom", 1.0, 400.0, 27.0), ("top", 0.0, 0.0, -27.0)] {
            let half = makeLayer(name, bounds: CGRect(x: 0, y: 0, width: 400, height: 200), position: CGPoint(x: 200, y: y),
                                 color: CGColor(red: 1, green: 0.55, blue: 0, alpha: 1))
            half.anchorPoint = CGPoint(x: 0.5, y: anchorY)
            half.transform = CATransform3DRotate(t, angle * .pi / 180, 1, 0, 0)
            half.addSublayer(makeLayer(name + ".bar", bounds: CGRect(x: 0, y: 0, width: 300, height: 40),
                                       position: CGPoint(x: 200, y: 100)))
            card.addSublayer(half)
        }
        root.addSublayer(card)
        RenderListSnapshot.check(Flattener(size: CGSize(width: 600, height: 800)).renderList(for: root),
                                 named: "card_fold")
    }

    /// Clips, group opacity through a pass, a gradient, a shadow and a border above sublayers.
    @Test func clipsOpacityGradientShadowBorder() {
        let root = canvasRoot(CGSize(width: 300, height: 200))
        let panel = makeLayer("panel", bounds: CGRect(x: 0, y: 0, width: 200, height: 120), position: CGPoint(x: 150, y: 100))
        panel.cornerRadius = 16
        panel.masksToBounds = true
        panel.borderWidth = 2
        panel.opacity = 0.8
        let gradient = CAGradientLayer()
        gradient.name = "gradient"
        gradient.frame = CGRect(x: -20, y: 20, width: 240, height: 60)
        gradient.colors = [CGColor.black, CGColor.white]
        panel.addSublayer(gradient)
        panel.addSublayer(makeLayer("chip", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 40, y: 40)))
        let card = makeLayer("card", bounds: CGRect(x: 0, y: 0, width: 60, height: 40), position: CGPoint(x: 250, y: 160))
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        root.sublayers = [panel, card]
        RenderListSnapshot.check(Flattener(size: CGSize(width: 300, height: 200)).renderList(for: root),
                                 named: "clips_opacity_gradient_shadow")
    }
}
