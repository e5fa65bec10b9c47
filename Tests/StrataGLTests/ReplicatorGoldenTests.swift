import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import StrataScene
import Testing
import _StrataTestSupport

/// Replicator layers drawn on the GPU: instance colours multiply every kind of
/// content (backgrounds, borders, shadows, images, gradients, paths, text),
/// and a delayed, nested scene renders as recorded.
@Suite struct ReplicatorGoldenTests {
    @Test func instanceColourMultipliesThePixels() throws {
        let r = root(60, 20)
        let replicator = CAReplicatorLayer()
        replicator.frame = r.bounds
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceColor = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        replicator.instanceAlphaOffset = -0.5
        replicator.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), CGPoint(x: 10, y: 10), .white))
        r.addSublayer(replicator)
        let out = try OffscreenRenderer().render(r, size: CGSize(width: 60, height: 20), background: .black)
        #expect(close(pixel(out.image, 10, 10), [255, 128, 64, 255]))
        // Half alpha over black: half of each.
        #expect(close(pixel(out.image, 30, 10), [128, 64, 32, 255]))
        // Alpha 0: not drawn at all.
        #expect(close(pixel(out.image, 50, 10), [0, 0, 0, 255]))
    }

    @Test func everyKindOfContentIsTinted() throws {
        let r = root(320, 240)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 10, y: 10, width: 300, height: 220)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(100, 0, 0)
        replicator.instanceColor = CGColor(red: 1, green: 0.9, blue: 0.6, alpha: 1)
        replicator.instanceRedOffset = -0.35
        replicator.instanceGreenOffset = -0.2
        replicator.instanceAlphaOffset = -0.2
        let image = CALayer()
        image.frame = CGRect(x: 10, y: 10, width: 80, height: 50)
        image.contents = checkerImage()
        image.borderWidth = 3
        image.borderColor = color(0xffffff)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 70, width: 80, height: 40)
        gradient.colors = [color(0xff006e), color(0x3a86ff)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.shadowOpacity = 0.8
        gradient.shadowRadius = 4
        gradient.shadowOffset = CGSize(width: 0, height: 4)
        gradient.shadowColor = color(0xffbe0b)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 120, width: 80, height: 40)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 40), transform: nil)
        shape.fillColor = color(0x8ac926)
        shape.strokeColor = .white
        shape.lineWidth = 3
        let text = CATextLayer()
        text.frame = CGRect(x: 10, y: 170, width: 80, height: 40)
        text.string = "Aa"
        text.fontSize = 28
        text.foregroundColor = .white
        for sub in [image, gradient, shape, text] { replicator.addSublayer(sub) }
        r.addSublayer(replicator)
        let out = try render(r, 320, 240)
        GoldenImage.check(out.image, named: "replicator_tints")
    }

    @Test func delayedNestedSceneMidFlight() throws {
        let url = StrataProcess.packageRoot.appendingPathComponent("Tests/Scenes/replicator_nested.scene.json")
        let scene = try Scene.load(contentsOf: url)
        let tree = try scene.presentationTree(at: 1.1)
        let out = try OffscreenRenderer().render(
            tree, size: scene.size, scale: Double(scene.scale),
            background: scene.background)
        GoldenImage.check(out.image, named: "replicator_nested")
    }

    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display (Scripts/test starts Xvfb)"))
    func demoPlaysAReplicatorScene() throws {
        let scene = StrataProcess.packageRoot.appendingPathComponent("Tests/Scenes/replicator_loaders.scene.json").path
        let shot = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-replicator-demo-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }
        let r = try StrataProcess.run(["demo", scene, "--frames", "20", "--screenshot", shot.path])
        #expect(r.status == 0, "\(r.err)")
        let image = try CGImage(contentsOfPNG: shot)
        // The first bar's instance colour (#3a86ff) on white shows.
        var blue = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = pixel(image, x, y)
                if close(p, [0x3a, 0x86, 0xff, 255], 6) { blue += 1 }
            }
        }
        #expect(blue > 200, "\(blue) pixels of the first bar")
    }
}
