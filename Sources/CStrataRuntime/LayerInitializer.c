// Presentation copies of layer classes Strata knows only at run time.
//
// Core Animation makes a presentation layer with `-initWithLayer:` through the
// Objective-C runtime. Swift makes an instance of a class known only at run
// time through a `required` initializer alone, and requiring one of every
// layer subclass breaks the way iOS code writes them (a designated `init()`
// of its own, no `init(layer:)`). Every designated initializer's allocating
// entry point is in the class's vtable, though: the runtime's method lookup
// finds the class's `init(layer:)` there, and a `swiftcall` call runs it.
//
// A class that declares initializers and not `init(layer:)` has, in that slot,
// a stub that reports "use of unimplemented initializer" and traps (iOS
// crashes there too; in unoptimized builds the stub is the initializing entry
// point, reached after the object is allocated, which is then lost: once per
// class). The report goes through `_swift_stdlib_reportUnimplementedInitializer`
// (or its `InFile` form), which this file defines, so that the definition
// linked into the program is ours: while a call from
// `strata_call_layer_initializer` is under way on this thread and the report
// is the stub's of that very call, it jumps back, and the caller makes the
// copy another way. Any other report goes on to the standard library's.

#define _GNU_SOURCE
#include "CStrataRuntime.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// `Strata.CALayer.__allocating_init(layer:)`'s method descriptor and the class's
// nominal type descriptor (link errors, not wrong calls, if either is renamed).
extern const char strataLayerInitMethod __asm__("$s6Strata7CALayerC5layerACyp_tcfCTq");
extern const char strataLayerClassDescriptor __asm__("$s6Strata7CALayerCMn");
extern void *swift_lookUpClassMethod(const void *metadata, const void *method, const void *description);

typedef void *(*AllocatingInitializer)(void *argument, void *__attribute__((swift_context)) metatype)
    __attribute__((swiftcall));

const void *strata_layer_initializer(const void *metadata) {
    return swift_lookUpClassMethod(metadata, &strataLayerInitMethod, &strataLayerClassDescriptor);
}

/// The call under way on this thread (calls nest: an `init(layer:)` may ask
/// for presentation copies of its own).
typedef struct Call {
    sigjmp_buf back;
    const char *className;
    struct Call *outer;
} Call;
static _Thread_local Call *current;

void *strata_call_layer_initializer(const void *initializer, const char *className, void *argument,
                                    const void *metatype, int *unimplemented) {
    Call call = {.className = className, .outer = current};
    if (sigsetjmp(call.back, 0)) {
        current = call.outer;
        *unimplemented = 1;
        return NULL;
    }
    current = &call;
    void *object = ((AllocatingInitializer)initializer)(argument, (void *)metatype);
    current = call.outer;
    *unimplemented = 0;
    return object;
}

/// Whether a report is the stub's of the call under way: it names
/// `init(layer:)` and, after its module, the class called (a report from
/// code an `init(layer:)` of yours runs names another initializer or class).
static int fromCurrentStub(const unsigned char *className, int classNameLength, const unsigned char *initName,
                           int initNameLength) {
    static const char layerInit[] = "init(layer:)";
    if (!current || initNameLength != (int)sizeof layerInit - 1 ||
        memcmp(initName, layerInit, sizeof layerInit - 1) != 0)
        return 0;
    int start = classNameLength;
    while (start > 0 && className[start - 1] != '.') start--;
    size_t length = strlen(current->className);
    return (size_t)(classNameLength - start) == length && memcmp(className + start, current->className, length) == 0;
}

typedef void (*Report)(const unsigned char *, int, const unsigned char *, int, uint32_t);
typedef void (*ReportInFile)(const unsigned char *, int, const unsigned char *, int, const unsigned char *, int,
                             uint32_t, uint32_t, uint32_t);

void _swift_stdlib_reportUnimplementedInitializer(
    const unsigned char *className, int classNameLength, const unsigned char *initName, int initNameLength,
    uint32_t flags) {
    if (fromCurrentStub(className, classNameLength, initName, initNameLength)) siglongjmp(current->back, 1);
    Report standard = (Report)dlsym(RTLD_NEXT, "_swift_stdlib_reportUnimplementedInitializer");
    if (standard) {
        standard(className, classNameLength, initName, initNameLength, flags);
    } else {
        fprintf(stderr, "Fatal error: Use of unimplemented initializer '%.*s' for class '%.*s'\n", initNameLength,
                (const char *)initName, classNameLength, (const char *)className);
    }
}

void _swift_stdlib_reportUnimplementedInitializerInFile(
    const unsigned char *className, int classNameLength, const unsigned char *initName, int initNameLength,
    const unsigned char *file, int fileLength, uint32_t line, uint32_t column, uint32_t flags) {
    if (fromCurrentStub(className, classNameLength, initName, initNameLength)) siglongjmp(current->back, 1);
    ReportInFile standard = (ReportInFile)dlsym(RTLD_NEXT, "_swift_stdlib_reportUnimplementedInitializerInFile");
    if (standard) {
        standard(className, classNameLength, initName, initNameLength, file, fileLength, line, column, flags);
    } else {
        fprintf(stderr, "%.*s:%u:%u: Fatal error: Use of unimplemented initializer '%.*s' for class '%.*s'\n",
                fileLength, (const char *)file, line, column, initNameLength, (const char *)initName,
                classNameLength, (const char *)className);
    }
}
