import Foundation
import StrataGL
import StrataRender

/// What a soak run recorded, and whether it levelled off.
struct SoakReport {
    struct Checkpoint {
        var frame: Int
        var layers: Int
        var glObjects: GLObjectCounts
        var resources: LayerRendererResources
        var residentBytes: Int
        var mallocBytes: Int
    }

    let frames: Int
    let size: Int
    let warmup: Int
    var seconds = 0.0
    /// Offscreen passes, blur passes and texture uploads over the run.
    var passes = 0, blurs = 0, uploads = 0
    /// llvmpipe's rasterizer threads alive at the end of the run (threads of
    /// this process named `llvmpipe-N`): 0 when llvmpipe rasterizes on the
    /// thread that draws (see `SoakCommand.llvmpipeThreads`).
    var llvmpipeThreads = 0
    var checkpoints: [Checkpoint] = []
    var problems: [String] = []

    /// GL objects may exceed the first half's highest count by this many (a
    /// pass more or less in the frame checked).
    static let objectSlack = 2
    /// Memory may exceed the first half's highest by this much (allocator noise).
    static let memorySlack = 8 << 20

    /// Compares the second half of the checkpoints after warm-up with the
    /// first (memory too, unless `memory` is false).
    mutating func check(memory: Bool = true) {
        for c in checkpoints where c.resources.atlasPages + c.resources.dedicatedTextures > c.resources.maximumPages {
            problems.append(
                "frame \(c.frame): \(c.resources.atlasPages + c.resources.dedicatedTextures) atlas pages, "
                    + "over the budget of \(c.resources.maximumPages)")
        }
        let settled = checkpoints.filter { $0.frame > warmup }
        guard settled.count >= 2 else {
            problems.append("too few checkpoints after warm-up (\(settled.count)): run more frames")
            return
        }
        let first = settled[..<(settled.count / 2)], second = settled[(settled.count / 2)...]
        func compare(_ what: String, slack: Int, unit: String = "", _ value: (Checkpoint) -> Int) {
            let before = first.map(value).max()!, after = second.map(value).max()!
            if after > before + slack {
                problems.append(
                    "\(what) grew after warm-up: highest \(before)\(unit) up to frame \(first.last!.frame), "
                        + "\(after)\(unit) after")
            }
        }
        // Pass targets follow the most passes alive at once, which a scene may
        // reach late (a new peak of blurred shadows): they are checked against
        // that demand, and every other GL object against the first half.
        for c in checkpoints where c.resources.passTargets > c.resources.passTargetsNeeded {
            problems.append(
                "frame \(c.frame): \(c.resources.passTargets) pass targets, more than the "
                    + "\(c.resources.passTargetsNeeded) ever needed at once")
        }
        compare("GL objects besides pass targets", slack: Self.objectSlack) {
            $0.glObjects.total - 2 * $0.resources.passTargets  // a texture and a framebuffer each
        }
        compare("GL textures besides pass targets", slack: Self.objectSlack) {
            $0.glObjects.textures - $0.resources.passTargets
        }
        compare("texture memory", slack: Self.memorySlack / 1024, unit: " KiB") { $0.resources.textureBytes / 1024 }
        compare("particle slots made", slack: 2) { $0.resources.particleSlotsMade }
        guard memory else { return }
        // Memory moves in steps of whole atlas pages: a CPU rasterizer keeps
        // each page with its levels (~22 MB) in this process's heap, and after
        // an atlas reset the old page's storage is freed only some hundreds
        // of frames later (when the driver lets go of it). So malloc's bytes
        // in use and resident memory may exceed the first half's highest by
        // one page besides the allocator noise; a leak grows past that.
        let page = settled.map { $0.resources.maximumPageBytes }.max() ?? 0
        compare("memory in use", slack: (Self.memorySlack + page) / 1024, unit: " KiB") { $0.mallocBytes / 1024 }
        compare("resident memory", slack: (Self.memorySlack + page) / 1024, unit: " KiB") { $0.residentBytes / 1024 }
    }

    var msPerFrame: Double { seconds * 1000 / Double(max(frames, 1)) }

    var text: String {
        var lines = [
            "strata soak: \(frames) frames of \(size)x\(size) in \(String(format: "%.1f", seconds)) s "
                + "(\(String(format: "%.2f", msPerFrame)) ms per frame), "
                + "\(passes) offscreen passes, \(blurs) blurs, \(uploads) uploads, "
                + "\(llvmpipeThreads) llvmpipe rasterizer threads"
        ]
        for c in checkpoints {
            lines.append(
                "  frame \(c.frame): \(c.layers) layers; GL: \(c.glObjects); \(c.resources); "
                    + "malloc \(c.mallocBytes >> 20) MiB, resident \(c.residentBytes >> 20) MiB")
        }
        lines.append(problems.isEmpty ? "levelled off after \(warmup) frames" : problems.joined(separator: "\n"))
        return lines.joined(separator: "\n")
    }

    var json: String {
        func object(_ pairs: [(String, String)]) -> String {
            "{" + pairs.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        let points = checkpoints.map { c in
            object([
                ("frame", "\(c.frame)"), ("layers", "\(c.layers)"),
                ("textures", "\(c.glObjects.textures)"), ("buffers", "\(c.glObjects.buffers)"),
                ("framebuffers", "\(c.glObjects.framebuffers)"), ("renderbuffers", "\(c.glObjects.renderbuffers)"),
                ("vertex_arrays", "\(c.glObjects.vertexArrays)"), ("programs", "\(c.glObjects.programs)"),
                ("gl_objects", "\(c.glObjects.total)"),
                ("atlas_pages", "\(c.resources.atlasPages)"),
                ("dedicated_textures", "\(c.resources.dedicatedTextures)"),
                ("maximum_pages", "\(c.resources.maximumPages)"), ("atlas_entries", "\(c.resources.atlasEntries)"),
                ("pass_targets", "\(c.resources.passTargets)"),
                ("pass_targets_needed", "\(c.resources.passTargetsNeeded)"),
                ("cached_passes", "\(c.resources.cachedPasses)"),
                ("blur_scratch", "\(c.resources.blurScratch)"), ("texture_bytes", "\(c.resources.textureBytes)"),
                ("malloc_bytes", "\(c.mallocBytes)"), ("resident_bytes", "\(c.residentBytes)"),
            ])
        }
        let problemStrings = problems.map { "\"" + $0.replacingOccurrences(of: "\"", with: "'") + "\"" }
        return object([
            ("frames", "\(frames)"), ("size", "\(size)"), ("warmup", "\(warmup)"),
            ("seconds", String(format: "%.2f", seconds)), ("ms_per_frame", String(format: "%.3f", msPerFrame)),
            ("passes", "\(passes)"), ("blurs", "\(blurs)"), ("uploads", "\(uploads)"),
            ("llvmpipe_threads", "\(llvmpipeThreads)"),
            ("checkpoints", "[" + points.joined(separator: ", ") + "]"),
            ("problems", "[" + problemStrings.joined(separator: ", ") + "]"),
        ])
    }
}
