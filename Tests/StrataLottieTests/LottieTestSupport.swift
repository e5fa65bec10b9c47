import Foundation
import Strata

@testable import StrataLottie

/// Test animations: the files in `Tests/Lottie`, and small ones written inline.
enum LottieFiles {
    /// `Tests/Lottie`, from this file's path.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lottie")

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name + ".json") }

    static func load(_ name: String) throws -> LottieComposition { try LottieComposition.load(contentsOf: url(name)) }

    /// Every test animation's name.
    static var all: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}

/// A composition from JSON text (a 100 × 100 canvas at 30 fps, frames 0…30, unless `header` says otherwise).
func lottie(
    layers: String, assets: String = "[]", header: String = #""v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100"#
)
    throws -> LottieComposition
{
    try LottieComposition(data: Data("{\(header),\"assets\":\(assets),\"layers\":\(layers)}".utf8))
}

/// A shape layer with `shapes` (JSON) and transform `ks` (JSON).
func shapeLayer(_ shapes: String, ks: String = #"{"p":{"a":0,"k":[50,50]}}"#, extra: String = "") -> String {
    #"{"ddd":0,"ty":4,"ip":0,"op":30,"st":0,"ks":\#(ks),"shapes":\#(shapes)\#(extra.isEmpty ? "" : "," + extra)}"#
}

/// The layers of a tree, depth first, masks included.
func allLayers(_ root: CALayer) -> [CALayer] {
    var out: [CALayer] = []
    var stack = [root]
    while let layer = stack.popLast() {
        out.append(layer)
        if let mask = layer.mask { stack.append(mask) }
        stack.append(contentsOf: (layer.sublayers ?? []).reversed())
    }
    return out
}

extension LottieLayerTree {
    /// The animations of `layer`.
    func animations(of layer: CALayer) -> [CAKeyframeAnimation] {
        animations.filter { $0.layer === layer }.compactMap { $0.animation as? CAKeyframeAnimation }
    }

    /// The animations of every layer for `keyPath`.
    func animations(keyPath: String) -> [(layer: CALayer, animation: CAKeyframeAnimation)] {
        animations.compactMap { entry in
            guard let a = entry.animation as? CAKeyframeAnimation, a.keyPath == keyPath else { return nil }
            return (entry.layer, a)
        }
    }
}

/// The presentation tree of `composition` at `frame` of its own time (frame ip is time 0).
func presentation(_ composition: LottieComposition, frame: Double) throws -> CALayer {
    let scene = try composition.makeScene()
    return try scene.presentationTree(at: (frame - composition.inPoint) / composition.frameRate)
}

/// The first layer named `name` in a tree.
func layer(named name: String, in root: CALayer) -> CALayer? { allLayers(root).first { $0.name == name } }
