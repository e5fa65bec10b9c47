import Foundation
import Testing

@testable import Strata
@testable import StrataScene

/// `emitterLayer` in scene files: its fields and cells read, write back and
/// play; mistakes are reported where they are.
@Suite struct EmitterSceneTests {
    static let fixture = SceneFiles.fixtures.appendingPathComponent("emitter.scene.json")

    /// Every emission value of a scene's emitter layer, its cells depth first.
    func dump(_ emitter: CAEmitterLayer) -> [String] {
        let e = emitter.emissionSnapshot()
        var lines = ["\(e.layer)"]
        func cells(_ list: [EmitterCellSnapshot], _ path: String) {
            for (k, cell) in list.enumerated() {
                var v = cell.values
                let image = (v.contents as? CGImage).map { "\($0.width)x\($0.height)" } ?? "none"
                v.contents = nil
                lines.append("\(path)[\(k)] \(v) \(image)")
                cells(cell.subcells, "\(path)[\(k)].emitterCells")
            }
        }
        cells(e.cells, "emitterCells")
        return lines
    }

    @Test func theFixtureReadsEveryFieldAndWritesItBack() throws {
        let scene = try Scene.load(contentsOf: Self.fixture)
        let emitter = try #require(scene.layersByName["fireworks"] as? CAEmitterLayer)
        #expect(emitter.emitterShape == .cuboid && emitter.emitterMode == .surface && emitter.renderMode == .additive)
        #expect(emitter.emitterPosition == CGPoint(x: 160, y: 230) && emitter.emitterZPosition == 4)
        #expect(emitter.emitterSize == CGSize(width: 80, height: 20) && emitter.emitterDepth == 10)
        #expect(emitter.preservesDepth && emitter.seed == 4242)
        #expect(emitter.birthRate == 2 && emitter.lifetime == 1.5 && emitter.velocity == 1.25)
        #expect(emitter.scale == 0.75 && emitter.spin == 0.5)
        let rocket = try #require(emitter.emitterCells?.first)
        #expect(rocket.name == "rocket" && rocket.birthRate == 1.5 && rocket.lifetimeRange == 0.2)
        // Angles and spins are degrees in the file, radians in Swift.
        #expect(near(rocket.emissionLongitude, -.pi / 2, 1e-12) && near(rocket.emissionRange, .pi / 6, 1e-12))
        #expect(near(rocket.emissionLatitude, 5 * .pi / 180, 1e-12) && near(rocket.spin, .pi / 2, 1e-12))
        #expect(rocket.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 0.5) && rocket.contentsScale == 2)
        #expect(rocket.beginTime == 0.25 && rocket.duration == 10 && rocket.speed == 1.5)
        #expect(rocket.contents is CGImage)
        let spark = try #require(rocket.emitterCells?.first)
        #expect(spark.name == "spark" && near(spark.emissionRange, 2 * .pi, 1e-12))
        #expect(spark.emitterCells?.first?.isEnabled == false)
        // Written and read again, the same values.
        let again = try Scene(data: try scene.jsonData(), baseURL: scene.baseURL)
        let copy = try #require(again.layersByName["fireworks"] as? CAEmitterLayer)
        #expect(dump(copy) == dump(emitter))
        #expect(again.animations.first?.keyPath == "emitterCells.rocket.birthRate")
        #expect(again.timeline.first?.set.last?.keyPath == "emitterCells.rocket.emitterCells.spark.alphaSpeed")
    }

    @Test func theFixturePlaysItsCellAnimationAndTimeline() throws {
        let scene = try Scene.load(contentsOf: Self.fixture)
        let early = try #require(try scene.presentationTree(at: 0.9).sublayers?.first as? CAEmitterLayer)
        // 0.9 s into its 2 s animation (linear, from 0 to 3), the rocket's birth rate is 1.35.
        #expect(
            near((early.value(forKeyPath: "emitterCells.rocket.birthRate") as? NSNumber)?.doubleValue ?? 0, 1.35, 1e-6))
        let later = try #require(try scene.presentationTree(at: 2).sublayers?.first as? CAEmitterLayer)
        #expect(near(Double(later.emitterCells?.first?.emitterCells?.first?.alphaSpeed ?? 0), -0.3, 1e-6))
        #expect(!later.particles().isEmpty)
        // Stopped at 4: nothing left once the last sparks die.
        let end = try #require(try scene.presentationTree(at: 12).sublayers?.first as? CAEmitterLayer)
        #expect(end.particles().isEmpty)
        #expect(scene.animationEnd > 4 && !scene.animatesForever)
    }

    @Test func aSceneWhoseEmitterNeverStopsPlaysForever() throws {
        let scene = try Scene(
            data: Data(
                rootScene(
                    #""sublayers": [{"type": "emitterLayer", "name": "e", "emitterCells": [{"birthRate": 3, "lifetime": 2}]}]"#
                ).utf8),
            baseURL: nil)
        #expect(scene.animatesForever)
        let stopped = try Scene(
            data: Data(
                rootScene(
                    #""sublayers": [{"type": "emitterLayer", "name": "e", "emitterCells": [{"birthRate": 3, "lifetime": 2}]}]"#,
                    extra: #", "timeline": [{"at": 1, "set": {"e.birthRate": 0}}]"#
                ).utf8), baseURL: nil)
        #expect(!stopped.animatesForever && stopped.animationEnd == 3.25)
    }

    /// `preservesDepth` is a field of two layer types: each reads its own, others may not have it.
    @Test func preservesDepthBelongsToReplicatorsAndEmitters() throws {
        let scene = try Scene(
            data: Data(
                rootScene(
                    #""sublayers": [{"type": "emitterLayer", "preservesDepth": true}, {"type": "replicatorLayer", "preservesDepth": true}]"#
                ).utf8),
            baseURL: nil)
        #expect((scene.root.sublayers?[0] as? CAEmitterLayer)?.preservesDepth == true)
        #expect((scene.root.sublayers?[1] as? CAReplicatorLayer)?.preservesDepth == true)
        let again = try Scene(data: try scene.jsonData(), baseURL: nil)
        #expect((again.root.sublayers?[0] as? CAEmitterLayer)?.preservesDepth == true)
        #expect((again.root.sublayers?[1] as? CAReplicatorLayer)?.preservesDepth == true)
        #expect(
            sceneError(rootScene(#""preservesDepth": true"#))?.hasPrefix(#"root: field "preservesDepth" needs type"#)
                == true)
    }

    @Test func mistakesAreReportedWhereTheyAre() {
        #expect(
            sceneError(rootScene(#""emitterCells": []"#)) == #"root: field "emitterCells" needs type "emitterLayer""#)
        #expect(sceneError(rootScene(#""birthRate": 2"#)) == #"root: field "birthRate" needs type "emitterLayer""#)
        #expect(
            sceneError(rootScene(#""type": "emitterLayer", "emitterCells": [{"birthrate": 1}]"#))
                == #"root.emitterCells[0]: unknown field "birthrate""#)
        #expect(
            sceneError(rootScene(#""type": "emitterLayer", "emitterCells": [{"lifetime": "long"}]"#))
                == #"root.emitterCells[0].lifetime: expected a number, got "long""#)
        #expect(
            sceneError(rootScene(#""type": "emitterLayer", "seed": 1.5"#))
                == "root.seed: expected a whole number in 0...4294967295, got 1.5")
        #expect(
            sceneError(rootScene(#""type": "emitterLayer", "emitterShape": "cone""#))
                == #"root.emitterShape: unknown value "cone", expected one of point, line, rectangle, cuboid, circle, sphere"#
        )
        let deep = String(repeating: #"{"emitterCells": ["#, count: 9) + "{}" + String(repeating: "]}", count: 9)
        #expect(
            sceneError(rootScene(#""type": "emitterLayer", "emitterCells": [\#(deep)]"#))?
                .hasSuffix("emitter cells nest deeper than 8") == true)
        #expect(
            sceneError(
                rootScene(
                    #""type": "emitterLayer", "name": "e""#,
                    extra: #", "timeline": [{"at": 1, "set": {"e.emitterCells.a.birthrate": 0}}]"#))?
                .contains("unknown key path") == true)
        #expect(
            sceneError(
                rootScene(
                    #""type": "emitterLayer", "name": "e""#,
                    extra: #", "timeline": [{"at": 1, "set": {"e.emitterCells.a.spin": 90}}]"#)) == nil)
    }

    @Test func cellKeyPathsReadAngleValuesInDegrees() throws {
        let value = try SceneValueDecoder.decodeValue(
            .number(90), forKeyPath: "emitterCells.a.emissionLongitude",
            of: .emitterLayer, at: "v")
        #expect(near((value as? CGFloat) ?? 0, .pi / 2, 1e-12))
        #expect(SceneValueDecoder.isKnownKeyPath("emitterCells.a.emitterCells.b.birthRate", for: .emitterLayer))
        #expect(!SceneValueDecoder.isKnownKeyPath("emitterCells.a.birthRate", for: .layer))
        #expect(!SceneValueDecoder.isKnownKeyPath("emitterCells.a", for: .emitterLayer))
    }
}
