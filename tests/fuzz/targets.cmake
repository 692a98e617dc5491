# The libFuzzer targets, one per reader of outside input (README.md): each
# name has a harness fuzz_<name>.c and seeds in corpus/<name>/. Read by
# tests/fuzz/CMakeLists.txt (the fuzz build) and tests/CMakeLists.txt (CI).
set(WS_FUZZ_TARGETS textmap snake_map trace fsm_script sea_board cli merge engine_info)
