import Foundation

/// Where a snapshot update writes its nodes and links: the snapshot's own
/// arrays, which grow as the walk goes (``SnapshotArrays``), or their memory
/// while worker threads sample parts of a long sublayer list side by side
/// (``SnapshotBuffers``: sized beforehand, nothing grows).
///
/// The walk is written once against this and compiled for each.
protocol SnapshotStorage {
    associatedtype Nodes: RandomAccessCollection & MutableCollection
    where Nodes.Element == LayerSnapshotNode, Nodes.Index == Int
    associatedtype Links: RandomAccessCollection & MutableCollection where Links.Element == Int32, Links.Index == Int
    associatedtype InstanceLinks: RandomAccessCollection & MutableCollection
    where InstanceLinks.Element == Range<Int32>, InstanceLinks.Index == Int

    var nodes: Nodes { get set }
    var links: Links { get set }
    var instanceLinks: InstanceLinks { get set }

    /// Adds `node` after the last one.
    mutating func appendNode(_ node: LayerSnapshotNode)
    /// Makes `nodes` at least `count` long, with nodes that are no layer's
    /// (a walk finds each new, as past the end).
    mutating func growNodes(to count: Int)
    /// Makes `links` at least `count` long (new links −1).
    mutating func growLinks(to count: Int)
    /// Makes `instanceLinks` at least `count` long (new ranges empty).
    mutating func growInstanceLinks(to count: Int)
    /// Runs `body` with this storage's memory as buffers, which nothing may grow meanwhile.
    mutating func withBuffers<R>(_ body: (SnapshotBuffers) -> R) -> R
}
