// QuartzCore brings CoreFoundation's names (CFTimeInterval, kCFBooleanTrue…)
// along with it; so does Strata, so ported code finds them.
@_exported import CoreFoundation
