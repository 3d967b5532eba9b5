/*
 * lexbor's bare parse, timed in C: the lexbor that selectolax ships on PyPI, called directly
 * (lxb_html_document_create, lxb_html_document_parse, lxb_html_document_destroy) with no Python
 * in the loop. compare-lexbor.py builds and runs it as the `lexbor-c` column, beside HTMLScrape, so
 * that the figure to beat is lexbor itself, not lexbor plus a Python binding.
 *
 * The selectolax extension module exports lexbor's C API but also refers to the Python C API, so
 * libpython is loaded first (its symbols global), then the module; Python itself is never started.
 *
 *   cc -O2 -o .build/lexbor-bare lexbor-bare.c -ldl
 *   .build/lexbor-bare LIBPYTHON SELECTOLAX_SO files [--repeat N] FILE...   seconds per parse
 *   .build/lexbor-bare LIBPYTHON SELECTOLAX_SO serve                        REPEAT<TAB>FILE lines
 *   .build/lexbor-bare LIBPYTHON SELECTOLAX_SO marked FILE...                one parse of each file
 *       (after a warm-up parse) between two calls of lexbor_measure_mark, for count-batch.py under
 *       `valgrind --tool=callgrind --dump-before=lexbor_measure_mark`
 *
 * A parse is one create, one parse of the file's bytes (as UTF-8, lexbor's default) and one
 * destroy: what a caller pays per page.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void *(*create_fn)(void *);
typedef int (*parse_fn)(void *, const unsigned char *, size_t);
typedef void *(*destroy_fn)(void *);

static create_fn document_create;
static parse_fn document_parse;
static destroy_fn document_destroy;

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *data = malloc(length > 0 ? (size_t)length : 1);
    size_t got = fread(data, 1, (size_t)length, file);
    fclose(file);
    *size = got;
    return data;
}

static int parse_once(const unsigned char *data, size_t size) {
    void *document = document_create(NULL);
    if (!document) return -1;
    int status = document_parse(document, data, size);
    document_destroy(document);
    return status;
}

/* Seconds per parse: one warm-up parse, then `repeat` timed ones. */
static double seconds_per_parse(const unsigned char *data, size_t size, int repeat) {
    parse_once(data, size);
    double start = now();
    for (int i = 0; i < repeat; i++) parse_once(data, size);
    return (now() - start) / (repeat > 0 ? repeat : 1);
}

/* Where count-batch.py's callgrind run cuts its dumps: called before and after each measured parse. */
__attribute__((noinline)) int lexbor_measure_mark(int value) {
    __asm__ volatile("" : : : "memory");
    return value + 1;
}

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found) {
        fprintf(stderr, "lexbor-bare: %s not found: %s\n", name, dlerror());
        exit(2);
    }
    return found;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: lexbor-bare LIBPYTHON SELECTOLAX_SO files [--repeat N] FILE... | serve\n");
        return 2;
    }
    if (!dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL)) {
        fprintf(stderr, "lexbor-bare: cannot load %s: %s\n", argv[1], dlerror());
        return 2;
    }
    void *library = dlopen(argv[2], RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
        fprintf(stderr, "lexbor-bare: cannot load %s: %s\n", argv[2], dlerror());
        return 2;
    }
    document_create = (create_fn)symbol(library, "lxb_html_document_create");
    document_parse = (parse_fn)symbol(library, "lxb_html_document_parse");
    document_destroy = (destroy_fn)symbol(library, "lxb_html_document_destroy");
    const char *mode = argv[3];
    int first = 4;
    int repeat = 20;
    if (argc > first + 1 && strcmp(argv[first], "--repeat") == 0) {
        repeat = atoi(argv[first + 1]);
        first += 2;
    }
    if (strcmp(mode, "files") == 0) {
        for (int i = first; i < argc; i++) {
            size_t size = 0;
            unsigned char *data = read_file(argv[i], &size);
            if (!data) {
                fprintf(stderr, "cannot read %s\n", argv[i]);
                continue;
            }
            double seconds = seconds_per_parse(data, size, repeat);
            printf("%s\t%zu\t%.6f\t%.2f\n", argv[i], size, seconds, (double)size / 1e6 / seconds);
            free(data);
        }
        return 0;
    }
    if (strcmp(mode, "marked") == 0) {
        int sink = 0;
        for (int i = first; i < argc; i++) {
            size_t size = 0;
            unsigned char *data = read_file(argv[i], &size);
            if (!data) {
                fprintf(stderr, "cannot read %s\n", argv[i]);
                return 2;
            }
            sink += parse_once(data, size);
            sink = lexbor_measure_mark(sink);
            sink += parse_once(data, size);
            sink = lexbor_measure_mark(sink);
            free(data);
        }
        return sink == -1;
    }
    if (strcmp(mode, "serve") == 0) {
        char line[8192];
        setvbuf(stdout, NULL, _IOLBF, 0);
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\n")] = 0;
            char *tab = strchr(line, '\t');
            if (!tab) {
                printf("error: expected REPEAT<TAB>FILE\n");
                continue;
            }
            *tab = 0;
            size_t size = 0;
            unsigned char *data = read_file(tab + 1, &size);
            if (!data) {
                printf("error: cannot read %s\n", tab + 1);
                continue;
            }
            printf("%.9f\n", seconds_per_parse(data, size, atoi(line)));
            free(data);
        }
        return 0;
    }
    fprintf(stderr, "lexbor-bare: unknown mode or arguments\n");
    return 2;
}
