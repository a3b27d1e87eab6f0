# test_fuzz_corpus.sh: every fuzz target replays its whole corpus (seeds and past crashes) without
# crashing; under `make sanitize` these programs are built with ASan and UBSan.
. tests/e2e/lib.sh
BUILD_DIR=${UNIT_DIR:-build/tests/unit}
BUILD_DIR=${BUILD_DIR%/unit}/fuzz
for t in tests/fuzz/fuzz_*.c; do
  name=$(basename "$t" .c)
  t_step "fuzz corpus: $name" "$BUILD_DIR/$name" tests/fuzz/corpus/$name/*
done
t_done
