import Foundation

/// A snapshot's arrays, moved out of it while an update walks its trees
/// (see ``SnapshotStorage``).
struct SnapshotArrays: SnapshotStorage {
    var nodes: [LayerSnapshotNode] = []
    var links: [Int32] = []
    var instanceLinks: [Range<Int32>] = []

    /// What stands in for a node a walk has yet to write (its `layerID` is no layer's).
    private static var placeholder: LayerSnapshotNode {
        LayerSnapshotNode(
            state: LayerState(), kind: .plain, name: nil, layerID: ObjectIdentifier(SnapshotArrays.self))
    }

    mutating func appendNode(_ node: LayerSnapshotNode) { nodes.append(node) }

    mutating func growNodes(to count: Int) {
        if nodes.count < count { nodes.append(contentsOf: repeatElement(Self.placeholder, count: count - nodes.count)) }
    }

    mutating func growLinks(to count: Int) {
        if links.count < count { links.append(contentsOf: repeatElement(-1, count: count - links.count)) }
    }

    mutating func growInstanceLinks(to count: Int) {
        if instanceLinks.count < count {
            instanceLinks.append(contentsOf: repeatElement(0..<0, count: count - instanceLinks.count))
        }
    }

    mutating func withBuffers<R>(_ body: (SnapshotBuffers) -> R) -> R {
        nodes.withUnsafeMutableBufferPointer { nodes in
            links.withUnsafeMutableBufferPointer { links in
                instanceLinks.withUnsafeMutableBufferPointer { instanceLinks in
                    body(SnapshotBuffers(nodes: nodes, links: links, instanceLinks: instanceLinks))
                }
            }
        }
    }
}
