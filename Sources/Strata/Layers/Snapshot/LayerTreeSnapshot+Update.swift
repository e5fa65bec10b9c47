import CStrataRuntime
import Foundation

extension LayerTreeSnapshot {
    /// How many sublayers ahead of the one added an update brings their memory into the caches.
    private static let prefetchDistance = 6

    /// Brings the parts of `layer`'s object that a sampling reads into the
    /// caches: its geometry and transform at the start of its state, and the
    /// state's timing at its end with the layer's own fields after it. Not the
    /// whole object: the lines between, asked for every layer, crowd out the
    /// ones wanted.
    @inline(__always)
    private static func prefetch(_ layer: CALayer) {
        let object = Unmanaged.passUnretained(layer).toOpaque()
        strata_prefetch(object, LayerObjectParts.geometryBytes)
        strata_prefetch(object + LayerObjectParts.timingStart, LayerObjectParts.timingBytes)
    }

    /// Where in a layer object (a 16-byte header, then its `LayerState`, then
    /// its own fields) the parts `prefetch` asks for lie, in bytes.
    private enum LayerObjectParts {
        /// The header and the state through `transform` (224 bytes), in whole lines.
        static let geometryBytes: UInt = 256
        /// From just before the state's timing fields (`beginTime`…) through
        /// the layer's fields after its state (its links, animation state,
        /// sampled versions).
        static let timingStart = 704
        static let timingBytes: UInt = 320

        /// Whether the fields read still lie in the parts (asserted in debug builds).
        static var fitLayout: Bool {
            let header = 16
            return UInt(header + MemoryLayout<LayerState>.offset(of: \.sublayerTransform)!) <= geometryBytes
                && header + MemoryLayout<LayerState>.offset(of: \.beginTime)! >= timingStart
                && UInt(header + MemoryLayout<LayerState>.size + 200 - timingStart) <= timingBytes
        }
    }

    /// Where the next node and links go while updating, and, while sampling
    /// a model tree, whether its animations move and the notifications due.
    private struct Cursor {
        var node = 0, link = 0, instance = 0
        var advancing = false
        var events: [AnimationEvent] = []
        /// Nodes given changes of their own so far.
        var changedNodes = 0
        /// The `lookVersion` of the nodes whose look this update changes.
        var lookVersion: UInt64 = 0
        /// How many threads a long list of sublayers may be sampled on.
        var threads = 1
        /// Lists sampled on several threads so far.
        var parallelLists = 0
    }

    /// Makes this the snapshot of `layers` (trees drawn back to front; pass
    /// presentation trees), reusing the nodes in place: a node whose layer,
    /// state, content and links are those it had keeps its storage and has
    /// no changes. A model tree is read under the transaction lock.
    package mutating func update(from layers: [CALayer]) {
        CALayer.readingTrees(layers) {
            var cursor = Cursor()
            update(layers.count, &cursor) { store, k, cursor in
                Self.add(
                    layers[k], parentTime: nil, parent: -1, parentMoved: false, parentTransformsSublayers: false,
                    &store, &cursor
                ).index
            }
        }
    }

    /// Makes this the snapshot of the model tree under `root` as it appears
    /// when its clock reads `time`: each layer's animations are applied at
    /// its local time, as `presentationTree(at:)` applies them, but written
    /// into the nodes. A layer whose animations
    /// are a number plan and whose node holds its state from the last frame
    /// gets the plan's numbers written straight into its node's state, no
    /// copy made; others are read from their presentation copies (kept while
    /// unanimated, else made anew), one layer at a time. With `advancing`, each layer is
    /// first marked drawn and its animations moved through their lives,
    /// the notifications due appended to `events` (a frame tick's walk).
    /// Long lists of sublayers are sampled on up to `threads` threads (see
    /// `addInParallel`); the nodes are the same on any number.
    /// Call under the transaction lock.
    mutating func update(
        sampling root: CALayer, at time: CFTimeInterval, advancing: Bool, threads: Int = 1,
        events: inout [AnimationEvent]
    ) {
        assert(LayerObjectParts.fitLayout, "LayerTreeSnapshot: a layer object's layout moved (LayerObjectParts)")
        var cursor = Cursor(advancing: advancing, events: events, threads: threads)
        let parentTime = root.timingParent.map { $0.localTime(atGlobal: time) } ?? time
        update(1, &cursor) { store, _, cursor in
            Self.add(
                root, parentTime: parentTime, parent: -1, parentMoved: false, parentTransformsSublayers: false, &store,
                &cursor
            ).index
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
        _ count: Int, _ cursor: inout Cursor, addRoot: (inout SnapshotArrays, Int, inout Cursor) -> Int32
    ) {
        // One version for every look this update changes: a reader compares a
        // node's with the one it saw, so it need only be new.
        lastLookVersion &+= 1
        cursor.lookVersion = lastLookVersion
        // The arrays are moved out (not copied) while the walk writes them.
        var store = SnapshotArrays()
        swap(&store.nodes, &nodes)
        swap(&store.links, &links)
        swap(&store.instanceLinks, &instanceLinks)
        let oldCount = store.nodes.count
        var rootsChanged = roots.count != count
        for k in 0..<count {
            let root = addRoot(&store, k, &cursor)
            if k < roots.count {
                if roots[k] != root { roots[k] = root; rootsChanged = true }
            } else {
                roots.append(root)
            }
        }
        roots.removeSubrange(count...)
        store.nodes.removeSubrange(cursor.node...)
        store.links.removeSubrange(cursor.link...)
        store.instanceLinks.removeSubrange(cursor.instance...)
        swap(&store.nodes, &nodes)
        swap(&store.links, &links)
        swap(&store.instanceLinks, &instanceLinks)
        changedNodeCount = cursor.changedNodes
        parallelLists = cursor.parallelLists
        hasChanges = changedNodeCount > 0 || rootsChanged || oldCount != nodes.count
    }

    /// Puts `layer`'s node at the cursor (its subtree after it) and returns
    /// its index, whether anything in its subtree changed and whether the
    /// node is new (another layer was in its place).
    /// `parentTime`: nil when `layer` is drawn as it is (a presentation copy,
    /// or a model layer read without its animations); else `layer` is a model
    /// layer sampled at this time of its parent's (see `update(sampling:…)`).
    /// `parentMoved`: whether the parent's state or place changed;
    /// `parentTransformsSublayers`: whether its node's `sublayerTransform` is
    /// not the identity (it enters this node's `toParent`; read from the
    /// node, not passed along: a matrix copied for every layer cost more).
    private static func add<Storage: SnapshotStorage>(
        _ layer: CALayer, parentTime: CFTimeInterval?, parent: Int32, parentMoved: Bool,
        parentTransformsSublayers: Bool, _ store: inout Storage, _ cursor: inout Cursor
    ) -> (index: Int32, subtreeChanged: Bool, isNew: Bool) {
        let i = cursor.node
        let id = ObjectIdentifier(layer), kind = layer.contentKind
        let isNew = !(i < store.nodes.count && store.nodes[i].layerID == id && store.nodes[i].kind == kind)
        // What the node's state and content are read from (the layer, or its
        // presentation copy), unless a number plan is written into the node.
        var source = layer
        var plan: NumberAnimationPlan?
        // Whether the plan is written over the layer's whole state (else only its numbers change).
        var planOverLayer = false
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
                return Self.add(
                    tree, parentTime: nil, parent: parent, parentMoved: parentMoved,
                    parentTransformsSublayers: parentTransformsSublayers,
                    &store, &cursor)
            }
            let t = layer.localTime(fromParent: parentTime)
            local = t
            if cursor.advancing { layer.advanceOwnAnimations(localTime: t, events: &cursor.events) }
            // A plan writes `LayerState` bytes, and a shape or gradient layer's content
            // fields (what a class draws beyond a plain layer, `drawnContent`,
            // reads no `LayerState` bytes).
            if let found = layer.numberPlanToSample(nodeVersion: isNew ? 0 : store.nodes[i].stateVersion) {
                // Else the node is written from the layer itself, then the plan's numbers into it.
                (plan, planOverLayer) = (found.plan, !found.inPlace)
            } else {
                source = layer.sampledCopy(localTime: t)
            }
        }
        cursor.node += 1
        var changes: LayerChanges = []
        // The same writing of a presentation copy as the node holds: its state
        // and its class's values are the node's (a copy is written whole).
        let sameWriting = !isNew && source._stateVersion != 0 && store.nodes[i].stateVersion == source._stateVersion
        if let plan, let local, !planOverLayer {
            // The node holds last frame's writing: the plan's numbers are all that can differ.
            var stamp = store.nodes[i].planStamp
            let changed = UnsafeLayerStateHandle.withHandle(to: &store.nodes[i].state) { state in
                UnsafeLayerStateHandle.withHandle(to: &layer._state) {
                    plan.rewrite(at: local, into: state, from: $0, stamp: &stamp)
                }
            }
            if changed.state || changed.content { store.nodes[i].planStamp = stamp }
            if changed.state { changes.insert(plan.placesOnly ? .state : [.state, .look]) }
            if changed.content {
                plan.writeContent(into: &store.nodes[i].content, from: layer)
                changes.insert(.content)
            }
        } else if !isNew {
            let version = source._stateVersion
            if sameWriting {
                // Nothing to compare.
            } else if !LayerState.sameFields(&store.nodes[i].state, &source._state) {
                if !LayerState.sameLook(&store.nodes[i].state, &source._state) { changes.insert(.look) }
                // Mostly only numbers change (an animation's): copied as bytes,
                // without retaining and releasing every colour and image again.
                if !LayerState.assignPlainData(&store.nodes[i].state, from: &source._state) {
                    store.nodes[i].state = source._state
                }
                changes.insert(.state)
            }
            store.nodes[i].stateVersion = version
            if store.nodes[i].name != source._name {
                store.nodes[i].name = source._name
                changes.insert(.state)
            }
        } else {
            var node = LayerSnapshotNode(state: source._state, kind: kind, name: source._name, layerID: id)
            node.stateVersion = source._stateVersion
            if i < store.nodes.count { store.nodes[i] = node } else { store.appendNode(node) }
            changes = .own
        }
        if let plan, let local, planOverLayer {
            store.nodes[i].stateVersion = layer._sampledVersion
            store.nodes[i].planStamp = UnsafeLayerStateHandle.withHandle(to: &store.nodes[i].state) {
                plan.write(at: local, into: $0)
            }
            changes.insert(plan.placesOnly ? .state : [.state, .look])
        }
        if plan == nil || planOverLayer, kind != .plain && kind != .transformLayer && !sameWriting {
            var content = source.drawnContent
            if let plan, plan.writesContent { plan.writeContent(into: &content, from: layer) }
            if store.nodes[i].content != content {
                store.nodes[i].content = content
                store.nodes[i].preservesDepth = content.preservesDepth
                changes.insert(.content)
            }
        }
        if changes.contains(.look) || changes.contains(.content) { store.nodes[i].lookVersion = cursor.lookVersion }
        if store.nodes[i].parent != parent {
            store.nodes[i].parent = parent
            changes.insert(.structure)
        }
        let moved = parentMoved || !changes.isEmpty
        if moved {
            // (Through the buffer: a computed property of the element copies the whole node.)
            store.nodes[i].toParent = store.nodes.withContiguousStorageIfAvailable { nodes in
                let m = nodes[i].state.transformToSuperlayerBounds
                guard parentTransformsSublayers else { return m }
                let above = Int(parent)
                return LayerState.sublayerTransformed(
                    m, by: nodes[above].state.sublayerTransform, about: nodes[above].state.anchorPointInBounds)
            }!
        }
        var subtreeChanged = false
        let me = Int32(i)

        var mask: Int32 = -1
        if let layerMask = layer._mask {
            let added = Self.add(
                layerMask, parentTime: local, parent: -1, parentMoved: false, parentTransformsSublayers: false, &store,
                &cursor)
            mask = added.index
            subtreeChanged = subtreeChanged || added.subtreeChanged
        }
        if store.nodes[i].mask != mask {
            store.nodes[i].mask = mask
            changes.insert(.structure)
        }

        var transition: LayerSnapshotNode.Transition?
        if plan == nil, let frame = source._transition {
            var old: Int32 = -1
            if let oldTree = frame.old {
                let added = Self.add(
                    oldTree, parentTime: nil, parent: parent, parentMoved: parentMoved,
                    parentTransformsSublayers: parentTransformsSublayers, &store, &cursor)
                old = added.index
                subtreeChanged = subtreeChanged || added.subtreeChanged
            }
            transition = .init(
                frame: TransitionFrame(
                    old: nil, type: frame.type, subtype: frame.subtype,
                    progress: frame.progress), oldNode: old)
        }
        if store.nodes[i].transition != transition {
            store.nodes[i].transition = transition
            changes.insert(.structure)
        }

        let sublayers = layer._sublayers
        var transformsSublayers = false
        if !sublayers.isEmpty || kind == .replicator {
            transformsSublayers =
                store.nodes.withContiguousStorageIfAvailable { !CATransform3DIsIdentity($0[i].state.sublayerTransform) }
                ?? false
        }
        let list = Self.addList(
            sublayers, parentTime: local, parent: me, parentMoved: moved,
            parentTransformsSublayers: transformsSublayers, &store, &cursor)
        subtreeChanged = subtreeChanged || list.subtreeChanged
        if store.nodes[i].sublayers != list.range || list.orderChanged {
            store.nodes[i].sublayers = list.range
            changes.insert(.structure)
        }

        var delayed: Range<Int32> = 0..<0
        // (A sampled replicator that delays its instances was added as its presentation subtree.)
        if kind == .replicator, local == nil,
            let instances = unsafeDowncast(layer, to: CAReplicatorLayer.self)._delayedInstances
        {
            let start = cursor.instance
            cursor.instance += instances.count
            store.growInstanceLinks(to: cursor.instance)
            for (k, sublayers) in instances.enumerated() {
                let instanceList = Self.addList(
                    sublayers, parentTime: nil, parent: me, parentMoved: moved,
                    parentTransformsSublayers: transformsSublayers,
                    &store, &cursor)
                subtreeChanged = subtreeChanged || instanceList.subtreeChanged
                if store.instanceLinks[start + k] != instanceList.range || instanceList.orderChanged {
                    store.instanceLinks[start + k] = instanceList.range
                    changes.insert(.structure)
                }
            }
            delayed = Int32(start)..<Int32(cursor.instance)
        }
        if store.nodes[i].delayedInstances != delayed {
            store.nodes[i].delayedInstances = delayed
            changes.insert(.structure)
        }

        if !changes.isEmpty { cursor.changedNodes += 1 }
        if subtreeChanged || !changes.isEmpty { changes.insert(.subtree) }
        store.nodes[i].changes = changes
        return (me, changes.contains(.subtree), isNew)
    }

    /// Adds the nodes of `sublayers` (sampled at `parentTime`, when given:
    /// see `add`) and their links, in drawing order (stable by the
    /// `zPosition` their nodes hold); `orderChanged` when a link differs from
    /// the one that was in its place. A long list being sampled is split
    /// over `cursor.threads` threads when it can be (see `addInParallel`).
    private static func addList<Storage: SnapshotStorage>(
        _ sublayers: [CALayer], parentTime: CFTimeInterval?, parent: Int32, parentMoved: Bool,
        parentTransformsSublayers: Bool, _ store: inout Storage, _ cursor: inout Cursor
    )
        -> (range: Range<Int32>, subtreeChanged: Bool, orderChanged: Bool)
    {
        let start = cursor.link
        cursor.link += sublayers.count
        let range = Int32(start)..<Int32(cursor.link)
        guard !sublayers.isEmpty else { return (range, false, false) }
        store.growLinks(to: cursor.link)
        let list = ListPlace(
            sublayers: sublayers, start: start, z: sublayers[0]._state.zPosition, parentTime: parentTime,
            parent: parent, parentMoved: parentMoved, parentTransformsSublayers: parentTransformsSublayers)
        let added =
            addInParallel(list, &store, &cursor) ?? addEntries(list, 0..<sublayers.count, &store, &cursor)
        let links = start..<(start + sublayers.count)
        // Most trees never set zPosition: tree order is drawing order.
        guard added.sorts else { return (range, added.subtreeChanged, added.anyNew || !added.replaced.isEmpty) }
        // The links that were in the list's place, to tell whether the sorted order is another.
        var previous = Array(store.links[links])
        for (k, old) in added.replaced { previous[k] = old }
        let ordered = store.links[links].enumerated().sorted {
            let za = store.nodes[Int($0.element)].state.zPosition
            let zb = store.nodes[Int($1.element)].state.zPosition
            return za != zb ? za < zb : $0.offset < $1.offset
        }
        for (k, entry) in ordered.enumerated() { store.links[start + k] = entry.element }
        return (range, added.subtreeChanged, added.anyNew || !previous.elementsEqual(store.links[links]))
    }

    /// A list of sublayers being added, and where: what each of its entries is added with.
    private struct ListPlace {
        let sublayers: [CALayer]
        /// The list's first link.
        let start: Int
        /// The first sublayer's model `zPosition`.
        let z: CGFloat
        let parentTime: CFTimeInterval?
        let parent: Int32, parentMoved: Bool
        let parentTransformsSublayers: Bool
    }

    /// What adding some entries of a list found.
    private struct ListChanges {
        var subtreeChanged = false
        /// Some entry's node is new.
        var anyNew = false
        /// A model or sampled `zPosition` differs from the first sublayer's
        /// model one: the list is sorted by the nodes' (else tree order is
        /// drawing order).
        var sorts = false
        /// The links that were in the place of entries written with another
        /// (by entry: mostly none), which a sorted list compares its order with.
        var replaced: [(entry: Int, link: Int32)] = []

        /// Adds what a later run of the same list found.
        mutating func formUnion(_ other: ListChanges) {
            subtreeChanged = subtreeChanged || other.subtreeChanged
            anyNew = anyNew || other.anyNew
            sorts = sorts || other.sorts
            replaced += other.replaced
        }
    }

    /// Adds the sublayers of `list` in `entries` (nodes at the cursor, links in the list's place).
    private static func addEntries<Storage: SnapshotStorage>(
        _ list: ListPlace, _ entries: Range<Int>, _ store: inout Storage, _ cursor: inout Cursor
    ) -> ListChanges {
        let sublayers = list.sublayers
        var found = ListChanges()
        for k in entries {
            // A long list of sublayers (a grid's cards): the layers and the nodes
            // they are written to a few ahead, a kilobyte each, on their way.
            if k + Self.prefetchDistance < entries.upperBound {
                Self.prefetch(sublayers[k + Self.prefetchDistance])
                // Sampling reads a layer's animation state next, once the layer is in.
                if list.parentTime != nil {
                    // Then its number plan, and the plan's steps, once each is in.
                    sublayers[k + 3].prefetchAnimationState()
                    sublayers[k + 2].prefetchNumberPlan()
                    sublayers[k + 1].prefetchNumberPlanSteps()
                }
                let node = cursor.node + Self.prefetchDistance
                if node < store.nodes.count {
                    _ = store.nodes.withContiguousStorageIfAvailable {
                        strata_prefetch($0.baseAddress! + node, UInt(MemoryLayout<LayerSnapshotNode>.stride))
                    }
                }
            }
            // Borrowed, not retained: `sublayers` holds the layer for the call, and
            // a layer with sublayers keeps its count in a side table (they refer to
            // it weakly), where a retain and its release cost several plain ones.
            // Its model zPosition is read here, not in a pass of its own: the layer is in the caches now.
            let (added, modelZ) = Unmanaged.passUnretained(sublayers[k])._withUnsafeGuaranteedRef {
                let added = Self.add(
                    $0, parentTime: list.parentTime, parent: list.parent, parentMoved: list.parentMoved,
                    parentTransformsSublayers: list.parentTransformsSublayers, &store, &cursor)
                return (added, $0._state.zPosition)
            }
            found.subtreeChanged = found.subtreeChanged || added.subtreeChanged
            found.anyNew = found.anyNew || added.isNew
            if modelZ != list.z
                || (list.parentTime != nil && store.nodes[Int(added.index)].state.zPosition != list.z)
            {
                found.sorts = true
            }
            let link = list.start + k
            if store.links[link] != added.index {
                found.replaced.append((k, store.links[link]))
                store.links[link] = added.index
            }
        }
        return found
    }
}

// Sampling a long list of sublayers on several threads.
extension LayerTreeSnapshot {
    /// Lists shorter than this are sampled on one thread.
    static let shortestParallelList = 1024
    /// Each thread samples at least this many sublayers of a list.
    static let fewestSublayersPerThread = 256

    /// What one thread's run of a list found.
    private struct RunResult {
        var changes = ListChanges()
        var events: [AnimationEvent] = []
        var changedNodes = 0
    }

    /// Where the threads of one list's sampling put what they found, each its own entry.
    private struct RunResults<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
    }

    /// The work the threads share (read only while they run).
    private struct SharedRun: @unchecked Sendable {
        let list: ListPlace
        let runs: Int
        /// Where each run's nodes and links begin, and where the last ends.
        var starts: [(node: Int, link: Int)] = []
        var end = (node: 0, link: 0)
        var buffers: SnapshotBuffers?
        var cursor = Cursor()

        init(list: ListPlace, runs: Int) {
            self.list = list
            self.runs = runs
        }

        /// The sublayers of run `r`: the list cut into `runs` nearly equal parts.
        func entries(_ r: Int) -> Range<Int> {
            let n = list.sublayers.count
            return (n * r / runs)..<(n * (r + 1) / runs)
        }
    }

    /// Samples the sublayers of a long `list` on `cursor.threads` threads, each
    /// a run of consecutive sublayers, writing the same nodes and links as
    /// one thread would; nil (nothing done) when the list is short, or when a
    /// layer in it must be sampled on this thread (see `parallelCount`).
    ///
    /// First each thread counts the nodes and links of its run's subtrees, so
    /// that every run knows where its nodes go; then each samples its run
    /// into the snapshot's memory (sized for all of them), and what the runs
    /// found and their notifications are joined in tree order.
    private static func addInParallel<Storage: SnapshotStorage>(
        _ list: ListPlace, _ store: inout Storage, _ cursor: inout Cursor
    ) -> ListChanges? {
        guard let parentTime = list.parentTime, cursor.threads > 1,
            list.sublayers.count >= shortestParallelList
        else { return nil }
        let runs = min(cursor.threads, list.sublayers.count / fewestSublayersPerThread)
        guard runs > 1 else { return nil }
        var shared = SharedRun(list: list, runs: runs)
        var counts = [(nodes: Int, links: Int)?](repeating: nil, count: runs)
        counts.withUnsafeMutableBufferPointer { out in
            let results = RunResults(base: out.baseAddress!)
            let counting = shared
            WorkerThreads.perform(runs) { r in
                var total = (nodes: 0, links: 0)
                let entries = counting.entries(r), sublayers = counting.list.sublayers
                for k in entries {
                    // (As `addEntries` does: each layer is a chain of misses otherwise. Counting
                    // reads the parts of a layer that sampling does.)
                    if k + prefetchDistance < entries.upperBound {
                        prefetch(sublayers[k + prefetchDistance])
                        sublayers[k + prefetchDistance / 2].prefetchAnimationState()
                    }
                    guard let count = parallelCount(sublayers[k], parentTime: parentTime) else { return }
                    (total.nodes, total.links) = (total.nodes + count.nodes, total.links + count.links)
                }
                results.base[r] = total
            }
        }
        guard !counts.contains(where: { $0 == nil }) else { return nil }
        var next = (node: cursor.node, link: cursor.link)
        for count in counts {
            shared.starts.append(next)
            next = (next.node + count!.nodes, next.link + count!.links)
        }
        shared.end = next
        store.growNodes(to: next.node)
        store.growLinks(to: next.link)
        shared.cursor = cursor
        (shared.cursor.events, shared.cursor.changedNodes, shared.cursor.threads) = ([], 0, 1)
        var results = [RunResult](repeating: RunResult(), count: runs)
        store.withBuffers { buffers in
            results.withUnsafeMutableBufferPointer { out in
                shared.buffers = buffers
                let results = RunResults(base: out.baseAddress!)
                let sampling = shared
                WorkerThreads.perform(runs) { r in
                    var memory = sampling.buffers!
                    var run = sampling.cursor
                    (run.node, run.link) = sampling.starts[r]
                    // (This thread's caller holds the lock: its layers are read without it.)
                    let changes = TransactionLock.lending {
                        addEntries(sampling.list, sampling.entries(r), &memory, &run)
                    }
                    let end = r + 1 < runs ? sampling.starts[r + 1] : sampling.end
                    precondition(
                        run.node == end.node && run.link == end.link,
                        "Strata: a run of sublayers took other nodes than counted")
                    results.base[r] = RunResult(changes: changes, events: run.events, changedNodes: run.changedNodes)
                }
            }
        }
        var found = ListChanges()
        for result in results {
            found.formUnion(result.changes)
            cursor.events += result.events
            cursor.changedNodes += result.changedNodes
        }
        (cursor.node, cursor.link) = next
        cursor.parallelLists += 1
        return found
    }

    /// The nodes and links `layer`'s subtree takes when sampled at
    /// `parentTime`, when a worker thread may sample it; nil when some layer
    /// in it must be sampled on the update's thread: one whose sampling may
    /// run code of yours (a subclass's `init(layer:)`, a display for an
    /// animated key), start or end an animation (notifications, objects
    /// released), make a copy other than in place, or add nodes this count
    /// cannot foresee (replicators, transitions, emitters).
    ///
    /// An animated layer qualifies when its animations are a number plan
    /// already made and written in place, and none starts or ends now (see
    /// `numberPlanToSample(nodeVersion:)`, `advanceOwnAnimations`); an
    /// unanimated one when its cached copy is there to read.
    private static func parallelCount(_ layer: CALayer, parentTime: CFTimeInterval) -> (nodes: Int, links: Int)? {
        guard !layer._changesWithTime, layer._shownBeforeChange == nil, layer.contentKind != .replicator
        else { return nil }
        let local = layer.localTime(fromParent: parentTime)
        if layer.hasAnimations {
            // Its plan already made and written in place, and nothing due:
            // the animations' entries are not read (their quiet time says enough).
            guard let state = layer.animationsWrittenInPlace, local < state.quietUntil,
                state.quietGeneration == state.generation, let plan = state.numberPlan,
                plan.generation == state.generation, plan.plan != nil
            else { return nil }
        } else {
            guard let copy = layer._presentationCache, copy._transition == nil
            else { return nil }
        }
        var count = (nodes: 1, links: layer._sublayers.count)
        if let mask = layer._mask {
            guard let masked = parallelCount(mask, parentTime: local) else { return nil }
            count = (count.nodes + masked.nodes, count.links + masked.links)
        }
        for sublayer in layer._sublayers {
            guard let sub = parallelCount(sublayer, parentTime: local) else { return nil }
            count = (count.nodes + sub.nodes, count.links + sub.links)
        }
        return count
    }
}
