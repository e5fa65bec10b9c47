import ArgumentParser
import CoreFoundation  // mallinfo2: <malloc.h> comes with CoreFoundation's headers, not Glibc's module
import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender

struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Render many frames of an ever-changing scene headless; check that nothing grows.",
        discussion: """
            Layers with images, text, shapes, masks, blurred shadows and group opacity arrive, animate \
            and leave all the time. Every --every frames the live GL objects (after deleting the \
            released ones), what the renderer keeps between frames and the resident memory are \
            recorded. After --warmup frames they must level off: the second half of the checkpoints \
            may not exceed the first half's highest (GL objects by more than 2, memory by more than \
            8 MiB), and the atlas stays within its page budget. Exits 1 when they do not.

            llvmpipe rasterizes on the thread that draws unless --llvmpipe-threads says otherwise \
            (it sets LP_NUM_THREADS): Mesa's llvmpipe (seen with 22.3.6) reads a scene's fence without \
            its lock and may free it while a rasterizer thread, having counted itself done, has yet \
            to unlock the fence's mutex. The unlock then writes into freed memory, and malloc fails \
            later (SIGSEGV in _int_malloc, "corrupted unsorted chunks"), rarely and only under load. \
            The soak checks what Strata keeps, not the driver's threads.
            """)

    @Option(help: "Frames to render.")
    var frames = 10_000

    @Option(help: "Canvas side in pixels.")
    var size = 128

    @Option(help: "Frames before the checks start.")
    var warmup = 2_000

    @Option(help: "Frames between checkpoints.")
    var every = 500

    @Option(
        help:
            "llvmpipe's rasterizer threads (sets LP_NUM_THREADS; other drivers ignore it). 0 rasterizes on the drawing thread, clear of llvmpipe's fence race."
    )
    var llvmpipeThreads = 0

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @Flag(
        help:
            "Check GL objects and the renderer's caches only, not memory (under a sanitizer, whose allocator keeps freed memory)."
    )
    var ignoreMemory = false

    func run() throws {
        guard frames > 0, size >= 16, size <= 4096, warmup >= 0, every > 0, llvmpipeThreads >= 0 else {
            throw failure("soak: expected positive --frames and --every, --size 16...4096, --llvmpipe-threads ≥ 0")
        }
        // llvmpipe reads it when the EGL display is initialized: the first renderer, just below.
        setenv("LP_NUM_THREADS", String(llvmpipeThreads), 1)
        let renderer: OffscreenRenderer
        do { renderer = try OffscreenRenderer(width: size, height: size) } catch {
            throw failure(starting: error, "headless OpenGL")
        }
        renderer.appearanceCache = AppearanceCache()
        let scene = SoakScene(size: CGSize(width: size, height: size))
        var report = SoakReport(frames: frames, size: size, warmup: warmup)
        let start = Date()
        for frame in 1...frames {
            let tree = scene.step(frame: frame)
            do {
                let stats = try renderer.render(tree, size: scene.size, background: .white).stats
                report.passes += stats.passes - 1
                report.blurs += stats.blurs
                report.uploads += stats.uploads
            } catch {
                throw failure("soak: frame \(frame): \(error)")
            }
            if frame % every == 0 || frame == frames {
                // Deletes what was released since the last frame, so the counts are what is alive.
                renderer.host.withCurrent {}
                report.checkpoints.append(
                    SoakReport.Checkpoint(
                        frame: frame, layers: scene.layerCount, glObjects: renderer.host.context.liveObjects,
                        resources: renderer.resources, residentBytes: Self.residentBytes(),
                        mallocBytes: Self.mallocBytes()))
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        report.llvmpipeThreads = Self.threads(namedWithPrefix: "llvmpipe-")
        report.check(memory: !ignoreMemory)
        print(json ? report.json : report.text)
        if !report.problems.isEmpty { throw ExitCode(1) }
    }

    /// Bytes malloc has handed out and not had back (mapped chunks included):
    /// what the process holds, without the free memory the allocator keeps.
    static func mallocBytes() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// This process's threads whose name starts with `prefix` (`/proc/self/task/*/comm`).
    static func threads(namedWithPrefix prefix: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return name?.hasPrefix(prefix) ?? false
        }
    }

    /// This process's resident memory (`/proc/self/statm`), 0 where there is none.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
