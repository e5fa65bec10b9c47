import CStrataRuntime
import Foundation

extension LayerTreeSnapshot {
    /// A layer's `sublayerTransform` and the anchor point it applies about.
    private typealias SublayerTransform = (matrix: CATransform3D, anchor: (x: CGFloat, y: CGFloat, z: CGFloat))

    /// How many sublayers ahead of the one added an update brings their memory into the caches.
    private static let prefetchDistance = 4

    /// Brings `layer`'s object (its state is most of it) into the caches.
    @inline(__always)
    private static func prefetch(_ layer: CALayer) {
        strata_prefetch(
            Unmanaged.passUnretained(layer).toOpaque(), UInt(MemoryLayout<LayerState>.size + 128))
    }

    /// Where the next node and links go while updating, and, while sampling
    /// a model tree, whether its animations move and the notifications due.
    private struct Cursor {
        var node = 0, link = 0, instance = 0
        var advancing = false
        var events: [AnimationEvent] = []
    }

    /// Makes this the snapshot of `layers` (trees drawn back to front; pass
    /// presentation trees), reusing the nodes in place: a node whose layer,
    /// state, content and links are those it had keeps its storage and has
    /// no changes. A model tree is read under the transaction lock.
    package mutating func update(from layers: [CALayer]) {
        CALayer.readingTrees(layers) {
            var cursor = Cursor()
            update(layers.count, &cursor) { snapshot, k, cursor in
                snapshot.add(layers[k], parentTime: nil, parent: -1, parentMoved: false, parentSublayer: nil, &cursor)
                    .index
            }
        }
    }

    /// Makes this the snapshot of the model tree under `root` as it appears
    /// when its clock reads `time`: each layer's animations are applied at
    /// its local time, as `presentationTree(at:reusingAnimatedCopies: true)`
    /// applies them, but written into the nodes. A layer whose animations
    /// are a number plan and whose node holds its state from the last frame
    /// gets the plan's numbers written straight into its node's state, no
    /// copy made; others are read from their presentation copies, made or
    /// updated in place one layer at a time. With `advancing`, each layer is
    /// first marked drawn and its animations moved through their lives,
    /// the notifications due appended to `events` (a frame tick's walk).
    /// Call under the transaction lock.
    mutating func update(
        sampling root: CALayer, at time: CFTimeInterval, advancing: Bool, events: inout [AnimationEvent]
    ) {
        var cursor = Cursor(advancing: advancing, events: events)
        let parentTime = root.timingParent.map { $0.localTime(atGlobal: time) } ?? time
        update(1, &cursor) { snapshot, _, cursor in
            snapshot.add(root, parentTime: parentTime, parent: -1, parentMoved: false, parentSublayer: nil, &cursor)
                .index
        }
        events = cursor.events
    }

    /// After a second update within one frame: each node's changes also
    /// count those the first update found (`earlier`, by node index; where
    /// the second put another layer in a node's place, it is new anyway).
    mutating func merge(earlierChanges earlier: [LayerChanges], hadChanges: Bool) {
        changedNodeCount = 0
        for i in nodes.indices {
            if i < earlier.count { nodes[i].changes.formUnion(earlier[i]) }
            if !nodes[i].changes.subtracting(.subtree).isEmpty { changedNodeCount += 1 }
        }
        hasChanges = hasChanges || hadChanges
    }

    /// Updates the snapshot to `count` trees, `addRoot` putting the nodes
    /// of tree `k` at the cursor and returning its root's index.
    private mutating func update(
        _ count: Int, _ cursor: inout Cursor, addRoot: (inout Self, Int, inout Cursor) -> Int32
    ) {
        let oldCount = nodes.count
        changedNodeCount = 0
        var rootsChanged = roots.count != count
        for k in 0..<count {
            let root = addRoot(&self, k, &cursor)
            if k < roots.count {
                if roots[k] != root { roots[k] = root; rootsChanged = true }
            } else {
                roots.append(root)
            }
        }
        roots.removeSubrange(count...)
        nodes.removeSubrange(cursor.node...)
        links.removeSubrange(cursor.link...)
        instanceLinks.removeSubrange(cursor.instance...)
        hasChanges = changedNodeCount > 0 || rootsChanged || oldCount != nodes.count
    }

    /// Puts `layer`'s node at the cursor (its subtree after it) and returns
    /// its index, whether anything in its subtree changed and whether the
    /// node is new (another layer was in its place).
    /// `parentTime`: nil when `layer` is drawn as it is (a presentation copy,
    /// or a model layer read without its animations); else `layer` is a model
    /// layer sampled at this time of its parent's (see `update(sampling:…)`).
    /// `parentMoved`: whether the parent's state or place changed; `parentSublayer`:
    /// its `sublayerTransform` and anchor point, when not the identity (they enter this node's `toParent`).
    private mutating func add(
        _ layer: CALayer, parentTime: CFTimeInterval?, parent: Int32, parentMoved: Bool,
        parentSublayer: SublayerTransform?, _ cursor: inout Cursor
    ) -> (index: Int32, subtreeChanged: Bool, isNew: Bool) {
        let i = cursor.node
        let id = ObjectIdentifier(layer), kind = layer.contentKind
        let isNew = !(i < nodes.count && nodes[i].layerID == id && nodes[i].kind == kind)
        // What the node's state and content are read from (the layer, or its
        // presentation copy), unless a number plan is written into the node.
        var source = layer
        var plan: NumberAnimationPlan?
        // The time the sublayers and mask are sampled at (nil: drawn as they are).
        var local: CFTimeInterval?
        if let parentTime {
            // A replicator whose instances show other moments: its presentation
            // subtree, made as a render loop's tree is.
            if kind == .replicator, !layer._sublayers.isEmpty,
                unsafeDowncast(layer, to: CAReplicatorLayer.self).delaysInstances
            {
                let tree = layer.presentationSubtree(
                    parentTime: parentTime, advancing: cursor.advancing, events: &cursor.events)
                return add(
                    tree, parentTime: nil, parent: parent, parentMoved: parentMoved, parentSublayer: parentSublayer,
                    &cursor)
            }
            let t = layer.localTime(fromParent: parentTime)
            local = t
            if cursor.advancing { layer.advanceOwnAnimations(localTime: t, events: &cursor.events) }
            // A plan writes `LayerState` bytes only, and what a class draws
            // beyond a plain layer (`drawnContent`) reads none of them.
            if !isNew, let found = layer.inPlaceNumberPlan(nodeVersion: nodes[i].stateVersion) {
                plan = found
            } else {
                source = layer.sampledCopy(localTime: t)
            }
        }
        cursor.node += 1
        var changes: LayerChanges = []
        // The same writing of a presentation copy as the node holds: its state
        // and its class's values are the node's (a copy is written whole).
        let sameWriting = !isNew && source._stateVersion != 0 && nodes[i].stateVersion == source._stateVersion
        if let plan, let local {
            // The node holds last frame's writing: the plan's numbers are all that can differ.
            UnsafeLayerStateHandle.withHandle(to: &nodes[i].state) { state in
                UnsafeLayerStateHandle.withHandle(to: &layer._state) { state.copyBytes(plan.spans, from: $0) }
                plan.apply(at: local, to: state)
            }
            changes.insert(plan.spans.placesOnly ? .state : [.state, .look])
        } else if !isNew {
            let version = source._stateVersion
            if sameWriting {
                // Nothing to compare.
            } else if version != 0, source._previousStateVersion != 0,
                nodes[i].stateVersion == source._previousStateVersion, let delta = source._stateDelta
            {
                // The next writing of an animated copy: only its animated bytes can differ.
                LayerState.copyBytes(delta, into: &nodes[i].state, from: &source._state)
                changes.insert(delta.placesOnly ? .state : [.state, .look])
            } else if !LayerState.sameFields(&nodes[i].state, &source._state) {
                if !LayerState.sameLook(&nodes[i].state, &source._state) { changes.insert(.look) }
                // Mostly only numbers change (an animation's): copied as bytes,
                // without retaining and releasing every colour and image again.
                if !LayerState.assignPlainData(&nodes[i].state, from: &source._state) {
                    nodes[i].state = source._state
                }
                changes.insert(.state)
            }
            nodes[i].stateVersion = version
            if nodes[i].name != source._name {
                nodes[i].name = source._name
                changes.insert(.state)
            }
        } else {
            var node = LayerSnapshotNode(state: source._state, kind: kind, name: source._name, layerID: id)
            node.stateVersion = source._stateVersion
            if i < nodes.count { nodes[i] = node } else { nodes.append(node) }
            changes = .own
        }
        if plan == nil, kind != .plain && kind != .transformLayer && !sameWriting {
            let content = source.drawnContent
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
            // (Through the buffer: a computed property of the element copies the whole node.)
            let m = nodes.withUnsafeBufferPointer { $0[i].state.transformToSuperlayerBounds }
            nodes[i].toParent =
                parentSublayer.map { LayerState.sublayerTransformed(m, by: $0.matrix, about: $0.anchor) } ?? m
        }
        var subtreeChanged = false
        let me = Int32(i)

        var mask: Int32 = -1
        if let layerMask = layer._mask {
            let added = add(
                layerMask, parentTime: local, parent: -1, parentMoved: false, parentSublayer: nil, &cursor)
            mask = added.index
            subtreeChanged = subtreeChanged || added.subtreeChanged
        }
        if nodes[i].mask != mask {
            nodes[i].mask = mask
            changes.insert(.structure)
        }

        var transition: LayerSnapshotNode.Transition?
        if plan == nil, let frame = source._transition {
            var old: Int32 = -1
            if let oldTree = frame.old {
                let added = add(
                    oldTree, parentTime: nil, parent: parent, parentMoved: parentMoved,
                    parentSublayer: parentSublayer, &cursor)
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
        var sublayer: SublayerTransform?
        if !sublayers.isEmpty || kind == .replicator {
            sublayer = nodes.withUnsafeBufferPointer {
                let m = $0[i].state.sublayerTransform
                return CATransform3DIsIdentity(m) ? nil : (m, $0[i].state.anchorPointInBounds)
            }
        }
        let list = addList(
            sublayers, parentTime: local, parent: me, parentMoved: moved, parentSublayer: sublayer, &cursor)
        subtreeChanged = subtreeChanged || list.subtreeChanged
        if nodes[i].sublayers != list.range || list.orderChanged {
            nodes[i].sublayers = list.range
            changes.insert(.structure)
        }

        var delayed: Range<Int32> = 0..<0
        // (A sampled replicator that delays its instances was added as its presentation subtree.)
        if kind == .replicator, local == nil,
            let instances = unsafeDowncast(layer, to: CAReplicatorLayer.self)._delayedInstances
        {
            let start = cursor.instance
            cursor.instance += instances.count
            while instanceLinks.count < cursor.instance { instanceLinks.append(0..<0) }
            for (k, sublayers) in instances.enumerated() {
                let instanceList = addList(
                    sublayers, parentTime: nil, parent: me, parentMoved: moved, parentSublayer: sublayer,
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

    /// Adds the nodes of `sublayers` (sampled at `parentTime`, when given:
    /// see `add`) and their links, in drawing order (stable by the
    /// `zPosition` their nodes hold); `orderChanged` when a link differs from
    /// the one that was in its place.
    private mutating func addList(
        _ sublayers: [CALayer], parentTime: CFTimeInterval?, parent: Int32, parentMoved: Bool,
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
        // Sampled layers: an animated zPosition shows only in the nodes.
        var shownSorts = false
        for (k, sublayer) in sublayers.enumerated() {
            // A long list of sublayers (a grid's cards): the layers and the nodes
            // they are written to a few ahead, a kilobyte each, on their way.
            if k + Self.prefetchDistance < sublayers.count {
                Self.prefetch(sublayers[k + Self.prefetchDistance])
                // Sampling reads a layer's animation state next, once the layer is in.
                if parentTime != nil { sublayers[k + Self.prefetchDistance / 2].prefetchAnimationState() }
                let node = cursor.node + Self.prefetchDistance
                if node < nodes.count {
                    nodes.withUnsafeBufferPointer {
                        strata_prefetch($0.baseAddress! + node, UInt(MemoryLayout<LayerSnapshotNode>.stride))
                    }
                }
            }
            let added = add(
                sublayer, parentTime: parentTime, parent: parent, parentMoved: parentMoved,
                parentSublayer: parentSublayer, &cursor)
            subtreeChanged = subtreeChanged || added.subtreeChanged
            // Another layer in a sublayer's place, or another place: the list changed.
            if added.isNew || (!sorts && links[start + k] != added.index) { orderChanged = true }
            links[start + k] = added.index
            if parentTime != nil, !sorts, nodes[Int(added.index)].state.zPosition != z { shownSorts = true }
        }
        if sorts || shownSorts {
            let ordered = links[start..<(start + sublayers.count)].enumerated().sorted {
                let za = nodes[Int($0.element)].state.zPosition, zb = nodes[Int($1.element)].state.zPosition
                return za != zb ? za < zb : $0.offset < $1.offset
            }
            for (k, entry) in ordered.enumerated() { links[start + k] = entry.element }
            // (The last frame's order was overwritten unseen: say it changed.)
            orderChanged =
                orderChanged || !sorts || !previous.elementsEqual(links[start..<(start + sublayers.count)])
        }
        return (range, subtreeChanged, orderChanged)
    }
}
