// Debian's Duktape (duktape-dev), and the few C helpers StrataLottie's
// expression engine needs around it. They are C because Duktape reports a
// script error by longjmp: every call that can throw runs inside
// duk_safe_call from here, so no jump ever crosses a Swift frame.
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <duktape.h>

/// What one heap may allocate: allocations past `limit` bytes fail, and
/// Duktape turns the failure into a catchable RangeError.
typedef struct strata_duk_memory {
    size_t used;
    size_t limit;
} strata_duk_memory;

// Each block carries its size in front, so that realloc and free can count.
#define STRATA_DUK_HEADER 16

static inline void *strata_duk_alloc(void *udata, duk_size_t size) {
    strata_duk_memory *m = (strata_duk_memory *)udata;
    if (size > m->limit - m->used) return NULL;
    unsigned char *p = (unsigned char *)malloc(size + STRATA_DUK_HEADER);
    if (!p) return NULL;
    memcpy(p, &size, sizeof(size));
    m->used += size;
    return p + STRATA_DUK_HEADER;
}

static inline void strata_duk_free(void *udata, void *ptr) {
    if (!ptr) return;
    strata_duk_memory *m = (strata_duk_memory *)udata;
    unsigned char *p = (unsigned char *)ptr - STRATA_DUK_HEADER;
    size_t size;
    memcpy(&size, p, sizeof(size));
    m->used -= size;
    free(p);
}

static inline void *strata_duk_realloc(void *udata, void *ptr, duk_size_t size) {
    if (!ptr) return strata_duk_alloc(udata, size);
    if (size == 0) {
        strata_duk_free(udata, ptr);
        return NULL;
    }
    strata_duk_memory *m = (strata_duk_memory *)udata;
    unsigned char *p = (unsigned char *)ptr - STRATA_DUK_HEADER;
    size_t old;
    memcpy(&old, p, sizeof(old));
    if (size > old && size - old > m->limit - m->used) return NULL;
    unsigned char *q = (unsigned char *)realloc(p, size + STRATA_DUK_HEADER);
    if (!q) return NULL;
    memcpy(q, &size, sizeof(size));
    m->used = m->used - old + size;
    return q + STRATA_DUK_HEADER;
}

// Reached only on a Duktape bug or API misuse (every script runs protected);
// Duktape requires that it not return.
static inline void strata_duk_fatal(void *udata, const char *msg) {
    (void)udata;
    fprintf(stderr, "duktape: fatal error: %s\n", msg ? msg : "");
    abort();
}

/// A heap that allocates within `memory`'s limit; NULL when it cannot be made.
static inline duk_context *strata_duk_create(strata_duk_memory *memory) {
    return duk_create_heap(strata_duk_alloc, strata_duk_realloc, strata_duk_free, memory, strata_duk_fatal);
}

/// The host's answer to `$bm_native(layer, property, frame)`: it writes up to
/// `capacity` numbers to `out` and returns how many (-1: undefined), setting
/// `*is_array` when they are an array rather than one number.
typedef int (*strata_duk_lookup)(void *context, int layer, int property, double frame,
                                 double *out, int capacity, int *is_array);

/// The most numbers a value passed between host and script holds (gradient stops are the longest).
#define STRATA_DUK_MAX_NUMBERS 64

typedef struct strata_duk_host {
    strata_duk_lookup lookup;
    void *context;
} strata_duk_host;

static inline duk_ret_t strata_duk_native(duk_context *ctx) {
    int layer = (int)duk_to_int(ctx, 0);
    int property = (int)duk_to_int(ctx, 1);
    double frame = duk_to_number(ctx, 2);
    duk_push_global_stash(ctx);
    duk_get_prop_string(ctx, -1, "host");
    strata_duk_host *host = (strata_duk_host *)duk_get_pointer(ctx, -1);
    duk_pop_2(ctx);
    if (!host) return 0;
    double out[STRATA_DUK_MAX_NUMBERS];
    int is_array = 0;
    int n = host->lookup(host->context, layer, property, frame, out, STRATA_DUK_MAX_NUMBERS, &is_array);
    if (n < 0 || n > STRATA_DUK_MAX_NUMBERS) return 0;
    if (!is_array && n == 1) {
        duk_push_number(ctx, out[0]);
        return 1;
    }
    duk_push_array(ctx);
    for (int i = 0; i < n; i++) {
        duk_push_number(ctx, out[i]);
        duk_put_prop_index(ctx, -2, (duk_uarridx_t)i);
    }
    return 1;
}

typedef struct strata_duk_call {
    const char *source;   // for eval and compile; bytecode for load
    size_t length;
    void *dump;           // bytecode made by dump (malloc'd; the caller frees it)
    size_t dump_length;
    strata_duk_host *host;
    double frame;
    double *out;
    int capacity;
    int count;            // numbers written; -1 when the result was not numbers
    int is_array;
} strata_duk_call;

static inline duk_ret_t strata_duk_install_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    duk_push_global_stash(ctx);
    duk_push_pointer(ctx, call->host);
    duk_put_prop_string(ctx, -2, "host");
    duk_pop(ctx);
    duk_push_global_object(ctx);
    duk_push_string(ctx, "$bm_native");
    duk_push_c_function(ctx, strata_duk_native, 3);
    duk_def_prop(ctx, -3, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_CLEAR_WRITABLE | DUK_DEFPROP_CLEAR_CONFIGURABLE);
    duk_pop(ctx);
    return 0;
}

static inline duk_ret_t strata_duk_eval_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    duk_eval_lstring_noresult(ctx, call->source, call->length);
    return 0;
}

// $bm_setup(JSON.parse(source)): the host's data for the prelude, decoded rather than compiled.
static inline duk_ret_t strata_duk_setup_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    duk_get_global_string(ctx, "$bm_setup");
    duk_push_lstring(ctx, call->source, call->length);
    duk_json_decode(ctx, -1);
    duk_call(ctx, 1);
    return 0;
}

// The expression, compiled once as eval code (its value is that of its last
// statement), kept in the stash where scripts cannot reach it.
static inline duk_ret_t strata_duk_compile_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    duk_push_global_stash(ctx);
    duk_compile_lstring(ctx, DUK_COMPILE_EVAL, call->source, call->length);
    duk_put_prop_string(ctx, -2, "expression");
    duk_pop(ctx);
    return 0;
}

// One frame: $bm_begin(frame), the expression, then $bm_end(its value), whose
// result (a number or an array of numbers) is copied out.
static inline duk_ret_t strata_duk_frame_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    duk_get_global_string(ctx, "$bm_begin");
    duk_push_number(ctx, call->frame);
    duk_call(ctx, 1);
    duk_pop(ctx);
    duk_get_global_string(ctx, "$bm_end");
    duk_push_global_stash(ctx);
    duk_get_prop_string(ctx, -1, "expression");
    duk_remove(ctx, -2);
    duk_call(ctx, 0);
    duk_call(ctx, 1);
    call->count = -1;
    if (duk_is_number(ctx, -1)) {
        if (call->capacity < 1) return 0;
        call->out[0] = duk_get_number(ctx, -1);
        call->count = 1;
        call->is_array = 0;
    } else if (duk_is_array(ctx, -1)) {
        duk_size_t n = duk_get_length(ctx, -1);
        if (n > (duk_size_t)call->capacity) return 0;
        for (duk_size_t i = 0; i < n; i++) {
            duk_get_prop_index(ctx, -1, (duk_uarridx_t)i);
            if (!duk_is_number(ctx, -1)) return 0;
            call->out[i] = duk_get_number(ctx, -1);
            duk_pop(ctx);
        }
        call->count = (int)n;
        call->is_array = 1;
    }
    return 0;
}

// Global code compiled into Duktape's bytecode, so that each new heap loads it instead of compiling it again.
static inline duk_ret_t strata_duk_dump_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    duk_compile_lstring(ctx, 0, call->source, call->length);
    duk_dump_function(ctx);
    duk_size_t size = 0;
    void *data = duk_get_buffer(ctx, -1, &size);
    call->dump = malloc(size ? size : 1);
    if (call->dump) {
        memcpy(call->dump, data, size);
        call->dump_length = size;
    }
    return 0;
}

// Bytecode from strata_duk_dump (ours, never a file's: Duktape does not check bytecode it loads), run as global code.
static inline duk_ret_t strata_duk_load_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    void *buffer = duk_push_fixed_buffer(ctx, call->length);
    memcpy(buffer, call->source, call->length);
    duk_load_function(ctx);
    duk_call(ctx, 0);
    return 0;
}

/// Runs `fn` protected; on an error copies its message into `error` (at
/// most `capacity` bytes, NUL-terminated) and returns non-zero.
static inline int strata_duk_run(duk_context *ctx, duk_safe_call_function fn, strata_duk_call *call,
                                 char *error, size_t capacity) {
    duk_idx_t top = duk_get_top(ctx);
    int rc = duk_safe_call(ctx, fn, call, 0, 1);
    if (rc != DUK_EXEC_SUCCESS && error && capacity > 0) {
        const char *message = duk_safe_to_string(ctx, -1);
        snprintf(error, capacity, "%s", message ? message : "error");
    }
    duk_set_top(ctx, top);
    return rc;
}

static inline int strata_duk_install(duk_context *ctx, strata_duk_host *host, char *error, size_t capacity) {
    strata_duk_call call = {0};
    call.host = host;
    return strata_duk_run(ctx, strata_duk_install_unsafe, &call, error, capacity);
}

static inline int strata_duk_eval(duk_context *ctx, const char *source, size_t length, char *error, size_t capacity) {
    strata_duk_call call = {0};
    call.source = source;
    call.length = length;
    return strata_duk_run(ctx, strata_duk_eval_unsafe, &call, error, capacity);
}

static inline int strata_duk_compile(duk_context *ctx, const char *source, size_t length, char *error,
                                     size_t capacity) {
    strata_duk_call call = {0};
    call.source = source;
    call.length = length;
    return strata_duk_run(ctx, strata_duk_compile_unsafe, &call, error, capacity);
}

static inline duk_ret_t strata_duk_number_unsafe(duk_context *ctx, void *udata) {
    strata_duk_call *call = (strata_duk_call *)udata;
    duk_get_global_lstring(ctx, call->source, call->length);
    call->out[0] = duk_is_number(ctx, -1) ? duk_get_number(ctx, -1) : 0;
    return 0;
}

/// The global `name` as a number (0 when it is not one).
static inline double strata_duk_global_number(duk_context *ctx, const char *name, size_t length) {
    double value = 0;
    strata_duk_call call = {0};
    call.source = name;
    call.length = length;
    call.out = &value;
    strata_duk_run(ctx, strata_duk_number_unsafe, &call, NULL, 0);
    return value;
}

/// Calls the prelude's `$bm_setup` with `json` decoded.
static inline int strata_duk_setup(duk_context *ctx, const char *json, size_t length, char *error, size_t capacity) {
    strata_duk_call call = {0};
    call.source = json;
    call.length = length;
    return strata_duk_run(ctx, strata_duk_setup_unsafe, &call, error, capacity);
}

/// Compiles `source` as global code into bytecode: a malloc'd block the caller frees, NULL on an error.
static inline void *strata_duk_dump(duk_context *ctx, const char *source, size_t length, size_t *dump_length,
                                    char *error, size_t capacity) {
    strata_duk_call call = {0};
    call.source = source;
    call.length = length;
    if (strata_duk_run(ctx, strata_duk_dump_unsafe, &call, error, capacity) != 0 || !call.dump) return NULL;
    *dump_length = call.dump_length;
    return call.dump;
}

/// Runs bytecode made by strata_duk_dump as global code.
static inline int strata_duk_load(duk_context *ctx, const void *bytecode, size_t length, char *error,
                                  size_t capacity) {
    strata_duk_call call = {0};
    call.source = (const char *)bytecode;
    call.length = length;
    return strata_duk_run(ctx, strata_duk_load_unsafe, &call, error, capacity);
}

/// Evaluates the compiled expression at `frame`: returns how many numbers it
/// wrote to `out` (-1: not a number or an array of at most `capacity`
/// numbers; -2: it threw, with the message in `error`).
static inline int strata_duk_frame(duk_context *ctx, double frame, double *out, int capacity, int *is_array,
                                   char *error, size_t capacity_error) {
    strata_duk_call call = {0};
    call.frame = frame;
    call.out = out;
    call.capacity = capacity;
    call.count = -1;
    if (strata_duk_run(ctx, strata_duk_frame_unsafe, &call, error, capacity_error) != 0) return -2;
    *is_array = call.is_array;
    return call.count;
}
