# Shortcuts for those who have `just`; nothing requires it.

# Run the built-in quick config (writes runs/quick).
run:
    go run ./cmd/dtbench run

# The whole test suite.
test:
    go test ./...

# Micro-benchmarks of the hot paths (learners, DOE, generation, Parquet).
bench:
    go test -run '^$' -bench . -benchtime 200x -count 5 ./stages/... ./schemas/ ./pipeline/

# The oracle paper's grid (ICTAC 2020, section 5).
paper:
    go run ./cmd/dtbench run -c configs/oracle-paper.yaml
