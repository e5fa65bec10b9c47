// Widens and witnesses Mesa llvmpipe's fence race (see Scripts/llvmpipe-fence-race).
//
// LD_PRELOAD shim: llvmpipe's rasterizer threads sleep 300 µs inside
// pthread_cond_broadcast, which lp_fence_signal calls between `count++` and
// mtx_unlock. lp_setup_get_empty_scene (the drawing thread) reads
// `count == rank` without the lock and may free the fence in that window; the
// rasterizer's unlock then writes into freed memory. Each time the fence being
// signalled is freed meanwhile, one WITNESS line goes to stderr.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

extern void __libc_free(void *);
#define RING 4096
static void *_Atomic freed[RING];
static int freer[RING];
static atomic_ulong nfreed;
static atomic_ulong witnessed;

void free(void *p) {
  if (p) {
    unsigned long k = atomic_fetch_add(&nfreed, 1);
    freer[k % RING] = (int)syscall(SYS_gettid);
    freed[k % RING] = p;
  }
  __libc_free(p);
}

int pthread_cond_broadcast(pthread_cond_t *c) {
  static int (*real)(pthread_cond_t *);
  if (!real) real = (int (*)(pthread_cond_t *))dlvsym(RTLD_NEXT, "pthread_cond_broadcast", "GLIBC_2.3.2");
  static __thread int rast = -1;
  if (rast < 0) {
    char name[16] = {0};
    prctl(PR_GET_NAME, name);
    rast = strncmp(name, "llvmpipe-", 9) == 0;
  }
  if (rast) {
    void *fence = (char *)c - 48;  // struct lp_fence: reference, id, mutex (40), cond at +48
    unsigned long from = atomic_load(&nfreed);
    struct timespec t = {0, 300 * 1000};
    nanosleep(&t, NULL);
    unsigned long to = atomic_load(&nfreed);
    for (unsigned long k = from; k < to && k - from < RING; k++) {
      if (freed[k % RING] == fence) {
        unsigned long n = atomic_fetch_add(&witnessed, 1) + 1;
        char line[200];
        int len = snprintf(line, sizeof line,
                           "WITNESS %lu: lp_fence %p freed by tid %d (main is %d) while rasterizer tid %ld was in "
                           "lp_fence_signal, before its mtx_unlock\n",
                           n, fence, freer[k % RING], getpid(), syscall(SYS_gettid));
        write(2, line, len);
        break;
      }
    }
  }
  return real(c);
}
