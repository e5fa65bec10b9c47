import Foundation
import Testing
import _StrataFuzzTargets

/// Every input that ever crashed a fuzz target (`Tests/Fuzz/crashes/TARGET/`),
/// and the seed corpus, run through the targets: what the fuzzer found stays
/// fixed, and the targets build and run in every test run (Scripts/fuzz builds
/// them with libFuzzer).
@Suite struct FuzzReplayTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: FuzzTarget.allCases)
    func crashesFoundByTheFuzzerStayFixed(target: FuzzTarget) throws {
        let folder = Self.packageRoot.appendingPathComponent("Tests/Fuzz/crashes/\(target.rawValue)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        for name in names.sorted() {
            target.run(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedCorpusRuns(target: FuzzTarget) throws {
        let seeds = target.seedFiles(packageRoot: Self.packageRoot)
        #expect(seeds.count >= 8)
        for url in seeds { target.run(try Data(contentsOf: url)) }
    }
}
