import CStrataRuntime
import Foundation

extension LayerTreeSnapshot {
    /// A layer's `sublayerTransform` and the anchor point it applies about.
    private typealias SublayerTransform = (matrix: CATransform3D, anchor: (x: CGFloat, y: CGFloat, z: CGFloat))

    /// `layer`'s sublayer transform, nil when it is the identity.
    private static func sublayerTransform(of layer: CALayer) -> SublayerTransform? {
        let m = layer._state.sublayerTransform
        return CATransform3DIsIdentity(m) ? nil : (m, layer._state.anchorPointInBounds)
    }

    /// How many sublayers ahead of the one added an update brings their memory into the caches.
    private static let prefetchDistance = 4

    /// Brings `layer`'s object (its state is most of it) into the caches.
    @inline(__always)
    private static func prefetch(_ layer: CALayer) {
        strata_prefetch(
            Unmanaged.passUnretained(layer).toOpaque(), UInt(MemoryLayout<LayerState>.size + 128))
    }

    /// Where the next node and links go while updating.
    private struct Cursor {
        var node = 0, link = 0, instance = 0
    }

    /// Makes this the snapshot of `layers` (trees drawn back to front; pass
    /// presentation trees), reusing the nodes in place: a node whose layer,
    /// state, content and links are those it had keeps its storage and has
    /// no changes. A model tree is read under the transaction lock.
    package mutating func update(from layers: [CALayer]) {
        CALayer.readingTrees(layers) {
            let oldCount = nodes.count
            var cursor = Cursor()
            changedNodeCount = 0
            var rootsChanged = roots.count != layers.count
            for (k, layer) in layers.enumerated() {
                let root = add(layer, parent: -1, parentMoved: false, parentSublayer: nil, &cursor).index
                if k < roots.count {
                    if roots[k] != root { roots[k] = root; rootsChanged = true }
                } else {
                    roots.append(root)
                }
            }
            roots.removeSubrange(layers.count...)
            nodes.removeSubrange(cursor.node...)
            links.removeSubrange(cursor.link...)
            instanceLinks.removeSubrange(cursor.instance...)
            hasChanges = changedNodeCount > 0 || rootsChanged || oldCount != nodes.count
        }
    }

    /// Puts `layer`'s node at the cursor (its subtree after it) and returns
    /// its index, whether anything in its subtree changed and whether the
    /// node is new (another layer was in its place).
    /// `parentMoved`: whether the parent's state or place changed; `parentSublayer`:
    /// its `sublayerTransform` and anchor point, when not the identity (they enter this node's `toParent`).
    private mutating func add(
        _ layer: CALayer, parent: Int32, parentMoved: Bool, parentSublayer: SublayerTransform?,
        _ cursor: inout Cursor
    ) -> (index: Int32, subtreeChanged: Bool, isNew: Bool) {
        let i = cursor.node
        cursor.node += 1
        let id = ObjectIdentifier(layer), kind = layer.contentKind
        var changes: LayerChanges = []
        let isNew = !(i < nodes.count && nodes[i].layerID == id && nodes[i].kind == kind)
        // The same writing of a presentation copy as the node holds: its state
        // and its class's values are the node's (a copy is written whole).
        let sameWriting = !isNew && layer._stateVersion != 0 && nodes[i].stateVersion == layer._stateVersion
        if !isNew {
            let version = layer._stateVersion
            if sameWriting {
                // Nothing to compare.
            } else if version != 0, layer._previousStateVersion != 0,
                nodes[i].stateVersion == layer._previousStateVersion, let delta = layer._stateDelta
            {
                // The next writing of an animated copy: only its animated bytes can differ.
                LayerState.copyBytes(delta, into: &nodes[i].state, from: &layer._state)
                changes.insert(delta.placesOnly ? .state : [.state, .look])
            } else if !LayerState.sameFields(&nodes[i].state, &layer._state) {
                if !LayerState.sameLook(&nodes[i].state, &layer._state) { changes.insert(.look) }
                // Mostly only numbers change (an animation's): copied as bytes,
                // without retaining and releasing every colour and image again.
                if !LayerState.assignPlainData(&nodes[i].state, from: &layer._state) {
                    nodes[i].state = layer._state
                }
                changes.insert(.state)
            }
            nodes[i].stateVersion = version
            if nodes[i].name != layer._name {
                nodes[i].name = layer._name
                changes.insert(.state)
            }
        } else {
            var node = LayerSnapshotNode(state: layer._state, kind: kind, name: layer._name, layerID: id)
            node.stateVersion = layer._stateVersion
            if i < nodes.count { nodes[i] = node } else { nodes.append(node) }
            changes = .own
        }
        if kind != .plain && kind != .transformLayer && !sameWriting {
            let content = layer.drawnContent
            if nodes[i].content != content {
                nodes[i].content = content
                nodes[i].preservesDepth = content.preservesDepth
                changes.insert(.content)
            }
        }
        if changes.contains(.look) || changes.contains(.content) {
            lastLookVersion &+= 1
            nodes[i].lookVersion = lastLookVersion
        }
        if nodes[i].parent != parent {
            nodes[i].parent = parent
            changes.insert(.structure)
        }
        let moved = parentMoved || !changes.isEmpty
        if moved {
            let m = layer._state.transformToSuperlayerBounds
            nodes[i].toParent =
                parentSublayer.map { LayerState.sublayerTransformed(m, by: $0.matrix, about: $0.anchor) } ?? m
        }
        var subtreeChanged = false
        let me = Int32(i)

        var mask: Int32 = -1
        if let layerMask = layer._mask {
            let added = add(layerMask, parent: -1, parentMoved: false, parentSublayer: nil, &cursor)
            mask = added.index
            subtreeChanged = subtreeChanged || added.subtreeChanged
        }
        if nodes[i].mask != mask {
            nodes[i].mask = mask
            changes.insert(.structure)
        }

        var transition: LayerSnapshotNode.Transition?
        if let frame = layer._transition {
            var old: Int32 = -1
            if let oldTree = frame.old {
                let added = add(
                    oldTree, parent: parent, parentMoved: parentMoved, parentSublayer: parentSublayer,
                    &cursor)
                old = added.index
                subtreeChanged = subtreeChanged || added.subtreeChanged
            }
            transition = .init(
                frame: TransitionFrame(
                    old: nil, type: frame.type, subtype: frame.subtype,
                    progress: frame.progress), oldNode: old)
        }
        if nodes[i].transition != transition {
            nodes[i].transition = transition
            changes.insert(.structure)
        }

        let sublayers = layer._sublayers
        let sublayer = sublayers.isEmpty && kind != .replicator ? nil : Self.sublayerTransform(of: layer)
        let list = addList(sublayers, parent: me, parentMoved: moved, parentSublayer: sublayer, &cursor)
        subtreeChanged = subtreeChanged || list.subtreeChanged
        if nodes[i].sublayers != list.range || list.orderChanged {
            nodes[i].sublayers = list.range
            changes.insert(.structure)
        }

        var delayed: Range<Int32> = 0..<0
        if kind == .replicator, let instances = unsafeDowncast(layer, to: CAReplicatorLayer.self)._delayedInstances {
            let start = cursor.instance
            cursor.instance += instances.count
            while instanceLinks.count < cursor.instance { instanceLinks.append(0..<0) }
            for (k, sublayers) in instances.enumerated() {
                let instanceList = addList(
                    sublayers, parent: me, parentMoved: moved, parentSublayer: sublayer,
                    &cursor)
                subtreeChanged = subtreeChanged || instanceList.subtreeChanged
                if instanceLinks[start + k] != instanceList.range || instanceList.orderChanged {
                    instanceLinks[start + k] = instanceList.range
                    changes.insert(.structure)
                }
            }
            delayed = Int32(start)..<Int32(cursor.instance)
        }
        if nodes[i].delayedInstances != delayed {
            nodes[i].delayedInstances = delayed
            changes.insert(.structure)
        }

        if !changes.isEmpty { changedNodeCount += 1 }
        if subtreeChanged || !changes.isEmpty { changes.insert(.subtree) }
        nodes[i].changes = changes
        return (me, changes.contains(.subtree), isNew)
    }

    /// Adds the nodes of `sublayers` and their links, in drawing order
    /// (stable by `zPosition`); `orderChanged` when a link differs from the
    /// one that was in its place.
    private mutating func addList(
        _ sublayers: [CALayer], parent: Int32, parentMoved: Bool,
        parentSublayer: SublayerTransform?, _ cursor: inout Cursor
    )
        -> (range: Range<Int32>, subtreeChanged: Bool, orderChanged: Bool)
    {
        let start = cursor.link
        cursor.link += sublayers.count
        let range = Int32(start)..<Int32(cursor.link)
        guard !sublayers.isEmpty else { return (range, false, false) }
        while links.count < cursor.link { links.append(-1) }
        // Most trees never set zPosition: tree order is drawing order.
        let z = sublayers[0]._state.zPosition
        let sorts = sublayers.contains { $0._state.zPosition != z }
        let previous = sorts ? Array(links[start..<cursor.link]) : []
        var subtreeChanged = false, orderChanged = false
        for (k, sublayer) in sublayers.enumerated() {
            // A long list of sublayers (a grid's cards): the layers and the nodes
            // they are written to a few ahead, a kilobyte each, on their way.
            if k + Self.prefetchDistance < sublayers.count {
                Self.prefetch(sublayers[k + Self.prefetchDistance])
                let node = cursor.node + Self.prefetchDistance
                if node < nodes.count {
                    nodes.withUnsafeBufferPointer {
                        strata_prefetch($0.baseAddress! + node, UInt(MemoryLayout<LayerSnapshotNode>.stride))
                    }
                }
            }
            let added = add(
                sublayer, parent: parent, parentMoved: parentMoved, parentSublayer: parentSublayer,
                &cursor)
            subtreeChanged = subtreeChanged || added.subtreeChanged
            // Another layer in a sublayer's place, or another place: the list changed.
            if added.isNew || (!sorts && links[start + k] != added.index) { orderChanged = true }
            links[start + k] = added.index
        }
        if sorts {
            let ordered = links[start..<(start + sublayers.count)].enumerated().sorted {
                let za = nodes[Int($0.element)].state.zPosition, zb = nodes[Int($1.element)].state.zPosition
                return za != zb ? za < zb : $0.offset < $1.offset
            }
            for (k, entry) in ordered.enumerated() { links[start + k] = entry.element }
            orderChanged = orderChanged || !previous.elementsEqual(links[start..<(start + sublayers.count)])
        }
        return (range, subtreeChanged, orderChanged)
    }
}
