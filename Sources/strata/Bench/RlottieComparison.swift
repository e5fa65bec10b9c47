import Foundation
import StrataLottie

/// rlottie's time to draw the frames a Lottie benchmark played, measured in
/// the same run through rlottie-python (`pip install rlottie-python`) when
/// python3 has it: Samsung's CPU renderer, one thread, drawing each frame
/// number once into memory (no PNG).
enum RlottieComparison {
    /// The result: milliseconds per frame drawn, and how many frames.
    struct Timing {
        var msPerFrame: Double
        var frames: Int
    }

    /// Times rlottie on the frames shown at k / 60 s for `frames` frames; nil when python3 or rlottie-python is missing.
    static func time(_ path: String, frames: Int) -> Timing? {
        let script = #"""
            import sys, time, statistics
            try:
                from rlottie_python import LottieAnimation
            except Exception:
                sys.exit(3)
            path, count = sys.argv[1], int(sys.argv[2])
            a = LottieAnimation.from_file(path)
            total = a.lottie_animation_get_totalframe()
            fr = a.lottie_animation_get_framerate()
            shown = []
            for k in range(count):
                f = min(total - 1, int(round(k / 60 * fr)))
                if not shown or shown[-1] != f:
                    shown.append(f)
            a.lottie_animation_render(frame_num=shown[-1])  # warm up (and not the first frame timed)
            times = []
            for f in shown:
                t0 = time.perf_counter()
                a.lottie_animation_render(frame_num=f)
                times.append(time.perf_counter() - t0)
            print(f"{statistics.median(times) * 1000:.4f} {len(times)}")
            """#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, String(frames)]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let ms = Double(parts[0]), let n = Int(parts[1]) else { return nil }
        return Timing(msPerFrame: ms, frames: n)
    }
}
