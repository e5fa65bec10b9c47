import Foundation
import Testing
import _StrataTestSupport

/// The render-farm recipe: parts rendered apart and joined equal one run.
@Suite(.serialized) struct FarmTests {
    let scratch = ScratchFolder("strata-farm")
    let midflight = StrataProcess.packageRoot.appendingPathComponent(
        "Tests/StrataGLTests/Scenes/animation_midflight.scene.json"
    ).path

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    @Test func theFarmExampleScriptJoinsPartsIntoTheBytesOfOneRun() throws {
        let strata = try #require(StrataProcess.executable)
        let script = StrataProcess.packageRoot.appendingPathComponent("Scripts/farm-example")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        // 4 jobs of 8 frames for a 1 s clip at 30 fps: the last job's range runs past the end.
        p.arguments = [script.path, midflight, "4", "--scale", "0.1", "--duration", "1"]
        p.environment = ProcessInfo.processInfo.environment.merging([
            "STRATA": strata.path, "FARM_OUT": path("farm.y4m"),
        ]) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)\(errors)")
        #expect(text.contains("30 frames, 4 jobs of 8 frames"), "\(text)")
        #expect(text.contains("equals a single run"), "\(text)")
        #expect(try Y4MFile(path("farm.y4m")).frames.count == 30)
    }

    /// Runs a script of Scripts/ with `environment` added, stopping it after `timeout`
    /// seconds (times `StrataProcess.timeoutScale`): SIGTERM, so it stops what it
    /// started, then SIGKILL 30 s later.
    func script(_ name: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double)
        throws -> (status: Int32, out: String, err: String)
    {
        let p = Process()
        p.executableURL = StrataProcess.packageRoot.appendingPathComponent("Scripts/\(name)")
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let pid = p.processIdentifier
        let term = DispatchWorkItem { kill(pid, SIGTERM) }, stop = DispatchWorkItem { kill(pid, SIGKILL) }
        let limit = timeout * StrataProcess.timeoutScale
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: term)
        DispatchQueue.global().asyncAfter(deadline: .now() + limit + 30, execute: stop)
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        term.cancel()
        stop.cancel()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// Scripts/farm-slurm on a 3 s clip at 30 fps in 4 tasks; cancels the test,
    /// saying why, where Slurm cannot start (the script exits 77).
    func slurmFarm(environment: [String: String] = [:]) throws -> (out: String, err: String) {
        let strata = try #require(StrataProcess.executable)
        let r = try script(
            "farm-slurm", [midflight, "4", "--duration", "3", "--scale", "0.25"],
            environment: environment.merging(["STRATA": strata.path, "FARM_TIMEOUT": "240"]) { $1 },
            timeout: 300)
        if r.status == 77 {
            let why = r.err.trimmingCharacters(in: .whitespacesAndNewlines)
            print("FarmTests: Slurm cannot start here, so the Slurm recipe is not run: \(why)")
            try Test.cancel("\(why)")
        }
        print(r.out, terminator: "")
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("farm-slurm: one-node Slurm up"), "\(r.out)")
        #expect(r.err.contains("submit: 90 frames, 4 tasks of 23"), "\(r.err)")
        #expect(r.out.contains("equals a single run"), "\(r.out)")
        // Not only the script's word for it: the joined clip against a render of the test's own.
        let joined = try #require(environment["FARM_OUT"])
        let single = path("single-\(UUID().uuidString).y4m")
        // 8 MB each: not left in the temporary folder.
        defer { for file in [joined, single] { try? FileManager.default.removeItem(atPath: file) } }
        let one = try StrataProcess.run([
            "render", midflight, "--duration", "3", "--scale", "0.25", "--video", single, "--quiet",
        ])
        #expect(one.status == 0, "\(one.err)")
        let farm = try Y4MFile(joined)
        #expect(farm.frames.count == 90 && farm.width == 200 && farm.height == 150)
        #expect(FileManager.default.contents(atPath: joined) == FileManager.default.contents(atPath: single))
        return (r.out, r.err)
    }

    /// The README's Slurm recipe on a real Slurm: a job array of 4 tasks, the join
    /// after it, the bytes of one run.
    @Test func theSlurmRecipeJoinsAJobArrayIntoTheBytesOfOneRun() throws {
        let r = try slurmFarm(environment: ["FARM_OUT": path("slurm.y4m")])
        #expect(r.out.contains("(4 parts, "), "\(r.out)")
        #expect(!r.out.contains("killed"))
    }

    /// A task's render killed part way (as an out-of-memory kill would) is
    /// requeued by render.sh, and the clip still comes out the same.
    @Test func theSlurmRecipeRunsAKilledTaskAgain() throws {
        let r = try slurmFarm(environment: ["FARM_OUT": path("slurm-killed.y4m"), "FARM_KILL": "1"])
        #expect(r.out.contains("farm-slurm: killed task 1's render"), "\(r.out)")
        #expect(
            r.out.contains(
                "task 1 ran again after the kill (Restarts=1): render.sh: task 1 was killed (status 137); requeued"),
            "\(r.out)")
    }

    /// The README shows the farm scripts and manifest as they are.
    @Test func theReadmeShowsTheFarmFilesVerbatim() throws {
        let root = StrataProcess.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for (file, language) in [
            ("Scripts/slurm/render.sh", "sh"), ("Scripts/slurm/submit", "sh"), ("Scripts/kubernetes/job.yaml", "yaml"),
        ] {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(text.hasSuffix("\n") && text.count > 100)
            #expect(readme.contains("`\(file)"), "the README does not name \(file)")
            #expect(readme.contains("```\(language)\n\(text)```\n"), "the README's block differs from \(file)")
        }
    }

    /// A Python with the Kubernetes client and PyYAML: Debian's first (what Scripts/setup installs).
    static let kubernetesPython: String? = {
        let candidates =
            ["/usr/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        return candidates.first { path in
            guard FileManager.default.isExecutableFile(atPath: path) else { return false }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: path)
            p.arguments = ["-c", "import kubernetes.client, yaml"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return false }
            p.waitUntilExit()
            return p.terminationStatus == 0
        }
    }()

    /// The README's Job against the batch/v1 Job API (Scripts/kubernetes/check);
    /// broken copies of it are refused, each for its fault.
    @Test(.enabled(if: kubernetesPython != nil, "needs python3-kubernetes (Scripts/setup installs it)"))
    func theKubernetesJobIsAValidBatchV1Job() throws {
        let python = try #require(Self.kubernetesPython)
        let check = StrataProcess.packageRoot.appendingPathComponent("Scripts/kubernetes/check").path
        let job = StrataProcess.packageRoot.appendingPathComponent("Scripts/kubernetes/job.yaml").path
        let run = { (files: [String]) throws -> (status: Int32, out: String) in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: python)
            p.arguments = [check] + files
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let good = try run([job])
        #expect(good.status == 0 && good.out == "\(job): a valid batch/v1 Job\n", "\(good.out)")

        let text = try String(contentsOfFile: job, encoding: .utf8)
        let broken: [(from: String, to: String, error: String)] = [
            (
                "completionMode: Indexed", "completionsMode: Indexed",
                "Job.spec.completionsMode: V1JobSpec has no field 'completionsMode'"
            ),
            ("completions: 8 ", "completions: \"8\"", "Job.spec.completions: expected int, got '8'"),
            ("completions: 8 ", "#", "Job.spec.completions: required when completionMode is Indexed"),
            (
                "- name: render", "- tty: false",
                "Job.spec.template.spec.containers[0].name: required in V1Container, missing"
            ),
            (
                "restartPolicy: Never", "restartPolicy: Always",
                "restartPolicy: 'Always', a Job's must be Never or OnFailure"
            ),
            (
                "claimName: strata-work", "claimNam: strata-work",
                "V1PersistentVolumeClaimVolumeSource has no field 'claimNam'"
            ),
        ]
        for (n, b) in broken.enumerated() {
            #expect(text.contains(b.from))
            let file = path("broken-\(n).yaml")
            try text.replacingOccurrences(of: b.from, with: b.to).write(toFile: file, atomically: true, encoding: .utf8)
            let r = try run([file])
            #expect(r.status == 1 && r.out.contains(b.error), "\(b.to): \(r.out)")
        }
    }

    @Test func framesCountsTheClip() throws {
        #expect(try StrataProcess.run(["frames", midflight]).out == "16\n")
        #expect(try StrataProcess.run(["frames", midflight, "--fps", "60", "--duration", "2"]).out == "120\n")
    }

    @Test func joinRejectsPartsOfAnotherSizeInOneLine() throws {
        let a = path("a.y4m"), b = path("b.y4m")
        #expect(
            try StrataProcess.run(["render", midflight, "--video", a, "--scale", "0.1", "--frames", "0:2"]).status == 0)
        #expect(
            try StrataProcess.run(["render", midflight, "--video", b, "--scale", "0.2", "--frames", "2:4"]).status == 0)
        let r = try StrataProcess.run(["join", a, b, "-o", path("ab.y4m")])
        #expect(r.status == 1)
        #expect(r.err == "strata: \(b): parts do not match: its frames are 160×120, those of \(a) 80×60\n", "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: path("ab.y4m")), "a failed join leaves no output")
    }

    /// What a farm's last step meets when a job went wrong: each is one line
    /// naming the part, a non-zero exit, and no joined video left behind.
    @Test func joinNamesTheBadPartOfAFarm() throws {
        let parts = scratch.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        let part = { (i: Int) in parts.appendingPathComponent(String(format: "part-%05d.y4m", i)).path }
        for i in 0..<3 {
            let r = try StrataProcess.run([
                "render", midflight, "--video", part(i), "--scale", "0.1", "--frames", "\(i * 5):\(i * 5 + 5)",
                "--quiet",
            ])
            #expect(r.status == 0, "\(r.err)")
        }
        let fast = path("fast.y4m")
        #expect(
            try StrataProcess.run([
                "render", midflight, "--video", fast, "--scale", "0.1", "--fps", "60", "--frames", "10:15", "--quiet",
            ]).status == 0)
        // part 2, cut 100 bytes into its last frame (80×60 at 4:4:4: 14,406 bytes a frame).
        let cut = path("part-cut.y4m")
        let whole = try #require(FileManager.default.contents(atPath: part(2)))
        try whole.dropLast(14_406 - 100).write(to: URL(fileURLWithPath: cut))
        let out = path("clip.y4m")
        let cases: [(parts: [String], message: String)] = [
            (
                [part(0), part(2)],
                "\(part(1)): missing: the parts are numbered, and \(part(2)) comes right after \(part(0))"
            ),
            (
                [part(1), part(2)],
                "\(part(0)): missing: numbered parts start at 0, and the first part given is \(part(1))"
            ),
            (
                [part(0), part(2), part(1)],
                "\(part(1)): out of order: it comes after \(part(2)); give numbered parts in order (part-00000.y4m, part-00001.y4m, …)"
            ),
            (
                [part(0), part(1), fast],
                "\(fast): parts do not match: its frame rate is 60 fps, that of \(part(0)) 30 fps"
            ),
            (
                [part(0), part(1), cut],
                "\(cut): cut short: its frame 4 has 100 of 14406 bytes (was its render stopped?); render this part again"
            ),
            ([part(0), part(1), part(2) + ".gone"], "\(part(2)).gone: cannot read: No such file or directory"),
        ]
        for c in cases {
            try? FileManager.default.removeItem(atPath: out)
            let r = try StrataProcess.run(["join"] + c.parts + ["-o", out])
            #expect(r.status == 1 && !r.signalled, "\(c.parts): \(r.err)")
            #expect(r.err == "strata: \(c.message)\n")
            #expect(!FileManager.default.fileExists(atPath: out), "\(c.message)")
        }
        // The same parts in order join into the clip's 15 frames.
        let r = try StrataProcess.run(["join", part(0), part(1), part(2), "-o", out])
        #expect(r.status == 0, "\(r.err)")
        #expect(try Y4MFile(out).frames.count == 15)
    }

    @Test(.enabled(if: VideoCommandTests.hasFFmpeg, "needs ffmpeg (Scripts/setup installs it)"))
    func joinEncodesPartsIntoAnMP4() throws {
        let a = path("a.y4m"), b = path("b.y4m"), mp4 = path("ab.mp4")
        #expect(
            try StrataProcess.run(["render", midflight, "--video", a, "--scale", "0.1", "--frames", "0:5"]).status == 0)
        #expect(
            try StrataProcess.run(["render", midflight, "--video", b, "--scale", "0.1", "--frames", "5:"]).status == 0)
        let r = try StrataProcess.run(["join", a, b, "-o", mp4])
        #expect(r.status == 0, "\(r.err)")
        let size = (try FileManager.default.attributesOfItem(atPath: mp4)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 1000)
    }
}
