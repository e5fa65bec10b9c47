#ifndef STRATA_RUNTIME_H
#define STRATA_RUNTIME_H

/// The allocating `init(layer:)` of the class whose metadata is `metadata`
/// (a subclass of `Strata.CALayer`): the class's own, an inherited one, or
/// the stub Swift puts in the vtable of a class that declares initializers
/// of its own but not `init(layer:)`, which reports the call and traps.
const void *_Nonnull strata_layer_initializer(const void *_Nonnull metadata);

/// Calls `initializer` (from `strata_layer_initializer`) for `metatype`, whose
/// unqualified name (no module, no generic arguments) is `className`, with
/// `argument` pointing at an initialized `Any` the call takes (consumes).
/// Returns the new object (+1), or NULL with `*unimplemented` set when the
/// initializer is the unimplemented stub: the stub's report is caught before
/// it traps, and `argument` is then still initialized (the caller destroys it).
void *_Nullable strata_call_layer_initializer(const void *_Nonnull initializer, const char *_Nonnull className,
                                              void *_Nonnull argument,
                                              const void *_Nonnull metatype, int *_Nonnull unimplemented);

#endif
