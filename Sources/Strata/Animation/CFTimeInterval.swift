#if !canImport(CoreFoundation) || os(Linux)
/// Seconds, as Core Foundation's `CFTimeInterval` (swift-corelibs-foundation does not export it).
public typealias CFTimeInterval = Double
#endif
