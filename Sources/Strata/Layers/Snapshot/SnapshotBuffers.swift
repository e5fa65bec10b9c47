import Foundation

/// A snapshot's arrays as memory, for worker threads that each write their
/// own nodes and links of one update (see ``SnapshotStorage``). Nothing
/// grows: the update sized the arrays before handing them out.
///
/// `@unchecked Sendable`: each worker writes only the nodes and links its
/// part of the tree was given, and reads only those (and none another writes).
struct SnapshotBuffers: SnapshotStorage, @unchecked Sendable {
    var nodes: UnsafeMutableBufferPointer<LayerSnapshotNode>
    var links: UnsafeMutableBufferPointer<Int32>
    var instanceLinks: UnsafeMutableBufferPointer<Range<Int32>>

    func appendNode(_ node: LayerSnapshotNode) {
        preconditionFailure("Strata: a snapshot's buffers cannot grow (node \(nodes.count))")
    }

    func growNodes(to count: Int) {
        precondition(count <= nodes.count, "Strata: a snapshot's buffers cannot grow (\(count) nodes)")
    }

    func growLinks(to count: Int) {
        precondition(count <= links.count, "Strata: a snapshot's buffers cannot grow (\(count) links)")
    }

    func growInstanceLinks(to count: Int) {
        precondition(count <= instanceLinks.count, "Strata: a snapshot's buffers cannot grow (\(count) instances)")
    }

    func withBuffers<R>(_ body: (SnapshotBuffers) -> R) -> R { body(self) }
}
