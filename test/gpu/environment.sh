#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Prints the GPU run's environment as KEY=VALUE lines (GPU, driver, CUDA,
# Nsight Compute, architecture, date): what the GPU scripts write to
# environment.txt beside their measurements.
#
#   environment.sh ARCH
echo "gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
echo "driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
echo "cuda=$(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
echo "ncu=$(ncu --version | sed -n 's/.*Version \([0-9.]*\).*/\1/p' | head -1)"
echo "arch=$1"
echo "date=$(date -u +%Y-%m-%d)"
