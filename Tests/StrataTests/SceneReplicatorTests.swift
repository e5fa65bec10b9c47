import Foundation
import Testing

@testable import Strata
@testable import StrataScene

private func load(_ text: String) throws -> Scene {
    try Scene(data: Data(text.utf8), baseURL: nil)
}

/// `replicatorLayer` in scene files: its fields, their checks, key paths and schema.
@Suite("Scene replicator layers")
struct SceneReplicatorTests {
    @Test("Every replicator field reads into the layer")
    func fields() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("replicator.scene.json"))
        let r = try #require(scene.layersByName["spinner"] as? CAReplicatorLayer)
        #expect(r.instanceCount == 12 && r.instanceDelay == 0.08 && r.preservesDepth)
        #expect(r.instanceTransform == CATransform3DMakeRotation(.pi / 6, 0, 0, 1))
        #expect(r.instanceColor?.components == [1, 190.0 / 255, 11.0 / 255, 1])
        #expect(r.instanceRedOffset == -0.05 && r.instanceGreenOffset == 0.1)
        #expect(r.instanceBlueOffset == 0.25 && r.instanceAlphaOffset == -0.07)
        #expect(r.sublayers?.first?.name == "dot")
        #expect(scene.animations.map(\.keyPath) == ["instanceTransform.rotation.z", "instanceCount"])
        let bare = try #require(
            try load(#"{"size": [10, 10], "root": {"type": "replicatorLayer"}}"#).root
                as? CAReplicatorLayer)
        #expect(bare.instanceCount == 1 && bare.instanceDelay == 0 && !bare.preservesDepth)
        #expect(bare.instanceColor == .white && CATransform3DIsIdentity(bare.instanceTransform))
        #expect(SceneLayerType(of: r) == .replicatorLayer)
    }

    @Test("The timeline and animations reach replicator properties")
    func playback() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("replicator.scene.json"))
        let early = try #require(try scene.presentationTree(at: 0.25).sublayers?.first as? CAReplicatorLayer)
        #expect(early.instanceCount == 3)  // 1 + 11 × 0.25 = 3.75, cut to 3
        #expect(abs(early.instanceTransform.m12 - sin(.pi / 24)) < 1e-9)
        let late = try #require(try scene.presentationTree(at: 2).sublayers?.first as? CAReplicatorLayer)
        #expect(late.instanceCount == 6 && late.instanceColor?.components == [1, 0, 0, 1])
        #expect(abs(late.instanceDelay - 0.1) < 1e-12 && abs(late.instanceAlphaOffset + 0.1) < 1e-7)
    }

    @Test(
        "Wrong replicator values are errors naming the field",
        arguments: [
            (
                #"{"type": "replicatorLayer", "instanceCount": 1.5}"#,
                "root.instanceCount: must be a whole number, got 1.5"
            ),
            (#"{"type": "replicatorLayer", "instanceCount": -1}"#, "root.instanceCount"),
            (#"{"type": "replicatorLayer", "instanceCount": 10001}"#, "root.instanceCount"),
            (#"{"type": "replicatorLayer", "instanceDelay": "soon"}"#, "root.instanceDelay"),
            (#"{"type": "replicatorLayer", "instanceRedOffset": 1e39}"#, "root.instanceRedOffset"),
            (#"{"instanceCount": 3}"#, "instanceCount"),
        ])
    func errors(layer: String, message: String) {
        do {
            _ = try load(#"{"size": [10, 10], "root": "# + layer + "}")
            Issue.record("\(layer) was accepted")
        } catch let error as SceneError {
            #expect(error.description.contains(message), "\(error.description)")
        } catch {
            Issue.record("not a SceneError: \(error)")
        }
    }

    @Test("Replicator fields round-trip and defaults are left out")
    func writing() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("replicator.scene.json"))
        let again = try Scene(data: scene.jsonData(), baseURL: nil)
        let r = try #require(again.layersByName["spinner"] as? CAReplicatorLayer)
        #expect(r.instanceCount == 12 && r.instanceAlphaOffset == -0.07 && r.preservesDepth)
        let bare = try load(#"{"size": [10, 10], "root": {"type": "replicatorLayer", "instanceCount": 1}}"#)
        let text = String(decoding: try bare.jsonData(), as: UTF8.self)
        #expect(text.contains(#""type": "replicatorLayer""#) && !text.contains("instance"))
    }

    @Test("The schema lists the replicator fields and key paths")
    func schema() {
        let text = SceneSchema.text
        for name in [
            "replicatorLayer", "instanceCount", "instanceTransform", "instanceDelay", "instanceColor",
            "instanceRedOffset", "instanceAlphaOffset", "preservesDepth", "instanceTransform.rotation.z",
        ] {
            #expect(text.contains("\"\(name)\""), "\(name)")
        }
        #expect(SceneValueDecoder.isKnownKeyPath("instanceTransform.rotation.z", for: .replicatorLayer))
        #expect(!SceneValueDecoder.isKnownKeyPath("instanceCount", for: .layer))
    }
}
