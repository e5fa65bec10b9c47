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

/// Makes glibc's malloc keep freed memory for reuse instead of handing it back
/// to the kernel at once: blocks up to `mmap_threshold` bytes come from the
/// heap (not a fresh mapping each time), the heap's free top is trimmed only
/// beyond `trim_threshold` bytes, and it grows `top_pad` bytes at a time.
/// A frame loop that allocates and frees the same megabytes every frame then
/// stops faulting fresh pages in. Does nothing when glibc's own MALLOC_*_
/// variables or GLIBC_TUNABLES are set; returns 1 when applied.
int strata_keep_freed_heap(unsigned long trim_threshold, unsigned long mmap_threshold, unsigned long top_pad);

/// Asks the CPU to bring `length` bytes from `address` into its caches ahead
/// of their use: a walk over records laid out a kilobyte apart (the layer
/// snapshot's nodes) otherwise waits on memory at each record, depending on
/// whether the hardware's own prefetcher, which keys on the loading
/// instruction's address, happens to follow the walk in a given build.
static inline void strata_prefetch(const void *_Nonnull address, unsigned long length) {
    const char *p = (const char *)address;
    for (unsigned long offset = 0; offset < length; offset += 64) __builtin_prefetch(p + offset);
}

/// Whether this thread works for a thread that holds Strata's transaction
/// lock and waits for it (a worker sampling part of a layer tree): it reads
/// model layers as if it held the lock itself.
extern _Thread_local int strata_transaction_lock_lent;

static inline int strata_is_transaction_lock_lent(void) { return strata_transaction_lock_lent; }
static inline void strata_set_transaction_lock_lent(int lent) { strata_transaction_lock_lent = lent; }

#endif
