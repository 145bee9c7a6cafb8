#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# device side: compile, check SASS, profile every launch (hardware counter
# and ncu's SASS-instrumented per-instruction counters)
cd "$(dirname "$0")"
nvcc -O3 -arch=sm_90 -o probe probe.cu 2>/dev/null || exit 1
cuobjdump -sass probe | grep -E "LDS|Function" > $OUT/sass.txt
./probe cases.txt || exit 1
ncu --query-metrics 2>&1 | grep -iE "wavefronts_mem_shared|shared_ld|ideal" > $OUT/query.txt
SM=$(grep -oE "smsp__sass_[a-z0-9_]*wavefronts_mem_shared[a-z0-9_]*" $OUT/query.txt | sort -u | sed "s/$/.sum/" | paste -sd,)
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum${SM:+,$SM}
echo metrics $M
timeout ${T:-400} ncu --metrics $M --csv ./probe cases.txt > $OUT/ncu.csv 2> $OUT/ncu.err
echo rc $?; wc -l $OUT/ncu.csv; tail -3 $OUT/ncu.err; head -c 600 $OUT/query.txt
